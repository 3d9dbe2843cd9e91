import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownContent

/// The gallery's built-in list: every variant worth seeing, grouped for the page.
package enum GalleryCatalog {
    package static let scale = "2"
    static let padding = "8"
    static let lightBackground = "#FFFFFF"
    static let darkBackground = "#000000"

    struct Brand {
        var locale: String
        var title: String
    }

    static let brands = [
        Brand(locale: "en_AU", title: "Afterpay (en_AU)"),
        Brand(locale: "en_GB", title: "Clearpay (en_GB)"),
        Brand(locale: "en_US", title: "Cash App Afterpay (en_US)"),
        Brand(locale: "fr_CA", title: "Afterpay in French (fr_CA merchant, fr_CA device)"),
    ]

    package static var variants: [GalleryVariant] {
        var list: [GalleryVariant] = []
        for brand in brands { list += brandVariants(brand) }
        list += textVariants()
        list += sizeVariants()
        list += moreVariants()
        return list
    }

    /// Logo type × palette × appearance, in range and outside the limits, then the hidden cases.
    private static func brandVariants(_ brand: Brand) -> [GalleryVariant] {
        var list: [GalleryVariant] = []
        let ranges = [("In range: 100 (the logo at the end)", "100", "in"), ("Outside the limits: 5000 (the logo first)", "5000", "out")]
        for (group, amount, tag) in ranges {
            for logo in LogoType.allCases {
                for appearance in Appearance.allCases {
                    for palette in ColorPalette.allCases {
                        list.append(
                            variant(
                                section: brand.title, group: group,
                                title: "\(logo.rawValue) · \(palette.rawValue) · \(appearance.rawValue)",
                                name: "brand-\(brand.locale)-\(tag)-\(logo.rawValue)-\(palette.rawValue)-\(appearance.rawValue)",
                                [("locale", brand.locale), ("amount", amount), ("logo", logo.rawValue), ("palette", palette.rawValue)],
                                appearance: appearance))
                    }
                }
            }
        }
        let hidden = [
            ("no configuration", "no-config", [("locale", brand.locale), ("amount", "100"), ("no-configuration", "true")]),
            (
                "consumer language not offered (es_US)", "no-language",
                [("locale", brand.locale), ("amount", "100"), ("consumer-locale", "es_US")]
            ),
        ]
        for (title, tag, options) in hidden {
            list.append(
                variant(
                    section: brand.title, group: "Hidden (the view draws nothing)", title: title,
                    name: "brand-\(brand.locale)-hidden-\(tag)", options, appearance: .light))
        }
        return list
    }

    private static func textVariants() -> [GalleryVariant] {
        var list: [GalleryVariant] = []
        for intro in IntroText.allCases {
            list.append(
                variant(
                    section: "Text", group: "Intro text", title: "intro \(intro.rawValue)", name: "intro-\(intro.rawValue)",
                    [("amount", "100"), ("intro", intro.rawValue)], appearance: .light))
        }
        for style in ModalLinkStyle.namedStyles {
            list.append(
                variant(
                    section: "Text", group: "Info link styles", title: "link \(style.name)", name: "link-\(style.name)",
                    [("amount", "100"), ("link-style", style.name)], appearance: .light))
        }
        list.append(
            variant(
                section: "Text", group: "Info link styles", title: "custom link (Pango markup)", name: "link-custom",
                [("amount", "100"), ("link-text", "<span foreground=\"#0A84FF\">How it works</span>")], appearance: .light))
        list.append(
            variant(
                section: "Text", group: "Info link styles", title: "link moreInfoText · dark", name: "link-moreInfoText-dark",
                [("amount", "100"), ("link-style", "moreInfoText")], appearance: .dark))
        let optional = [
            ("without interest-free", "no-interest-free", [("no-interest-free", "true")]),
            ("without with", "no-with", [("no-with", "true")]),
            ("without both", "no-interest-free-no-with", [("no-interest-free", "true"), ("no-with", "true")]),
        ]
        for (title, tag, flags) in optional {
            list.append(
                variant(
                    section: "Text", group: "Optional words off", title: title, name: "words-\(tag)",
                    [("amount", "100")] + flags, appearance: .light))
        }
        return list
    }

    private static func sizeVariants() -> [GalleryVariant] {
        var list: [GalleryVariant] = []
        for category in ContentSizeCategory.allCases {
            list.append(
                variant(
                    section: "Sizes", group: "Dynamic Type sizes (body style)",
                    title: "\(category.rawValue) (\(formatPoints(category.bodyPointSize)) pt)", name: "size-\(category.rawValue)",
                    [("amount", "100"), ("content-size", category.rawValue)], appearance: .light))
        }
        // On a phone the view sits in a container: the accessibility sizes wrap there.
        for category in ContentSizeCategory.allCases where category.rawValue.hasPrefix("accessibility") {
            list.append(
                variant(
                    section: "Sizes", group: "Accessibility sizes in a phone-width container (358 pt)",
                    title: "\(category.rawValue) · width 358 pt", name: "size-\(category.rawValue)-width-358",
                    [("amount", "100"), ("content-size", category.rawValue), ("width", "358")], appearance: .light))
        }
        for (width, extra) in [("180", [(String, String)]()), ("240", [("locale", "fr_CA")]), ("300", [("content-size", "accessibilityMedium")])] {
            list.append(
                variant(
                    section: "Sizes", group: "Wrapped to a narrow width", title: "width \(width) pt" + extra.map { " · \($0.1)" }.joined(),
                    name: "width-\(width)", [("amount", "100"), ("width", width)] + extra, appearance: .light))
        }
        for size in ["12", "28"] {
            list.append(
                variant(
                    section: "Sizes", group: "Custom font size", title: "font size \(size) pt", name: "font-size-\(size)",
                    [("amount", "100"), ("font-size", size)], appearance: .light))
        }
        return list
    }

    private static func moreVariants() -> [GalleryVariant] {
        let group = "Locales, colour schemes and colours"
        return [
            variant(
                section: "More", group: group, title: "AUD on a US device (A$)", name: "more-aud-on-us-device",
                [("amount", "100"), ("device-locale", "en_US")], appearance: .light),
            variant(
                section: "More", group: group, title: "en_CA merchant, fr_CA consumer", name: "more-en_CA-consumer-fr_CA",
                [("locale", "en_CA"), ("amount", "100"), ("consumer-locale", "fr_CA")], appearance: .light),
            variant(
                section: "More", group: group, title: "no minimum, 0 (from $1)", name: "more-no-minimum",
                [("amount", "0"), ("no-minimum", "true")], appearance: .light),
            variant(
                section: "More", group: group, title: "dynamic scheme alt/default · light", name: "more-dynamic-light",
                [("amount", "100"), ("logo", "lockup"), ("palette", "alt"), ("dark-palette", "default")], appearance: .light),
            variant(
                section: "More", group: group, title: "dynamic scheme alt/default · dark", name: "more-dynamic-dark",
                [("amount", "100"), ("logo", "lockup"), ("palette", "alt"), ("dark-palette", "default")], appearance: .dark),
            variant(
                section: "More", group: group, title: "custom text and link colours", name: "more-custom-colours",
                [("amount", "100"), ("text-color", "#5B2A86"), ("link-color", "#0A84FF"), ("link-style", "learnMoreText")],
                appearance: .light),
        ]
    }

    private static func variant(
        section: String, group: String, title: String, name: String, _ options: [(String, String)], appearance: Appearance
    ) -> GalleryVariant {
        var all = options.map { (key: $0.0, value: $0.1) }
        if appearance == .dark { all.append((key: "appearance", value: "dark")) }
        all.append((key: "background", value: appearance == .dark ? darkBackground : lightBackground))
        all.append((key: "padding", value: padding))
        all.append((key: "scale", value: scale))
        return GalleryVariant(section: section, group: group, title: title, name: name, options: all)
    }

    private static func formatPoints(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
