import Foundation

/// The one rule for a price written as text, which every door (`--amount`, a query's `amount`, a
/// manifest's, a verify manifest's, `Amount("…")`) passes through: a price is never guessed and
/// never rounded. Batch's shop-price reader (`PriceText`) applies it after taking off currency
/// marks and thousands separators; the plain-decimal doors apply it to the text as written.
///
/// - A sole `.` or `,` between a non-zero group of one to three digits and exactly three digits
///   (`1.299`, `1,299`, `12.345`) is thousands in half of the world's locales and a decimal
///   fraction in the other: refused, naming both readings.
/// - More fraction digits than the currency has are refused unless the extra ones are zeros
///   (`49.999` is refused, `49.9900` is 49.99).
/// - A sign is refused, `-0` and `+5` included: prices are 0 or more, written without one.
/// - A trailing decimal separator (`100.`) is refused: a digit may be missing.
package enum PriceRule {
    /// The most fraction digits any supported currency has (every one has 2): where the currency
    /// is not known yet (an option checked before the configuration is read).
    package static let anyCurrencyMinorUnits = CurrencyCode.allCases.map(\.minorUnitDigits).max() ?? 2

    /// Why `number` (digits and separators, no sign or currency mark) is ambiguous, naming both
    /// readings; nil when it is not. `shown` is the text as the message quotes it.
    package static func ambiguity(_ number: String, shown: String, minorUnits: Int) -> String? {
        let bytes = Array(number.utf8)
        guard (5...7).contains(bytes.count) else { return nil }
        let separator = bytes[bytes.count - 4]
        guard separator == UInt8(ascii: ".") || separator == UInt8(ascii: ",") else { return nil }
        let lead = bytes[..<(bytes.count - 4)]
        let tail = bytes[(bytes.count - 3)...]
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        guard lead.allSatisfy(isDigit), tail.allSatisfy(isDigit), lead.first != UInt8(ascii: "0") else { return nil }
        let integer = String(decoding: lead, as: UTF8.self)
        let digits = String(decoding: tail, as: UTF8.self)
        let mark = Character(UnicodeScalar(separator))
        let thousands = mark == "." ? "de_DE" : "en_US"
        let decimals = mark == "." ? "en_US" : "de_DE"
        return "\(shown) is ambiguous: \(integer)\(digits) where '\(mark)' groups thousands (as in \(thousands)), or \(integer).\(digits) where '\(mark)' is the decimal separator (as in \(decimals)); prices are never guessed, under any --number-locale: write \(integer)\(digits) or \(integer)\(digits).00 for the first, or at most \(minorUnits) decimals (\(integer).\(digits.prefix(minorUnits))) for the second"
    }

    /// Why a price with integer digits `integer` and fraction digits `fraction` has too many
    /// fraction digits for `currency` (nil: the currency is not known yet); nil when it has not.
    package static func excessFraction(integer: String, fraction: String, shown: String, minorUnits: Int, currency: String?) -> String? {
        guard fraction.count > minorUnits, fraction.dropFirst(minorUnits).contains(where: { $0 != "0" }) else { return nil }
        let code = currency ?? "the currency"
        let kept = (integer.isEmpty ? "0" : integer) + "." + fraction.prefix(minorUnits)
        return "\(shown) has \(fraction.count) digits after the decimal separator, but \(code) has \(minorUnits); prices are not rounded: write at most \(minorUnits) (such as \(kept))"
    }

    /// Why a negative price is refused, quoting it as `shown`.
    package static func negative(_ shown: String) -> String { "\(shown) is negative; prices are 0 or more, written without a sign" }

    /// Why `text`, a price in plain decimal notation (`100`, `25.50`, `.5`), breaks the rule; nil
    /// when it keeps it. Text that is not plain decimal notation at all is left to the caller's
    /// own check (nil here).
    package static func problem(plainDecimal text: String, minorUnits: Int = anyCurrencyMinorUnits, currency: String? = nil) -> String? {
        let shown = QuotedValue.quoted(text)
        if text.hasPrefix("-") || text.hasPrefix("\u{2212}") { return negative(shown) }
        if text.hasPrefix("+") { return "\(shown) has a sign; prices are 0 or more, written without one" }
        if text.hasSuffix(".") {
            return "\(shown) ends with the decimal separator; write \(text.dropLast()) or \(text)\(String(repeating: "0", count: minorUnits))"
        }
        if let ambiguity = ambiguity(text, shown: shown, minorUnits: minorUnits) { return ambiguity }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return excessFraction(integer: String(parts[0]), fraction: String(parts[1]), shown: shown, minorUnits: minorUnits, currency: currency)
    }

    /// A JSON number's text as a price: it means what it says (`1.299` is one point two nine
    /// nine, never thousands), so it is never ambiguous, but more fraction digits than the
    /// currency has are refused (nothing is rounded) and extra zeros are dropped (`1.290` is
    /// 1.29), so that what goes on is plain text no door reads two ways. `.failure` says why.
    package static func jsonNumber(_ text: String, minorUnits: Int = anyCurrencyMinorUnits, currency: String? = nil) -> Result<String, PriceRuleProblem> {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) else { return .success(text) }
        if let excess = excessFraction(integer: String(parts[0]), fraction: String(parts[1]), shown: text, minorUnits: minorUnits, currency: currency) {
            return .failure(PriceRuleProblem(message: excess))
        }
        guard parts[1].count > minorUnits else { return .success(text) }
        let kept = parts[1].prefix(minorUnits)
        return .success(String(parts[0]) + (kept.isEmpty ? "" : "." + kept))
    }
}

/// Why a price breaks `PriceRule`, in one line.
package struct PriceRuleProblem: Error, Sendable, Hashable {
    package var message: String
}
