/// `modalLinkStyle`: how the info link after the text looks.
public enum ModalLinkStyle: Sendable, Hashable {
    /// A circled "i" icon (the default).
    case circledInfoIcon
    /// The text "More Info".
    case moreInfoText
    /// The text "Learn More".
    case learnMoreText
    /// A circled question mark icon.
    case circledQuestionIcon
    /// The brand's circled logo.
    case circledLogo
    /// Pango markup, drawn in `linkColor` unless the markup sets its own colours; not underlined.
    case custom(markup: String)
    /// No link.
    case none
}

/// `modalTheme` of the information page.
public enum ModalTheme: String, Sendable, CaseIterable, Codable {
    /// The mint theme (the default).
    case mint
    /// The white theme.
    case white
}

/// What the link draws, resolved from the style and the language.
public enum LinkContent: Sendable, Hashable {
    /// No link, and no space before it.
    case none
    /// The ⓘ (U+24D8) character in the link colour, not underlined.
    case circledInfoIcon
    /// Localized words ("More Info", "Learn More"), underlined, in the link colour.
    case text(String)
    /// The user's Pango markup, not underlined.
    case markup(String)
    /// A circled question mark image tinted the link colour.
    case circledQuestionIcon
    /// A circular brand image in its own colours.
    case circledLogo(Brand)

    /// The image the shipping iOS SDK loads for the image links: `circled-question-icon` and
    /// `afterpay-logo-circle` (for every brand). No version of the SDK's asset catalog has either,
    /// so on the phone these links draw nothing and take no space; nil for the other links.
    public var sdkImageName: String? {
        switch self {
        case .circledQuestionIcon: "circled-question-icon"
        case .circledLogo: "afterpay-logo-circle"
        default: nil
        }
    }

    /// The project's look-alike artwork file stem for image icons (no longer drawn: see
    /// `sdkImageName`).
    public var artworkName: String? {
        switch self {
        case .circledQuestionIcon: "icon-circled-question"
        case .circledLogo(let brand): "icon-circled-logo-\(brand.fileStem)"
        default: nil
        }
    }
}

/// The info link: what it draws and where it goes.
public struct InfoLink: Sendable, Hashable {
    /// What the link draws: an icon, a logo or text.
    public package(set) var content: LinkContent
    /// `https://static.afterpay.com/modal/...`; nil when the style is `.none`.
    public package(set) var url: String?

    package init(content: LinkContent, url: String?) {
        self.content = content
        self.url = url
    }
}
