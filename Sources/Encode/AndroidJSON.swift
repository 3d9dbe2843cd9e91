import BreakdownContent

/// `describe --platform android`: the Android view as one JSON object.
public enum AndroidJSON {
    /// The Android breakdown and the inputs it came from.
    public static func describe(_ breakdown: AndroidBreakdown, inputs: AndroidInputs) -> JSONValue {
        let configuration = inputs.configuration
        let logo = breakdown.logo
        return .object([
            ("platform", .string(Platform.android.rawValue)),
            ("text", .string(breakdown.text)),
            ("logoPlacement", .string(breakdown.logoPlacement.rawValue)),
            ("hidden", .bool(breakdown.isHidden)),
            ("visibility", .string(breakdown.isHidden ? "GONE" : "VISIBLE")),
            ("hiddenReason", .string(breakdown.hiddenReason)),
            ("enabled", .bool(breakdown.isEnabled)),
            ("brand", .string(breakdown.brand.rawValue)),
            ("language", .string(breakdown.language)),
            ("contentDescription", .string(breakdown.contentDescription)),
            ("logoTitle", .string(breakdown.logoTitle)),
            ("linkURL", .string(breakdown.link.url)),
            (
                "logo",
                .object([
                    ("type", .string(logo.type.rawValue)),
                    ("brand", .string(logo.brand.rawValue)),
                    ("scheme", .string(logo.scheme.rawValue)),
                    ("style", .string(inputs.style.rawValue)),
                    ("heightMultiplier", .number(logo.heightMultiplier)),
                    (
                        "layers",
                        .array(
                            logo.layers.map {
                                .object([("drawable", .string($0.drawable)), ("tint", .string($0.tint?.description))])
                            })
                    ),
                ])
            ),
            ("link", link(breakdown.link, style: inputs.options.moreInfoOptions.modalLinkStyle)),
            ("appearance", .string(inputs.options.appearance.rawValue)),
            ("textColor", .string(breakdown.textColor.description)),
            ("linkColor", .string(breakdown.linkColor.description)),
            ("amount", .string("\(inputs.amount)")),
            ("currency", .string(configuration?.currencyCode)),
            ("locale", .string(breakdown.merchantLocale.identifier)),
            ("minimumAmount", .string(configuration?.minimumAmount.map { "\($0)" })),
            ("maximumAmount", .string(configuration.map { "\($0.maximumAmount)" })),
            ("consumerLocale", .string(configuration?.consumerLocale)),
            ("environment", .string(configuration?.environment.rawValue)),
            ("deviceLocale", .string(inputs.deviceLocale)),
        ])
    }

    /// The link, with the Android drawables of the image links.
    static func link(_ link: InfoLink, style: ModalLinkStyle) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("style", .string(style.name))]
        switch link.content {
        case .none: members.append(("content", .string("none")))
        case .circledInfoIcon: members += [("content", .string("circledInfoIcon")), ("label", .string("\u{24D8}"))]
        case .text(let text): members += [("content", .string("text")), ("label", .string(text))]
        case .markup(let markup): members += [("content", .string("markup")), ("markup", .string(markup))]
        case .circledQuestionIcon:
            members += [("content", .string("circledQuestionIcon")), ("drawable", .string("icon_circled_question"))]
        case .circledLogo: members += [("content", .string("circledLogo")), ("drawable", .string("afterpay_logo_small"))]
        }
        members += [("underlined", .bool(link.isUnderlined)), ("url", .string(link.url))]
        return .object(members)
    }
}
