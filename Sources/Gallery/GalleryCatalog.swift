import Foundation
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownContent

/// The gallery's built-in list: every variant worth seeing, grouped for the page, each with a
/// caption for a person and its option words.
package enum GalleryCatalog {
    /// The gallery's own scale, padding and page colours; drawing options given to `gallery`
    /// replace the first three, and every tile is shown on its appearance's page colour.
    package static let scale = RenderScale.x2
    static let padding = 8.0
    package static let lightBackground = RGBAColor(red8: 255, green8: 255, blue8: 255)
    package static let darkBackground = RGBAColor(red8: 0, green8: 0, blue8: 0)
    /// Options the gallery sets on every tile only to present it; the user's value wins.
    static let presentationOptions: Set<String> = ["scale", "padding", "background"]
    /// Options that set the text size: `--font-size`, `--content-size` (iOS) or `--font-scale`
    /// (Android), never two.
    static let textSizeOptions: Set<String> = ["font-size", "content-size", "font-scale"]

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

    package static var variants: [GalleryVariant] { variants(drawing: []) }

    /// Every variant, with the drawing options the user gave (`--font-size 20`, `--font-file F`…)
    /// under each: a tile's own value of an option wins, except for the presentation options.
    /// - Parameter platforms: whose tiles: both by default; one when the artwork given draws only one.
    package static func variants(drawing: [(key: String, value: String)], platforms: Set<Platform> = [.ios, .android]) -> [GalleryVariant] {
        var list: [GalleryVariant] = []
        if platforms.contains(.ios) {
            for brand in brands { list += brandVariants(brand) }
        }
        if platforms.contains(.android) { list += androidVariants() }
        if platforms.contains(.ios) {
            list += textVariants()
            list += sizeVariants()
            list += moreVariants()
        }
        let given = Set(drawing.map(\.key))
        let repeatable = Set(RenderOptions.drawing.options.filter(\.isRepeatable).map(\.name))
        return list.map { variant in
            var variant = variant
            variant.settings.removeAll { presentationOptions.contains($0.name) && given.contains($0.name) }
            var own = Set(variant.settings.map(\.name))
            // A text size is one choice: a tile that sets one keeps it, whichever the user gave.
            if !own.isDisjoint(with: textSizeOptions) { own.formUnion(textSizeOptions) }
            // A drawing option one view takes (the option table says which) goes under that view's tiles only.
            let notTaken = Set(RenderOptions.drawing.options.filter { !$0.isTaken(by: variant.platform) }.map(\.name))
            let added = drawing.filter { !own.contains($0.key) && !notTaken.contains($0.key) }
            // Single values go into the tile's record; repeatable ones (font files) reach every
            // record through the engine's defaults, so the command only shows them.
            variant.given = added.filter { !repeatable.contains($0.key) }
            variant.inherited = added.filter { repeatable.contains($0.key) }
            return variant
        }
    }

    /// Logo type × palette × appearance, in range and outside the limits, then the hidden cases.
    private static func brandVariants(_ brand: Brand) -> [GalleryVariant] {
        var list: [GalleryVariant] = []
        let ranges: [(String, Decimal, String)] = [
            ("In range: 100 (the logo at the end)", 100, "in"), ("Outside the limits: 5000 (the logo first)", 5000, "out"),
        ]
        for (group, amount, tag) in ranges {
            for logo in LogoType.allCases {
                for appearance in Appearance.allCases {
                    for palette in ColorPalette.allCases {
                        list.append(
                            variant(
                                section: brand.title, group: group,
                                caption: "\(Words.logo(logo)), \(Words.palette(palette)), \(Words.appearance(appearance))",
                                words: "\(logo.rawValue) · \(palette.rawValue) · \(appearance.rawValue)",
                                name: "brand-\(brand.locale)-\(tag)-\(logo.rawValue)-\(palette.rawValue)-\(appearance.rawValue)",
                                [.set(ContentOptions.locale, brand.locale), .set(ContentOptions.amount, amount), .set(ContentOptions.logo, logo), .set(ContentOptions.palette, palette)],
                                appearance: appearance))
                    }
                }
            }
        }
        let hidden: [(String, String, String, [OptionSetting])] = [
            (
                "No merchant configuration", "no configuration", "no-config",
                [.set(ContentOptions.locale, brand.locale), .set(ContentOptions.amount, 100), .on(ContentOptions.noConfiguration)]
            ),
            (
                "A US Spanish shopper: the language is not offered", "consumer language not offered (es_US)", "no-language",
                [.set(ContentOptions.locale, brand.locale), .set(ContentOptions.amount, 100), .set(ContentOptions.consumerLocale, "es_US")]
            ),
        ]
        for (caption, words, tag, options) in hidden {
            list.append(
                variant(
                    section: brand.title, group: "Hidden (the view draws nothing)", caption: caption, words: words,
                    name: "brand-\(brand.locale)-hidden-\(tag)", options, appearance: .light))
        }
        return list
    }

    /// The Android SDK's view (`platform android`): its styles and logo types for each brand, its
    /// link styles, font scales and a wrapped view.
    private static func androidVariants() -> [GalleryVariant] {
        var list: [GalleryVariant] = []
        let android = OptionSetting.set(ContentOptions.platform, .android)
        let styles: [(ColorPalette, String)] = [
            (.default, "Default style"), (.alt, "Alt style"), (.darkMono, "MonochromeDark style"), (.lightMono, "MonochromeLight style"),
        ]
        let ranges: [(String, Decimal, String)] = [("in range: 100", 100, "in"), ("outside the limits: 5000", 5000, "out")]
        for (locale, title, logos) in [
            ("en_AU", "Afterpay (en_AU)", LogoType.allCases), ("en_GB", "Clearpay (en_GB)", LogoType.allCases),
            ("en_US", "Cash App Afterpay (en_US)", [LogoType.lockup]),
        ] {
            for (range, amount, tag) in ranges {
                for logo in logos {
                    for (palette, words) in styles {
                        list.append(
                            variant(
                                section: "Android: " + title, group: "\(Words.logo(logo)), \(range)",
                                caption: "\(Words.logo(logo)), \(words)" + (logo == .compactBadge ? Self.compactNote : ""),
                                words: "android · \(logo.rawValue) · \(palette.rawValue)",
                                name: "android-\(locale)-\(tag)-\(logo.rawValue)-\(palette.rawValue)",
                                [android, .set(ContentOptions.locale, locale), .set(ContentOptions.amount, amount), .set(ContentOptions.logo, logo), .set(ContentOptions.palette, palette)],
                                appearance: .light))
                    }
                }
            }
        }
        list.append(
            variant(
                section: "Android: Cash App Afterpay (en_US)", group: "Hidden (GONE)",
                caption: "Badge: the Cash App view shows only the lockup", words: "android · badge", name: "android-en_US-hidden-badge",
                [android, .set(ContentOptions.locale, "en_US"), .set(ContentOptions.amount, 100), .set(ContentOptions.logo, .badge)], appearance: .light))
        for style in ModalLinkStyle.namedStyles {
            list.append(
                variant(
                    section: "Android: text and sizes", group: "Info link styles", caption: Words.linkStyle(style.name),
                    words: "android · link \(style.name)", name: "android-link-\(style.name)",
                    [android, .set(ContentOptions.amount, 100), .set(ContentOptions.linkStyle, style)], appearance: .light))
        }
        for scale in [0.85, 1.3, 2.0] {
            list.append(
                variant(
                    section: "Android: text and sizes", group: "Font scale (Android 14's non-linear scaling)",
                    caption: "Font scale \(scale)", words: "android · font scale \(scale)", name: "android-font-scale-\(scale)",
                    [android, .set(ContentOptions.amount, 100), .set(RenderOptions.fontScale, scale)], appearance: .light))
        }
        list.append(
            variant(
                section: "Android: text and sizes", group: "Wrapped and dark", caption: "Wrapped to 300 dp, outside the limits",
                words: "android · width 300 dp", name: "android-width-300", [android, .set(ContentOptions.amount, 5000), .set(RenderOptions.width, 300)], appearance: .light))
        list.append(
            variant(
                section: "Android: text and sizes", group: "Wrapped and dark", caption: "Dark theme (text colours only), French (Canada)",
                words: "android · dark · fr_CA", name: "android-dark-fr_CA", [android, .set(ContentOptions.locale, "fr_CA"), .set(ContentOptions.amount, 100)], appearance: .dark))
        return list
    }

    /// The compact badge's mark keeps 56 px whatever the density: at the gallery's 2x it is larger
    /// than its pill, as the rules give it (not observed on a device).
    static let compactNote = " (its mark is a fixed 56 px tall: at 2x it overflows the pill, android.md 5.4)"

    private static func textVariants() -> [GalleryVariant] {
        var list: [GalleryVariant] = []
        for intro in IntroText.allCases {
            list.append(
                variant(
                    section: "Text", group: "Intro text", caption: Words.intro(intro), words: "intro \(intro.rawValue)",
                    name: "intro-\(intro.rawValue)",
                    [.set(ContentOptions.amount, 100), .set(ContentOptions.intro, intro)], appearance: .light))
        }
        for style in ModalLinkStyle.namedStyles {
            list.append(
                variant(
                    section: "Text", group: "Info link styles", caption: Words.linkStyle(style.name),
                    words: "link \(style.name)", name: "link-\(style.name)",
                    [.set(ContentOptions.amount, 100), .set(ContentOptions.linkStyle, style)], appearance: .light))
        }
        list.append(
            variant(
                section: "Text", group: "Info link styles", caption: "Custom link text in blue (Pango markup)",
                words: "custom link (Pango markup)", name: "link-custom",
                [.set(ContentOptions.amount, 100), .set(ContentOptions.linkText, "<span foreground=\"#0A84FF\">How it works</span>")],
                appearance: .light))
        list.append(
            variant(
                section: "Text", group: "Info link styles", caption: Words.linkStyle("moreInfoText") + ", dark appearance",
                words: "link moreInfoText · dark", name: "link-moreInfoText-dark",
                [.set(ContentOptions.amount, 100), .set(ContentOptions.linkStyle, .moreInfoText)], appearance: .dark))
        let optional: [(String, String, String, [OptionSetting])] = [
            ("Without \u{201C}interest-free\u{201D}", "without interest-free", "no-interest-free", [.on(ContentOptions.noInterestFree)]),
            ("Without \u{201C}with\u{201D}", "without with", "no-with", [.on(ContentOptions.noWith)]),
            (
                "Without \u{201C}interest-free\u{201D} and \u{201C}with\u{201D}", "without both", "no-interest-free-no-with",
                [.on(ContentOptions.noInterestFree), .on(ContentOptions.noWith)]
            ),
        ]
        for (caption, words, tag, flags) in optional {
            list.append(
                variant(
                    section: "Text", group: "Optional words off", caption: caption, words: words, name: "words-\(tag)",
                    [.set(ContentOptions.amount, 100)] + flags, appearance: .light))
        }
        // iOS's accessibility settings: Increase Contrast's link colour shows on a text link.
        let accessibility: [(String, String, String, [OptionSetting], Appearance)] = [
            ("Increase Contrast (link: secondaryLabel's high-contrast value)", "increase contrast", "increase-contrast-light",
             [.on(ContentOptions.increaseContrast)], .light),
            ("Increase Contrast, dark appearance", "increase contrast · dark", "increase-contrast-dark",
             [.on(ContentOptions.increaseContrast)], .dark),
            ("Bold Text (Semibold, an approximation)", "bold text", "bold-text", [.on(ContentOptions.boldText)], .light),
            ("Bold Text and Increase Contrast, dark appearance", "bold text · increase contrast · dark", "bold-text-increase-contrast-dark",
             [.on(ContentOptions.boldText), .on(ContentOptions.increaseContrast)], .dark),
        ]
        for (caption, words, tag, flags, appearance) in accessibility {
            list.append(
                variant(
                    section: "Text", group: "Accessibility settings", caption: caption, words: words, name: "accessibility-\(tag)",
                    [.set(ContentOptions.amount, 100), .set(ContentOptions.linkStyle, .moreInfoText)] + flags, appearance: appearance))
        }
        return list
    }

    private static func sizeVariants() -> [GalleryVariant] {
        var list: [GalleryVariant] = []
        for category in ContentSizeCategory.allCases {
            list.append(
                variant(
                    section: "Sizes", group: "Dynamic Type sizes (body style)",
                    caption: "\(Words.contentSize(category)), \(formatPoints(category.bodyPointSize)) pt",
                    words: "\(category.rawValue) (\(formatPoints(category.bodyPointSize)) pt)", name: "size-\(category.rawValue)",
                    [.set(ContentOptions.amount, 100), .set(RenderOptions.contentSize, category)], appearance: .light))
        }
        // On a phone the view sits in a container: the accessibility sizes wrap there.
        for category in ContentSizeCategory.allCases where category.rawValue.hasPrefix("accessibility") {
            list.append(
                variant(
                    section: "Sizes", group: "Accessibility sizes in a phone-width container (358 pt)",
                    caption: "\(Words.contentSize(category)) in a 358 pt wide container",
                    words: "\(category.rawValue) · width 358 pt", name: "size-\(category.rawValue)-width-358",
                    [.set(ContentOptions.amount, 100), .set(RenderOptions.contentSize, category), .set(RenderOptions.width, 358)],
                    appearance: .light))
        }
        let widths: [(Double, String, [OptionSetting])] = [
            (180, "", []), (240, ", French (Canada)", [.set(ContentOptions.locale, "fr_CA")]),
            (300, ", accessibility medium text", [.set(RenderOptions.contentSize, .accessibilityMedium)]),
        ]
        for (width, detail, extra) in widths {
            list.append(
                variant(
                    section: "Sizes", group: "Wrapped to a narrow width", caption: "Wrapped to \(width.optionText) pt" + detail,
                    words: "width \(width.optionText) pt" + extra.map { " · \($0.text)" }.joined(),
                    name: "width-\(width.optionText)", [.set(ContentOptions.amount, 100), .set(RenderOptions.width, width)] + extra,
                    appearance: .light))
        }
        for size in [12.0, 28.0] {
            list.append(
                variant(
                    section: "Sizes", group: "Custom font size", caption: "Font size \(size.optionText) pt",
                    words: "font size \(size.optionText) pt", name: "font-size-\(size.optionText)",
                    [.set(ContentOptions.amount, 100), .set(RenderOptions.fontSize, size)], appearance: .light))
        }
        return list
    }

    private static func moreVariants() -> [GalleryVariant] {
        let group = "Locales, colour schemes and colours"
        return [
            variant(
                section: "More", group: group, caption: "Australian dollars on a US device (shown as A$)", words: "AUD on a US device", name: "more-aud-on-us-device",
                [.set(ContentOptions.amount, 100), .set(ContentOptions.deviceLocale, "en_US")], appearance: .light),
            variant(
                section: "More", group: group, caption: "Canadian merchant, French-speaking shopper", words: "en_CA merchant, fr_CA consumer", name: "more-en_CA-consumer-fr_CA",
                [.set(ContentOptions.locale, "en_CA"), .set(ContentOptions.amount, 100), .set(ContentOptions.consumerLocale, "fr_CA")],
                appearance: .light),
            variant(
                section: "More", group: group, caption: "No minimum amount, price $0 (the range starts at $1)", words: "no minimum, amount 0", name: "more-no-minimum",
                [.set(ContentOptions.amount, 0), .on(ContentOptions.noMinimum)], appearance: .light),
            variant(
                section: "More", group: group, caption: "Lockup, alt palette in light and default in dark, light appearance", words: "dynamic alt/default · light", name: "more-dynamic-light",
                [.set(ContentOptions.amount, 100), .set(ContentOptions.logo, .lockup), .set(ContentOptions.palette, .alt), .set(ContentOptions.darkPalette, .default)],
                appearance: .light),
            variant(
                section: "More", group: group, caption: "Lockup, alt palette in light and default in dark, dark appearance", words: "dynamic alt/default · dark", name: "more-dynamic-dark",
                [.set(ContentOptions.amount, 100), .set(ContentOptions.logo, .lockup), .set(ContentOptions.palette, .alt), .set(ContentOptions.darkPalette, .default)],
                appearance: .dark),
            variant(
                section: "More", group: group, caption: "Purple text and a blue \u{201C}Learn more\u{201D} link", words: "custom text and link colours", name: "more-custom-colours",
                [
                    .set(ContentOptions.amount, 100), .set(RenderOptions.textColor, RGBAColor(red8: 0x5B, green8: 0x2A, blue8: 0x86)),
                    .set(RenderOptions.linkColor, RGBAColor(red8: 0x0A, green8: 0x84, blue8: 0xFF)), .set(ContentOptions.linkStyle, .learnMoreText),
                ],
                appearance: .light),
        ]
    }

    private static func variant(
        section: String, group: String, caption: String, words: String, name: String, _ settings: [OptionSetting],
        appearance: Appearance
    ) -> GalleryVariant {
        var all = settings
        if appearance == .dark { all.append(.set(ContentOptions.appearance, .dark)) }
        all.append(.set(RenderOptions.background, appearance == .dark ? darkBackground : lightBackground))
        all.append(.set(RenderOptions.padding, padding))
        all.append(.set(RenderOptions.scale, scale))
        return GalleryVariant(section: section, group: group, caption: caption, optionWords: words, name: name, settings: all)
    }

    private static func formatPoints(_ value: Double) -> String { value.shortText }
}

