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
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: homeLocale.identifier)
        formatter.numberStyle = .currency
        formatter.currencyCode = currency.code
        return formatter.currencySymbol
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
            let formatter = currencyFormatter(locale: "en_US", digits: fractionDigits)
            formatter.currencySymbol = forced ?? homeSymbol
            return formatter.string(from: number) ?? fallback(amount)
        case .foreignCurrency:
            let symbol = homeSymbol
            if symbol == "$" || symbol == "£" {
                let digits = Self.grouped(amount, fractionDigits: fractionDigits, clientLocale: normalizedClient)
                return symbol == "$" ? "$\(digits) \(currency.code)" : "£\(digits)"
            }
            let formatter = currencyFormatter(locale: normalizedClient, digits: fractionDigits)
            formatter.currencySymbol = symbol
            return formatter.string(from: number) ?? fallback(amount)
        case .clientFormat:
            return currencyFormatter(locale: normalizedClient, digits: fractionDigits).string(from: number)
                ?? fallback(amount)
        }
    }

    /// The number as the pattern `#,##0.00` writes it (a group separator every three digits from
    /// 1,000 on, `fractionDigits` decimals) with the client locale's separators. Written here
    /// because ICU's own style leaves 4-digit numbers ungrouped in es and it.
    static func grouped(_ amount: Decimal, fractionDigits: Int, clientLocale: String) -> String {
        let symbols = NumberFormatter()
        symbols.locale = Locale(identifier: clientLocale)
        symbols.numberStyle = .decimal
        let plain = NumberFormatter()
        plain.locale = Locale(identifier: "en_US_POSIX")
        plain.numberStyle = .none
        plain.usesGroupingSeparator = false
        plain.minimumIntegerDigits = 1
        plain.minimumFractionDigits = fractionDigits
        plain.maximumFractionDigits = fractionDigits
        plain.roundingMode = .halfEven
        let text = plain.string(from: NSDecimalNumber(decimal: amount)) ?? "\(amount)"
        let negative = text.hasPrefix("-")
        let unsigned = negative ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: ".", maxSplits: 1).map(String.init)
        let integer = Array(parts.first ?? "0")
        var out = ""
        for (index, digit) in integer.enumerated() {
            if index > 0, (integer.count - index) % 3 == 0 { out += symbols.groupingSeparator }
            out.append(digit)
        }
        if fractionDigits > 0 { out += symbols.decimalSeparator + (parts.count > 1 ? parts[1] : String(repeating: "0", count: fractionDigits)) }
        return (negative ? (symbols.minusSign ?? "-") : "") + out
    }

    /// The client's currency style for the configuration's currency.
    private func currencyFormatter(locale: String, digits: Int) -> NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = .currency
        formatter.currencyCode = currency.code
        formatter.roundingMode = .halfEven
        formatter.minimumFractionDigits = digits
        formatter.maximumFractionDigits = digits
        return formatter
    }

    /// Only if Foundation returns nothing: the ISO code and the number.
    private func fallback(_ amount: Decimal) -> String { "\(currency.code) \(amount)" }
}
