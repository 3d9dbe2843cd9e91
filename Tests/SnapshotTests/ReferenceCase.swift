import Testing

/// One image of the project's reference suite: a name (the reference file's) and the command
/// line's words for it. Every case is drawn at scale 2.
struct ReferenceCase: Sendable, CustomTestStringConvertible {
    let name: String
    let arguments: [String]

    var testDescription: String { name }

    /// Each merchant (fr_CA as merchant and device) × each logo type × each palette, in light
    /// appearance (transparent ground) and dark appearance (on black).
    static let matrix: [ReferenceCase] = {
        var cases: [ReferenceCase] = []
        for locale in ["en_AU", "en_GB", "en_US", "fr_CA"] {
            for logo in ["badge", "lockup", "compactBadge"] {
                for palette in ["default", "alt", "darkMono", "lightMono"] {
                    let base = ["--locale", locale, "--amount", "100", "--logo", logo, "--palette", palette]
                    cases.append(ReferenceCase(name: "\(locale)-\(logo)-\(palette)-light", arguments: base))
                    cases.append(
                        ReferenceCase(
                            name: "\(locale)-\(logo)-\(palette)-dark",
                            arguments: base + ["--appearance", "dark", "--background", "#000000"]))
                }
            }
        }
        return cases
    }()

    /// Every link style, including custom markup.
    static let linkStyles: [ReferenceCase] =
        ["circledInfoIcon", "moreInfoText", "learnMoreText", "circledQuestionIcon", "circledLogo", "none"].map {
            ReferenceCase(name: "link-\($0)", arguments: ["--amount", "100", "--link-style", $0])
        } + [ReferenceCase(name: "link-custom", arguments: ["--amount", "100", "--link-text", "<b>Details</b>"])]

    /// Outside limits, wrapping, Dynamic Type, French, and other options that change the drawing.
    static let others: [ReferenceCase] = [
        ReferenceCase(name: "outside-limits-en_AU", arguments: ["--amount", "5000"]),
        ReferenceCase(name: "outside-limits-en_GB", arguments: ["--locale", "en_GB", "--amount", "0"]),
        ReferenceCase(name: "outside-limits-en_US", arguments: ["--locale", "en_US", "--amount", "5000"]),
        ReferenceCase(name: "outside-limits-fr_CA", arguments: ["--locale", "fr_CA", "--amount", "5000"]),
        // Without a minimum, 0.80 is in range ("$0.20"); with the default minimum of 1 it would show the limits.
        ReferenceCase(name: "no-minimum-in-range-0.80", arguments: ["--amount", "0.80", "--no-minimum"]),
        ReferenceCase(name: "wrapped-width-180", arguments: ["--amount", "100", "--width", "180"]),
        ReferenceCase(name: "wrapped-width-fr_CA", arguments: ["--locale", "fr_CA", "--amount", "100", "--width", "200"]),
        ReferenceCase(name: "dynamic-type-ax5", arguments: ["--amount", "100", "--content-size", "accessibilityExtraExtraExtraLarge"]),
        ReferenceCase(
            name: "dynamic-type-ax3-wrapped",
            arguments: ["--amount", "100", "--content-size", "accessibilityExtraLarge", "--width", "320"]),
        ReferenceCase(name: "dynamic-type-xsmall", arguments: ["--amount", "100", "--content-size", "xSmall"]),
        ReferenceCase(name: "fr_CA-merchant-en_CA-device", arguments: ["--locale", "fr_CA", "--device-locale", "en_CA", "--amount", "100"]),
        ReferenceCase(name: "en_CA-merchant-fr_CA-consumer", arguments: ["--locale", "en_CA", "--consumer-locale", "fr_CA", "--amount", "100"]),
        ReferenceCase(name: "en_AU-merchant-en_US-device", arguments: ["--amount", "100", "--device-locale", "en_US"]),
        ReferenceCase(name: "intro-payIn-no-interest-free-no-with", arguments: ["--amount", "100", "--intro", "payIn", "--no-interest-free", "--no-with"]),
        ReferenceCase(name: "dynamic-palette-dark", arguments: ["--amount", "100", "--palette", "alt", "--dark-palette", "lightMono", "--appearance", "dark", "--background", "#1C1C1E"]),
        ReferenceCase(name: "colors-padding-background", arguments: ["--amount", "100", "--text-color", "#1A237E", "--link-color", "#C62828", "--background", "#FFF8E1", "--padding", "8"]),
        // --tracking none keeps the bytes drawn before tracking existed: these two references are
        // the pre-tracking en_AU-badge-default-light and wrapped-width-180, copied from commit b38b619.
        ReferenceCase(name: "tracking-none", arguments: ["--amount", "100", "--tracking", "none"]),
        ReferenceCase(name: "tracking-none-wrapped-width-180", arguments: ["--amount", "100", "--width", "180", "--tracking", "none"]),
    ]

    static let all = matrix + linkStyles + others
}