/// Option values as words in a caption.
enum Words {
    static func logo(_ logo: LogoType) -> String {
        switch logo {
        case .badge: "Badge"
        case .lockup: "Lockup"
        case .compactBadge: "Compact badge"
        }
    }

    static func palette(_ palette: ColorPalette) -> String {
        switch palette {
        case .default: "default palette"
        case .alt: "alt palette"
        case .darkMono: "dark mono palette"
        case .lightMono: "light mono palette"
        }
    }

    static func appearance(_ appearance: Appearance) -> String {
        appearance == .dark ? "dark appearance" : "light appearance"
    }

    static func intro(_ intro: IntroText) -> String {
        let text = intro.text(in: .english)
        return text.isEmpty ? "No intro word" : "Intro \u{201C}\(text)\u{201D}"
    }

    static func linkStyle(_ name: String) -> String {
        switch name {
        case "none": return "No info link"
        case "circledInfoIcon": return "Info link: circled \u{24D8} icon (the default)"
        case "circledQuestionIcon", "circledLogo":
            // The shipping SDK loads an image its asset catalog lacks: no link, no space (docs/fidelity.md).
            return "Info link: " + spaced(name) + " (draws nothing, as the SDK: its image is in no asset catalog)"
        default: return "Info link: " + spaced(name)
        }
    }

    static func contentSize(_ category: ContentSizeCategory) -> String {
        var words = spaced(category.rawValue)
        for (short, long) in [("xxx ", "extra extra extra "), ("xx ", "extra extra "), ("x ", "extra ")] where words.hasPrefix(short) {
            words = long + words.dropFirst(short.count)
            break
        }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// `circledQuestionIcon` → `circled question icon`.
    static func spaced(_ camelCase: String) -> String {
        var words = ""
        for character in camelCase {
            if character.isUppercase { words += " " + character.lowercased() } else { words.append(character) }
        }
        return words
    }
}

extension GalleryVariant {
    /// The image's text alternative (the sentence with the brand as written), computed from the
    /// tile's content options as the renderer computes it; nil when they do not describe one.
    package var altText: String? {
        var fields: [String: String] = [:]
        for (key, value) in options where ContentOptions.group.options.contains(where: { $0.name == key }) { fields[key] = value }
        guard let parsed = try? ParsedOptions(record: fields, groups: [ContentOptions.group]),
            let view = try? ContentOptions.view(from: parsed)
        else { return nil }
        return view.breakdown.altText
    }
}
