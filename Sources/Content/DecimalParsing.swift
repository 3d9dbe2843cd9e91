import Foundation

extension Decimal {
    /// Parses plain decimal notation without loss: an optional sign, digits, and an optional
    /// fraction (`100`, `100.00`, `.5`, `-2`, `+3.`). Rejects everything else: empty text,
    /// surrounding spaces, exponents (`1e3`), `NaN`, `inf`, thousands separators, trailing junk,
    /// and numbers `Decimal` cannot hold exactly (more than 38 significant digits).
    public init?(decimalString text: String) {
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
        self = value
    }
}
