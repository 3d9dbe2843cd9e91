import Foundation

extension Decimal {
    /// Parses plain decimal notation without loss: an optional sign, digits, and an optional
    /// fraction (`100`, `100.00`, `.5`, `-2`, `+3.`). Rejects everything else: empty text,
    /// surrounding spaces, exponents (`1e3`), `NaN`, `inf`, thousands separators, trailing junk,
    /// and numbers `Decimal` cannot hold exactly (more than 38 significant digits).
    public init?(decimalString text: String) {
        switch Self.parseShort(text) {
        case .value(let value): self = value
        case .invalid: return nil
        case .long:
            guard let value = Self.parseLong(text) else { return nil }
            self = value
        }
    }

    private enum ShortParse {
        case value(Decimal)
        case invalid
        /// More than 19 significant digits: the general path decides.
        case long
    }

    /// One pass over the bytes for numbers of up to 19 significant digits (every price and
    /// limit): the digits make an exact `UInt64` significand and the fraction's length the
    /// exponent. Far cheaper than `Decimal(string:locale:)`, which a batch called several
    /// times a record.
    private static func parseShort(_ text: String) -> ShortParse {
        var bytes = text.utf8[...]
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var significand: UInt64 = 0
        var significantDigits = 0, fractionDigits = 0
        var sawDigit = false, sawPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                if sawPoint { return .invalid }
                sawPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return .invalid }
            sawDigit = true
            if sawPoint { fractionDigits += 1 }
            // Leading zeros of the integer part add nothing.
            if significand == 0, byte == UInt8(ascii: "0"), !sawPoint { continue }
            significantDigits += 1
            guard significantDigits <= 19 else { return .long }
            significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        guard sawDigit else { return .invalid }
        return .value(Decimal(sign: negative && significand != 0 ? .minus : .plus, exponent: -fractionDigits, significand: Decimal(significand)))
    }

    /// The general path: checked against what `Decimal` holds exactly, then `Decimal(string:)`.
    private static func parseLong(_ text: String) -> Decimal? {
        var rest = Substring(text)
        if let first = rest.first, first == "+" || first == "-" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerPart = parts[0]
        let fractionPart = parts.count > 1 ? parts[1] : ""
        func isDigits(_ s: Substring) -> Bool { s.allSatisfy { $0.isASCII && $0.isNumber } }
        guard isDigits(integerPart), isDigits(fractionPart), !(integerPart.isEmpty && fractionPart.isEmpty)
        else { return nil }
        // Keep within what Decimal represents exactly.
        let integerDigits = integerPart.drop { $0 == "0" }
        let fractionDigits = fractionPart.reversed().drop { $0 == "0" }
        let significant = (String(integerDigits) + String(fractionDigits.reversed())).drop { $0 == "0" }
        guard integerDigits.count <= 38, fractionDigits.count <= 38, significant.count <= 38,
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN
        else { return nil }
        return value
    }
}
