import Foundation

/// One currency formatter's way of writing an amount, taken apart once from its own output:
/// the text before and after the number, the grouping separator (groups of three) and the decimal
/// separator. A record's instalment is then written by joining its digits with them instead of a
/// trip through ICU (formatting was most of what a record's content still cost).
///
/// Made only when it writes a set of probe amounts exactly as the formatter does (small and
/// large, with and without groups and cents); a formatter with any other shape — Indian grouping,
/// digits that are not ASCII, a separator that moves — gets no template and keeps formatting
/// through ICU. Amounts are written from their exact decimal digits, never through a Double.
struct AmountTemplate: Sendable, Hashable {
    let prefix: String
    let suffix: String
    let group: String
    let decimal: String
    /// Fraction digits: the currency's minor unit digits.
    let digits: Int

    /// The amounts a template must write exactly as the formatter does before it is used.
    static let probes = [
        "0", "0.05", "7.5", "12.34", "999.99", "1000", "1000.01", "10000.1", "123456.78", "1234567.89", "9999999.99",
        "100000000.5", "2147483648.25",
    ]

    /// The template of `format` (which writes a non-negative amount rounded to `digits`), or nil
    /// when the probes do not all come out the same both ways.
    init?(digits: Int, format: (Decimal) -> String) {
        guard (0...4).contains(digits) else { return nil }
        // 1234567 with fraction digits 8, 9, …: both groups and every fraction digit distinct.
        let fraction = String("89123".prefix(digits))
        let probeText = digits == 0 ? "1234567" : "1234567." + fraction
        guard let probe = Decimal(string: probeText, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        let written = Array(format(probe).unicodeScalars)
        guard let first = written.firstIndex(where: Self.isDigit), let last = written.lastIndex(where: Self.isDigit) else { return nil }
        // The middle is 1 g 234 g 567 (d fraction): read the separators between the digit runs.
        var runs: [String] = [], separators: [String] = []
        var index = first
        while index <= last {
            var run = "", separator = ""
            while index <= last, Self.isDigit(written[index]) {
                run.unicodeScalars.append(written[index])
                index += 1
            }
            while index <= last, !Self.isDigit(written[index]) {
                separator.unicodeScalars.append(written[index])
                index += 1
            }
            runs.append(run)
            if !separator.isEmpty { separators.append(separator) }
        }
        let expectedRuns = digits == 0 ? ["1", "234", "567"] : ["1", "234", "567", fraction]
        guard runs == expectedRuns, separators.count == expectedRuns.count - 1, separators[0] == separators[1] else { return nil }
        var prefix = "", suffix = ""
        prefix.unicodeScalars.append(contentsOf: written[..<first])
        suffix.unicodeScalars.append(contentsOf: written[(last + 1)...])
        self.prefix = prefix
        self.suffix = suffix
        self.group = separators[0]
        self.decimal = digits == 0 ? "" : separators[2]
        self.digits = digits
        // Every probe, both ways.
        for text in Self.probes {
            guard let amount = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
            var input = amount, rounded = Decimal()
            NSDecimalRound(&rounded, &input, digits, .bankers)
            guard let mine = string(rounded), mine == format(rounded) else { return nil }
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// `amount` (non-negative, already rounded to `digits`) written as the formatter writes it;
    /// nil when its exact digits cannot be read (then the caller formats it through ICU).
    func string(_ amount: Decimal) -> String? {
        guard !amount.isSignMinus, amount.isFinite else { return nil }
        // Decimal's description is its exact digits, with at most one point and no exponent.
        var text = Self.exactText(amount)
        // Read and written as UTF-8 bytes: the digits are ASCII, the template's parts are appended whole.
        return text.withUTF8 { bytes -> String? in
            let point = bytes.firstIndex(of: 0x2E) ?? bytes.count
            let count = point, cents = point < bytes.count ? bytes.count &- point &- 1 : 0
            guard count > 0, cents <= digits else { return nil }
            for index in bytes.indices where index != point {
                guard bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
            }
            var result: [UInt8] = []
            result.reserveCapacity(prefix.utf8.count + suffix.utf8.count + 2 * count + decimal.utf8.count + digits + 8)
            result.append(contentsOf: prefix.utf8)
            for offset in 0..<count {
                if offset > 0, (count - offset) % 3 == 0 { result.append(contentsOf: group.utf8) }
                result.append(bytes[offset])
            }
            if digits > 0 {
                result.append(contentsOf: decimal.utf8)
                if cents > 0 { result.append(contentsOf: bytes[(point + 1)...]) }
                for _ in cents..<digits { result.append(0x30) }
            }
            result.append(contentsOf: suffix.utf8)
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// `amount.description` (a non-negative amount's exact digits, a point where its exponent
    /// puts one), written from its significand as a whole number when that is exact in 53 bits:
    /// about 40 times faster than Decimal's own, which divides the digits out one at a time.
    /// Any other amount (zero, more digits, a far exponent) is Decimal's own description.
    static func exactText(_ amount: Decimal) -> String {
        let significand = amount.significand, exponent = amount.exponent
        let approximate = NSDecimalNumber(decimal: significand).doubleValue
        guard !amount.isSignMinus, approximate >= 1, approximate < 0x1p53, (-38...38).contains(exponent),
            let whole = UInt64(exactly: approximate), Decimal(whole) == significand
        else { return amount.description }
        let digits = String(whole)
        if exponent >= 0 { return digits + String(repeating: "0", count: exponent) }
        let fraction = -exponent
        if digits.utf8.count > fraction {
            let point = digits.utf8.index(digits.utf8.endIndex, offsetBy: -fraction)
            return digits[..<point] + "." + digits[point...]
        }
        return "0." + String(repeating: "0", count: fraction - digits.utf8.count) + digits
    }
}
