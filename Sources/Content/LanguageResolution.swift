import Foundation

/// Which display language a consumer gets in a merchant's region.
///
/// The consumer locale is the configuration's `consumerLocale` when set, else the device locale.
/// The display language is the first of the region's offered languages whose language code equals
/// the consumer's; there may be none (e.g. merchant en_US, consumer es_US).
public struct LanguageResolution: Sendable, Hashable {
    /// Where the consumer locale came from.
    public enum Source: String, Sendable, Hashable {
        /// The configuration's consumer locale.
        case consumerLocale
        /// The device locale.
        case deviceLocale
    }

    /// The merchant's region locale.
    public let merchant: MerchantLocale
    /// The consumer locale identifier actually used, as given.
    public let consumerLocale: String
    /// Whether the configuration's consumer locale or the device locale was used.
    public let source: Source
    /// The consumer's language code (e.g. `es`), or nil when the identifier has none.
    public let consumerLanguageCode: String?
    /// The display language identifier (e.g. `fr_CA`), or nil when the region offers none.
    public let language: String?

    /// Resolves the display language: the consumer locale if given, else the device locale, against the region's languages.
    public init(merchant: MerchantLocale, consumerLocale: String?, deviceLocale: String) {
        self.merchant = merchant
        self.consumerLocale = consumerLocale ?? deviceLocale
        self.source = consumerLocale == nil ? .deviceLocale : .consumerLocale
        let code = Self.languageCode(of: self.consumerLocale)
        self.consumerLanguageCode = code
        self.language = merchant.offeredLanguages.first { Self.languageCode(of: $0) == code && code != nil }
    }

    /// The language code of a locale identifier (`es` for `es_US` or `es-US`), via Foundation.
    public static func languageCode(of identifier: String) -> String? {
        guard !identifier.isEmpty, let code = Locale(identifier: identifier).language.languageCode?.identifier,
            !code.isEmpty
        else { return nil }
        return code.lowercased()
    }

    /// Why no language was found, for a person; nil when one was.
    public var failureReason: String? {
        guard language == nil else { return nil }
        let origin = source == .consumerLocale ? "consumer locale" : "device locale"
        let offered = merchant.offeredLanguages.joined(separator: ", ")
        guard let code = consumerLanguageCode else {
            // No language to name: say that the locale names none (it read "consumer locale
            // (from consumer locale ../x)", the language left out).
            return "\(origin) \(consumerLocale) names no language, so none is offered in region \(merchant.regionCode) (offers \(offered))"
        }
        return "consumer language \(code) (from \(origin) \(consumerLocale)) is not offered in region \(merchant.regionCode) (offers \(offered))"
    }
}
