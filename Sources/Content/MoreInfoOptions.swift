/// `moreInfoOptions`: how the info link looks and which information page it opens.
public struct MoreInfoOptions: Sendable, Hashable {
    /// How the info link looks: an icon, a logo, text, or nothing.
    public var modalLinkStyle: ModalLinkStyle
    /// The information page's theme.
    public var modalTheme: ModalTheme
    /// Whether the page shows cross-border trade details.
    public var isCbtEnabled: Bool
    /// The file name (without `.html`) of a specific page; overrides theme and CBT. Letters,
    /// digits, `.`, `_` and `-`, not starting with `.` (as `--modal-id`): any other name is
    /// refused when drawn (`PriceBreakdown.invalidInput`), never written into a link.
    public var modalId: String?

    /// Options choosing the page by theme and cross-border trade.
    public init(
        modalTheme: ModalTheme = .mint, modalLinkStyle: ModalLinkStyle = .circledInfoIcon, isCbtEnabled: Bool = false
    ) {
        self.modalLinkStyle = modalLinkStyle
        self.modalTheme = modalTheme
        self.isCbtEnabled = isCbtEnabled
        self.modalId = nil
    }

    /// Options opening a specific page by its file name (without `.html`).
    public init(modalId: String, modalLinkStyle: ModalLinkStyle = .circledInfoIcon) {
        self.modalLinkStyle = modalLinkStyle
        self.modalTheme = .mint
        self.isCbtEnabled = false
        self.modalId = modalId
    }

    /// The page file: `{modalId}.html`, else `{language}_{region}{theme}{cbt}.html`.
    public func fileName(languageCode: String, regionCode: String) -> String {
        if let modalId { return "\(modalId).html" }
        let theme = modalTheme == .white ? "-theme-white" : ""
        let cbt = isCbtEnabled ? "-cbt" : ""
        return "\(languageCode)_\(regionCode)\(theme)\(cbt).html"
    }

    /// `https://static.afterpay.com/modal/{file}`.
    public func url(languageCode: String, regionCode: String) -> String {
        "https://static.afterpay.com/modal/" + fileName(languageCode: languageCode, regionCode: regionCode)
    }
}
