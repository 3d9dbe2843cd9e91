import Foundation

/// Formats prices as the Android SDK's `AfterpayInstalment` does. The **client locale** (the
/// device's, not `consumerLocale`) gives the style; its own currency is compared with the
/// configuration's currency (iOS compares it with the merchant locale's currency):
/// - the client locale is exactly `en_US`: its format, with `A$`, `NZ$` or `CA$` forced for
///   AUD, NZD and CAD (USD keeps `$`, GBP `£`);
/// - the configuration's currency is not the client's own: the currency's home symbol; `$`
///   gives `$30.00 AUD` (number `#,##0.00`, the client's separators), `£` gives `£30.00`, any other
///   symbol keeps the client's pattern;
/// - otherwise the client's standard currency format.
///
/// Rounding is half-even (Java's default); the instalment is rounded to 2 decimals before it is
/// formatted, the limits to whole units. Numbers come from Foundation (ICU), so CAD in fr_CA is
/// `30,00 $` where the JDK says `30,00 $ CA`.
public struct AndroidCurrencyFormatter: Sendable, Hashable {
    /// The configuration's currency, one of the six locales' currencies.
    public let currency: CurrencyCode
    /// The merchant locale: it picks CAD's home locale.
    public let merchantLocale: MerchantLocale
    /// The client (device) locale identifier.
    public let clientLocale: String

    /// A formatter for `currency`, in the style of `clientLocale`.
    public init(currency: CurrencyCode, merchantLocale: MerchantLocale, clientLocale: String) {
        self.currency = currency
        self.merchantLocale = merchantLocale
        self.clientLocale = clientLocale
    }

    /// Which rule applies.
    public enum Rule: String, Sendable, Hashable {
        /// The client locale is exactly en_US.
        case unitedStates
        /// The currency is not the client locale's own.
        case foreignCurrency
        /// The client locale's own format.
        case clientFormat
    }

    /// The client locale identifier with `-` read as `_` (`en-US` is `en_US`).
    var normalizedClient: String { clientLocale.replacingOccurrences(of: "-", with: "_") }

    /// The rule for this currency and client locale.
    public var rule: Rule {
        if normalizedClient == "en_US" { return .unitedStates }
        // Full locale equality: a script, variant or extension gives no country currency match.
        let parts = normalizedClient.split(separator: "_")
        let own = parts.count == 2 ? Locale(identifier: normalizedClient).currency?.identifier : nil
        return own == currency.code ? .clientFormat : .foreignCurrency
    }

    /// The currency's home locale: the one merchant locale that uses it; for CAD the merchant
    /// locale when it is Canadian, else en_CA.
    public var homeLocale: MerchantLocale { MerchantLocale.home(of: currency, merchant: merchantLocale) }

    /// The currency's symbol in its home locale (`$`, `£`), from ICU.
    public var homeSymbol: String {
        NumberFormatters.with(.init(style: .currency, locale: homeLocale.identifier, currency: currency.code)) { $0.currencySymbol }
    }

    /// The instalment: `amount / 4` rounded half-even to 2 decimals, then formatted.
    public func instalment(of amount: Decimal) -> String {
        string(from: CurrencyFormatter.round(PriceBreakdown.instalment(of: amount), scale: 2), fractionDigits: 2)
    }

    /// A limit, rounded half-even to whole units.
    public func limit(_ amount: Decimal) -> String {
        string(from: CurrencyFormatter.round(amount, scale: 0), fractionDigits: 0)
    }

    /// The amount (already rounded) with `fractionDigits` decimals, by the rule.
    public func string(from amount: Decimal, fractionDigits: Int) -> String {
        let number = NSDecimalNumber(decimal: amount)
        switch rule {
        case .unitedStates:
            let forced: String? =
                switch currency {
                case .AUD: "A$"
                case .NZD: "NZ$"
                case .CAD: "CA$"
                case .USD, .GBP: nil
                }
            return format(number, locale: "en_US", symbol: forced ?? homeSymbol, digits: fractionDigits) ?? fallback(amount)
        case .foreignCurrency:
            let symbol = homeSymbol
            if symbol == "$" || symbol == "£" {
                let digits = Self.grouped(amount, fractionDigits: fractionDigits, clientLocale: normalizedClient)
                return symbol == "$" ? "$\(digits) \(currency.code)" : "£\(digits)"
            }
            return format(number, locale: normalizedClient, symbol: symbol, digits: fractionDigits) ?? fallback(amount)
        case .clientFormat:
            return format(number, locale: normalizedClient, symbol: nil, digits: fractionDigits) ?? fallback(amount)
        }
    }

    /// The number as the pattern `#,##0.00` writes it (a group separator every three digits from
    /// 1,000 on, `fractionDigits` decimals) with the client locale's separators. Written here
    /// because ICU's own style leaves 4-digit numbers ungrouped in es and it.
    static func grouped(_ amount: Decimal, fractionDigits: Int, clientLocale: String) -> String {
        let separators = NumberFormatters.with(.init(style: .decimal, locale: clientLocale)) {
            (group: $0.groupingSeparator ?? ",", decimal: $0.decimalSeparator ?? ".", minus: $0.minusSign ?? "-")
        }
        let text =
            NumberFormatters.with(.init(style: .plain, locale: "en_US_POSIX", digits: fractionDigits)) {
                $0.string(from: NSDecimalNumber(decimal: amount))
            } ?? "\(amount)"
        let negative = text.hasPrefix("-")
        let unsigned = negative ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: ".", maxSplits: 1).map(String.init)
        let integer = Array(parts.first ?? "0")
        var out = ""
        for (index, digit) in integer.enumerated() {
            if index > 0, (integer.count - index) % 3 == 0 { out += separators.group }
            out.append(digit)
        }
        if fractionDigits > 0 { out += separators.decimal + (parts.count > 1 ? parts[1] : String(repeating: "0", count: fractionDigits)) }
        return (negative ? separators.minus : "") + out
    }

    /// The client's currency style for the configuration's currency, with `symbol` if given.
    private func format(_ number: NSDecimalNumber, locale: String, symbol: String?, digits: Int) -> String? {
        NumberFormatters.with(.init(style: .currency, locale: locale, currency: currency.code, symbol: symbol, digits: digits)) {
            $0.string(from: number)
        }
    }

    /// Only if Foundation returns nothing: the ISO code and the number.
    private func fallback(_ amount: Decimal) -> String { "\(currency.code) \(amount)" }
}
