import BreakdownContent
import Foundation

/// The JSON description of a breakdown and its inputs, as `describe` prints it (and as render
/// metadata can reuse it).
public enum BreakdownJSON {
    /// The breakdown and its inputs as one JSON object, as `breakdown describe` prints it.
    public static func describe(_ breakdown: PriceBreakdown, inputs: BreakdownInputs) -> JSONValue {
        let configuration = inputs.configuration
        return .object([
            ("text", .string(breakdown.text)),
            ("logoPlacement", .string(breakdown.logoPlacement.rawValue)),
            ("hidden", .bool(breakdown.isHidden)),
            ("hiddenReason", .string(breakdown.hiddenReason)),
            ("enabled", .bool(breakdown.isEnabled)),
            ("brand", .string(breakdown.brand.rawValue)),
            ("language", .string(breakdown.language)),
            ("accessibilityLabel", .string(breakdown.accessibilityLabel)),
            ("altText", .string(breakdown.altText)),
            ("linkURL", .string(breakdown.link.url)),
            ("logo", logo(breakdown.logo)),
            ("link", link(breakdown.link, style: inputs.options.moreInfoOptions.modalLinkStyle)),
            ("appearance", .string(breakdown.appearance.rawValue)),
            ("textColor", .string(breakdown.textColor.description)),
            ("linkColor", .string(breakdown.linkColor.description)),
            ("increaseContrast", .bool(breakdown.increaseContrast)),
            ("boldText", .bool(breakdown.boldText)),
            ("amount", .string("\(inputs.amount)")),
            ("currency", .string(configuration?.currency.code)),
            ("locale", .string(configuration?.locale.identifier)),
            ("minimumAmount", .string(configuration?.minimumAmount.map { "\($0)" })),
            ("maximumAmount", .string(configuration.map { "\($0.maximumAmount)" })),
            ("consumerLocale", .string(configuration?.consumerLocale)),
            ("deviceLocale", .string(inputs.deviceLocale)),
        ])
    }

    static func logo(_ logo: LogoChoice) -> JSONValue {
        let colors = logo.colors
        return .object([
            ("type", .string(logo.kind.rawValue)),
            ("brand", .string(logo.brand.rawValue)),
            ("artwork", .string(logo.artworkName)),
            ("palette", .string(logo.palette.rawValue)),
            ("heightMultiplier", .number(logo.heightMultiplier)),
            ("descenderMultiplier", .number(logo.descenderMultiplier)),
            ("aspect", .object([("width", .number(logo.aspect.width)), ("height", .number(logo.aspect.height))])),
            (
                "colors",
                .object([
                    ("ground", .string(colors.ground?.description)),
                    ("mark", .string(colors.mark.description)),
                    ("accent", .string(colors.accent?.description)),
                ])
            ),
        ])
    }

    static func link(_ link: InfoLink, style: ModalLinkStyle) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("style", .string(style.name))]
        switch link.content {
        case .none: members.append(("content", .string("none")))
        case .circledInfoIcon: members += [("content", .string("circledInfoIcon")), ("label", .string("\u{24D8}"))]
        case .text(let text): members += [("content", .string("text")), ("label", .string(text))]
        case .markup(let markup): members += [("content", .string("markup")), ("markup", .string(markup))]
        case .circledQuestionIcon: members.append(("content", .string("circledQuestionIcon")))
        case .circledLogo: members.append(("content", .string("circledLogo")))
        }
        if let artwork = link.content.artworkName { members.append(("artwork", .string(artwork))) }
        // The image the shipping SDK loads for this link, which its asset catalog lacks: drawn
        // only from --logo-assets (docs/fidelity.md section 2).
        if let image = link.content.sdkImageName { members.append(("sdkImage", .string(image))) }
        members += [("underlined", .bool(link.isUnderlined)), ("url", .string(link.url))]
        return .object(members)
    }
}
