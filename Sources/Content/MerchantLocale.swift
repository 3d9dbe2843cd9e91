import Foundation

/// A merchant's region locale (the configuration's `locale`), with its currency, brand and the
/// languages the region offers to consumers.
public enum MerchantLocale: String, Sendable, CaseIterable, Codable {
    /// Australia.
    case enAU = "en_AU"
    /// New Zealand.
    case enNZ = "en_NZ"
    /// Canada, English.
    case enCA = "en_CA"
    /// Canada, French.
    case frCA = "fr_CA"
    /// United Kingdom.
    case enGB = "en_GB"
    /// United States.
    case enUS = "en_US"

    /// The identifier, e.g. `en_AU`.
    public var identifier: String { rawValue }

    /// Looks a locale up by its exact identifier (`en_AU`, not `en-AU` or `EN_au`).
    public init?(identifier: String) {
        self.init(rawValue: identifier)
    }

    /// Looks a locale up by a `Locale`'s identifier (`en_AU` or `en-AU`).
    public init?(_ locale: Locale) {
        self.init(rawValue: locale.underscoredIdentifier)
    }

    /// The region's currency.
    public var currency: CurrencyCode {
        switch self {
        case .enAU: .AUD
        case .enNZ: .NZD
        case .enCA, .frCA: .CAD
        case .enGB: .GBP
        case .enUS: .USD
        }
    }

    /// The brand shown in this region.
    public var brand: Brand {
        switch self {
        case .enGB: .clearpay
        case .enUS: .cashAppAfterpay
        case .enAU, .enNZ, .enCA, .frCA: .afterpay
        }
    }

    /// The region code, e.g. `AU`.
    public var regionCode: String { String(rawValue.suffix(2)) }

    /// The language code, e.g. `en`.
    public var languageCode: String { String(rawValue.prefix(2)) }

    /// The display languages offered to consumers in this region, in order of preference.
    public var offeredLanguages: [String] {
        switch self {
        case .enAU: ["en_AU"]
        case .enNZ: ["en_NZ"]
        case .enCA, .frCA: ["en_CA", "fr_CA"]
        case .enGB: ["en_GB"]
        case .enUS: ["en_US"]
        }
    }

    /// The merchant locale whose currency is `currency`, used for that currency's symbol.
    /// CAD has two: the merchant locale itself when it is Canadian, else `en_CA`.
    public static func home(of currency: CurrencyCode, merchant: MerchantLocale) -> MerchantLocale {
        switch currency {
        case .AUD: .enAU
        case .NZD: .enNZ
        case .GBP: .enGB
        case .USD: .enUS
        case .CAD: merchant.currency == .CAD ? merchant : .enCA
        }
    }
}
