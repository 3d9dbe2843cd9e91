extension ModalLinkStyle {
    /// The Swift case name (`circledInfoIcon`, …, `custom`, `none`), as the CLI spells it.
    public var name: String {
        switch self {
        case .circledInfoIcon: "circledInfoIcon"
        case .moreInfoText: "moreInfoText"
        case .learnMoreText: "learnMoreText"
        case .circledQuestionIcon: "circledQuestionIcon"
        case .circledLogo: "circledLogo"
        case .custom: "custom"
        case .none: "none"
        }
    }

    /// The styles that need no markup, by name; `custom` is built from its markup instead.
    public static let namedStyles: [ModalLinkStyle] = [
        .circledInfoIcon, .moreInfoText, .learnMoreText, .circledQuestionIcon, .circledLogo, .none,
    ]

    /// A style from its case name; nil for unknown names and for `custom` (it needs markup).
    public init?(name: String) {
        guard let style = Self.namedStyles.first(where: { $0.name == name }) else { return nil }
        self = style
    }
}
