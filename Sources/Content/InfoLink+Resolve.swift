extension InfoLink {
    /// Resolves the link: what it draws in `language`, and its URL built
    /// from the display language's code (`en` when there is none) and the merchant's region.
    /// `.none` gives no link and no URL.
    package init(options: MoreInfoOptions, language: TextLanguage, languageCode: String, regionCode: String, brand: Brand) {
        let content: LinkContent
        switch options.modalLinkStyle {
        case .none:
            self.init(content: .none, url: nil)
            return
        case .circledInfoIcon: content = .circledInfoIcon
        case .moreInfoText: content = .text(language.moreInfo)
        case .learnMoreText: content = .text(language.learnMore)
        case .circledQuestionIcon: content = .circledQuestionIcon
        case .circledLogo: content = .circledLogo(brand)
        case .custom(let markup): content = .markup(markup)
        }
        self.init(content: content, url: options.url(languageCode: languageCode, regionCode: regionCode))
    }

    /// True for the text styles, which are underlined in the link colour.
    public var isUnderlined: Bool {
        if case .text = content { return true }
        return false
    }
}
