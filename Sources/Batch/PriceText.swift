import BreakdownContent
import BreakdownOptions
import Foundation

/// Prices as shops export them: `1,299.00`, `$49.95`, `AUD 49.95`, `49.95 AUD`, and under
/// `--number-locale de_DE` `1.299,00 €`. Read digit by digit into a plain decimal text
/// (`1299.00`), never through a floating-point number, so the amount is exactly what was
/// written. A currency symbol or code must agree with the configuration's currency: a price is
/// never converted.
package struct PriceText: Sendable {
    /// The decimal separator and the grouping separators the number locale writes.
    let decimal: Character
    let grouping: Set<Character>
    /// `--number-locale` was given: a lone grouping separator is then not ambiguous.
    let localeGiven: Bool
    /// The locale's name in messages.
    let localeName: String

    /// Spaces a locale may group with (French uses a narrow no-break space) and around a symbol.
    static let spaces: Set<Character> = [" ", "\u{00A0}", "\u{202F}", "\u{2009}"]

    /// With no locale: `.` is the decimal separator and `,` groups thousands, but only where that
    /// cannot be read the other way (`1,299.00`; `1,299` alone is refused as ambiguous).
    package init(numberLocale: String?) {
        guard let numberLocale else {
            decimal = "."
            grouping = [","]
            localeGiven = false
            localeName = ""
            return
        }
        let locale = Locale(identifier: numberLocale)
        let decimalText = locale.decimalSeparator ?? "."
        let groupingText = locale.groupingSeparator ?? ","
        decimal = decimalText.first ?? "."
        var grouping: Set<Character> = groupingText.first.map { [$0] } ?? []
        if grouping.isDisjoint(with: Self.spaces) == false { grouping.formUnion(Self.spaces) }
        if grouping.contains("\u{2019}") { grouping.insert("'") }
        grouping.remove(decimal)
        self.grouping = grouping
        localeGiven = true
        localeName = numberLocale
    }

    /// What the amount field accepts, for error lines.
    var accepted: String {
        let groupingShown = grouping.contains(" ") ? "space" : grouping.sorted().map { "'\($0)'" }.joined(separator: " or ")
        let example = decimal == "," ? "1.299,00, 49,95 or 49,95 €" : "1299.00, 1,299.00, $49.95 or AUD 49.95"
        return "a price such as \(example) (decimal separator '\(decimal)', thousands grouped in threes by \(groupingShown))"
    }

    /// The amount as plain decimal text (`1299.00`), or why it cannot be read.
    ///
    /// No price is guessed: text a person could read as two amounts is refused, naming both.
    /// - a sole `.` or `,` followed by exactly three digits after a non-zero group of one to three
    ///   (`1.299`, `1,299`, `12.345`) is ambiguous under every number locale, given or not;
    /// - grouping separators must follow a leading group of one to three digits that does not
    ///   start with 0, then groups of exactly three (`0.005` and `1.2345` are not thousands);
    /// - no more fraction digits than the currency's minor units, unless the extra ones are
    ///   zeros (`49.999` is refused, `49.9900` is 49.99: nothing is rounded);
    /// - no sign: `-0` is refused like every other negative.
    /// - Parameter currency: the configuration's currency, when known; a symbol or code must agree.
    package func plain(_ text: String, currency: CurrencyCode?) -> PriceReading {
        let minorUnits = (currency ?? .AUD).minorUnitDigits
        // Plain decimals with at most the currency's fraction digits (the common case) pass unchanged.
        if decimal == ".", let fraction = Self.plainFractionDigits(text), fraction <= minorUnits { return .plain(text) }
        // A shop's usual form (`$49.95`, `$1,234.56`) read in one pass over its bytes.
        if let plain = dollars(text, minorUnits: minorUnits, currency: currency) { return .plain(plain) }
        return readLongWay(text, currency: currency)
    }

    /// `plain` without its two quick readings: every form, character by character, with the
    /// messages. (The quick readings must give what this gives; a test compares them.)
    func readLongWay(_ text: String, currency: CurrencyCode?) -> PriceReading {
        let minorUnits = (currency ?? .AUD).minorUnitDigits
        let shown = QuotedValue.quoted(text)
        var characters = Substring(text)
        func trim() {
            while let first = characters.first, Self.spaces.contains(first) || first == "\t" { characters.removeFirst() }
            while let last = characters.last, Self.spaces.contains(last) || last == "\t" { characters.removeLast() }
        }
        trim()
        guard !characters.isEmpty else { return .problem("empty") }
        if characters.first == "-" || characters.first == "(" || characters.last == ")" || characters.first == "\u{2212}" {
            return .problem("\(shown) is negative; prices are 0 or more, written without a sign")
        }
        if characters.first == "+" {
            return .problem("\(shown) has a sign; prices are 0 or more, written without one")
        }
        // The currency mark: before the first digit or after the last one, not both.
        let firstDigit = characters.firstIndex { $0.isASCII && $0.isNumber }
        let lastDigit = characters.lastIndex { $0.isASCII && $0.isNumber }
        guard let firstDigit, var lastDigit else { return .problem("\(shown) is not valid; expected \(accepted)") }
        var start = firstDigit
        // A trailing decimal separator too (`12.`), so the number says what is wrong with it.
        let afterLast = characters.index(after: lastDigit)
        if afterLast < characters.endIndex, characters[afterLast] == decimal { lastDigit = afterLast }
        // A leading decimal separator belongs to the number (`.50`).
        if start > characters.startIndex, characters[characters.index(before: start)] == decimal {
            start = characters.index(before: start)
        }
        let before = String(characters[..<start]).trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\u{00A0}\u{202F}")))
        let after = String(characters[characters.index(after: lastDigit)...]).trimmingCharacters(
            in: .whitespaces.union(CharacterSet(charactersIn: "\u{00A0}\u{202F}")))
        if !before.isEmpty, !after.isEmpty {
            return .problem("\(shown) has text before and after the number; expected \(accepted)")
        }
        let mark = before.isEmpty ? after : before
        if mark.hasSuffix("-") || mark.hasSuffix("\u{2212}") {
            return .problem("\(shown) is negative; prices are 0 or more, written without a sign")
        }
        if !mark.isEmpty {
            guard let meaning = Self.currencies(of: mark) else {
                let codes = CurrencyCode.allCases.map(\.code).joined(separator: ", ")
                return .problem(
                    "\(shown): \(QuotedValue.quoted(mark)) is not a currency symbol or code; expected $, A$, C$, NZ$, US$, £ or a code (\(codes)) before or after the number"
                )
            }
            if let currency, !meaning.codes.contains(currency) {
                return .problem(
                    "\(shown) is in \(meaning.name) but the configuration's currency is \(currency.code); prices are not converted: give the price in \(currency.code) or set currency"
                )
            }
        }
        let number = String(characters[start...lastDigit])
        if let ambiguity = Self.ambiguity(number, shown: shown, minorUnits: minorUnits) { return .ambiguous(ambiguity) }
        return self.number(number, shown: shown, minorUnits: minorUnits, currency: currency)
    }

    /// `$` and a number as `plain` reads it, in the default locale only (`.` decimal, `,` thousands):
    /// digits, or a first group of one to three digits not starting with 0 and groups of three
    /// after `,`, then a fraction of one to `minorUnits` digits (required when grouped: `1,299`
    /// alone is ambiguous). The plain decimal text, or nil for anything else, which `plain` then
    /// reads the long way (with its messages); the same result as that way (a test compares them).
    private func dollars(_ text: String, minorUnits: Int, currency: CurrencyCode?) -> String? {
        guard !localeGiven, decimal == ".", currency.map({ Self.dollarCodes.contains($0) }) ?? true else { return nil }
        var utf8 = text.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "$") else { return nil }
        var digits: [UInt8] = []
        digits.reserveCapacity(text.utf8.count)
        var group = 0, groups = 0, fraction = -1
        while let byte = utf8.next() {
            if byte >= 0x30, byte <= 0x39 {
                if fraction < 0 {
                    if groups == 0, group == 0, byte == UInt8(ascii: "0"), text.utf8.contains(UInt8(ascii: ",")) { return nil }
                    group += 1
                } else {
                    fraction += 1
                }
                digits.append(byte)
            } else if byte == UInt8(ascii: ","), fraction < 0 {
                // Each group but the first has exactly three digits; the first one to three.
                guard groups == 0 ? (1...3).contains(group) : group == 3 else { return nil }
                groups += 1
                group = 0
            } else if byte == UInt8(ascii: "."), fraction < 0, group > 0 {
                fraction = 0
                digits.append(byte)
            } else {
                return nil
            }
        }
        if groups > 0 { guard group == 3, fraction >= 1 else { return nil } }
        guard group > 0, fraction != 0, fraction <= minorUnits else { return nil }
        return String(decoding: digits, as: UTF8.self)
    }

    /// What `$` may stand for (`currencies(of: "$")`).
    private static let dollarCodes: Set<CurrencyCode> = currencies(of: "$")?.codes ?? []

    /// The one money rule's ambiguity (`PriceRule`), which every door applies.
    static func ambiguity(_ number: String, shown: String, minorUnits: Int) -> String? {
        PriceRule.ambiguity(number, shown: shown, minorUnits: minorUnits)
    }

    /// Digits, one decimal separator, thousands grouped in threes; to plain decimal text.
    private func number(_ text: String, shown: String, minorUnits: Int, currency: CurrencyCode?) -> PriceReading {
        var integer = ""
        var fraction = ""
        var sawDecimal = false
        var groups: [Int] = []  // digits in each group of the integer part
        var digitsInGroup = 0
        var groupingUsed: Character?
        for character in text {
            if character.isASCII, character.isNumber {
                if sawDecimal { fraction.append(character) } else { integer.append(character) }
                digitsInGroup += 1
            } else if character == decimal {
                guard !sawDecimal else { return .problem("\(shown) has two decimal separators '\(decimal)'; expected \(accepted)") }
                sawDecimal = true
                groups.append(digitsInGroup)
                digitsInGroup = 0
            } else if grouping.contains(character) {
                if sawDecimal {
                    return .problem("\(shown) has a separator '\(character)' after the decimal separator; expected \(accepted)")
                }
                let normalized: Character = Self.spaces.contains(character) ? " " : character
                if let groupingUsed, groupingUsed != normalized {
                    return .problem("\(shown) mixes the separators '\(groupingUsed)' and '\(character)'; expected \(accepted)")
                }
                groupingUsed = normalized
                groups.append(digitsInGroup)
                digitsInGroup = 0
            } else {
                return .problem("\(shown) has \(QuotedValue.quoted(String(character))) inside the number; expected \(accepted)")
            }
        }
        if !sawDecimal { groups.append(digitsInGroup) }
        if let groupingUsed {
            // The integer part: 1–3 digits not starting with 0, then groups of exactly three.
            let valid = (1...3).contains(groups[0]) && integer.first != "0" && groups.dropFirst().allSatisfy { $0 == 3 }
            if !valid {
                let hint = localeGiven || groupingUsed != "," ? "" : " (a ',' decimal separator needs --number-locale, e.g. de_DE)"
                let zero = groups[0] > 0 && integer.first == "0" ? " (a group of thousands cannot start with 0)" : ""
                return .problem("\(shown): '\(groupingUsed)' does not group thousands in threes\(zero)\(hint); expected \(accepted)")
            }
        }
        if integer.isEmpty, fraction.isEmpty { return .problem("\(shown) has no digits; expected \(accepted)") }
        if sawDecimal, fraction.isEmpty { return .problem("\(shown) ends with the decimal separator; expected \(accepted)") }
        if let excess = PriceRule.excessFraction(integer: integer, fraction: fraction, shown: shown, minorUnits: minorUnits, currency: currency?.code) {
            return .problem(excess)
        }
        return .plain((integer.isEmpty ? "0" : integer) + (fraction.isEmpty ? "" : "." + fraction))
    }

    /// The number of fraction digits of ASCII digits with at most one `.` between digits (what
    /// `--amount` takes as it is), or nil when the text is not such a number.
    static func plainFractionDigits(_ text: String) -> Int? {
        var sawPoint = false
        var digits = 0
        var fraction = 0
        var last: UInt8 = 0
        for byte in text.utf8 {
            if byte >= 0x30, byte <= 0x39 {
                digits += 1
                if sawPoint { fraction += 1 }
            } else if byte == UInt8(ascii: "."), !sawPoint, digits > 0 {
                sawPoint = true
            } else {
                return nil
            }
            last = byte
        }
        return digits > 0 && last != UInt8(ascii: ".") ? fraction : nil
    }

    /// The price text this reads, as one regular expression (ECMA-262, as JSON Schema's
    /// `pattern`, and Python's `re`): a number in the locale's separators with at most
    /// `minorUnits` fraction digits (more only as zeros), no sign, the ambiguous form excluded,
    /// a currency symbol or code before or after it. Whether the mark agrees with a record's
    /// currency is beyond a pattern; € and EUR, which agree with none, are left out.
    package func schemaPattern(minorUnits: Int = 2) -> String {
        func escaped(_ character: Character) -> String {
            "\\^$.|?*+()[]{}/-".contains(character) ? "\\" + String(character) : String(character)
        }
        func insensitive(_ text: String) -> String {
            text.map { $0.isLetter ? "[\($0.uppercased())\($0.lowercased())]" : escaped($0) }.joined()
        }
        // Around the number and its mark: any Unicode space or a tab (as the reader trims them);
        // inside it, only the spaces a locale groups with.
        let space = "[\\t \\u00A0\\u1680\\u2000-\\u200A\\u202F\\u205F\\u3000]"
        let groupSpace = "[ \\u00A0\\u202F\\u2009]"
        let marks = ["A$", "AU$", "C$", "CA$", "NZ$", "US$", "$", "£"] + CurrencyCode.allCases.map(\.code)
        let mark = "(" + marks.map(insensitive).joined(separator: "|") + ")"
        let point = escaped(decimal)
        // One grouping separator throughout (the spaces count as one).
        var groupings: [String] = []
        let nonSpace = grouping.subtracting(Self.spaces).sorted()
        for character in nonSpace { groupings.append(escaped(character)) }
        if !grouping.isDisjoint(with: Self.spaces) { groupings.append(groupSpace) }
        var integers = ["[0-9]+"]
        for separator in groupings { integers.append("[1-9][0-9]{0,2}(" + separator + "[0-9]{3})+") }
        let fraction = point + "[0-9]{1,\(minorUnits)}0*"
        let number = "((" + integers.joined(separator: "|") + ")(" + fraction + ")?|" + fraction + ")"
        // The end of the text, in both dialects (`$` also matches before a final newline in Python's).
        let end = "(?![\\s\\S])"
        let ambiguous = "(?![1-9][0-9]{0,2}[.,][0-9]{3}([^0-9.,]|" + end + "))"
        let priced = ambiguous + number
        // At most 38 digits: what an exact decimal holds.
        let digits = "(?!([^0-9]*[0-9]){39})"
        return "^" + digits + space + "*(" + mark + space + "*" + priced + "|" + priced + "(" + space + "*" + mark + ")?)" + space + "*" + end
    }

    /// The currencies a symbol or code stands for, and its name in messages.
    static func currencies(of mark: String) -> (codes: Set<CurrencyCode>, name: String)? {
        switch mark.uppercased() {
        case "$": return ([.AUD, .CAD, .NZD, .USD], "dollars ($)")
        case "A$", "AU$": return ([.AUD], "Australian dollars (\(mark))")
        case "C$", "CA$": return ([.CAD], "Canadian dollars (\(mark))")
        case "NZ$": return ([.NZD], "New Zealand dollars (\(mark))")
        case "US$": return ([.USD], "US dollars (\(mark))")
        case "£": return ([.GBP], "pounds sterling (£)")
        case "€", "EUR": return ([], "euros (\(mark))")
        default:
            if let code = CurrencyCode(rawValue: mark.uppercased()) { return ([code], code.code) }
            return nil
        }
    }
}

/// A price read: its plain decimal text, or why it cannot be read (for the error line).
package enum PriceReading: Sendable, Hashable {
    case plain(String)
    case problem(String)
    /// Text a person could read as two amounts (`1.299`): why, naming both.
    case ambiguous(String)
}
