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
    /// - Parameter currency: the configuration's currency, when known; a symbol or code must agree.
    package func plain(_ text: String, currency: CurrencyCode?) -> PriceReading {
        // Plain decimals (the common case, and every JSON number) pass unchanged.
        if decimal == ".", Self.isPlain(text) { return .plain(text) }
        // A negative plain number: the option's own check says prices are not negative.
        if decimal == ".", text.hasPrefix("-"), Self.isPlain(String(text.dropFirst())) { return .plain(text) }
        let shown = QuotedValue.quoted(text)
        var characters = Substring(text)
        func trim() {
            while let first = characters.first, Self.spaces.contains(first) || first == "\t" { characters.removeFirst() }
            while let last = characters.last, Self.spaces.contains(last) || last == "\t" { characters.removeLast() }
        }
        trim()
        guard !characters.isEmpty else { return .problem("empty") }
        if characters.first == "-" || characters.first == "(" || characters.last == ")" {
            return .problem("\(shown) is negative; prices are 0 or more")
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
        return number(String(characters[start...lastDigit]), shown: shown)
    }

    /// Digits, one decimal separator, thousands grouped in threes; to plain decimal text.
    private func number(_ text: String, shown: String) -> PriceReading {
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
            // The integer part: 1–3 digits, then groups of exactly three.
            let valid = (1...3).contains(groups[0]) && groups.dropFirst().allSatisfy { $0 == 3 }
            if !valid {
                let hint = localeGiven ? "" : " (a ',' decimal separator needs --number-locale, e.g. de_DE)"
                return .problem("\(shown): '\(groupingUsed)' does not group thousands in threes\(hint); expected \(accepted)")
            }
            if !localeGiven, !sawDecimal, groups.count == 2 {
                // `1,299` reads two ways in the world's locales; `1,299.00` one.
                return .problem(
                    "\(shown) is ambiguous (\(integer), or \(integer.prefix(groups[0])).\(integer.dropFirst(groups[0])) where ',' is the decimal separator); write \(integer) or \(integer.prefix(groups[0])),\(integer.dropFirst(groups[0])).00, or give --number-locale (en_US: ',' groups thousands; de_DE: ',' is the decimal separator)"
                )
            }
        }
        if integer.isEmpty, fraction.isEmpty { return .problem("\(shown) has no digits; expected \(accepted)") }
        if sawDecimal, fraction.isEmpty { return .problem("\(shown) ends with the decimal separator; expected \(accepted)") }
        return .plain((integer.isEmpty ? "0" : integer) + (fraction.isEmpty ? "" : "." + fraction))
    }

    /// ASCII digits with at most one `.` between digits: what `--amount` takes as it is.
    static func isPlain(_ text: String) -> Bool {
        var sawPoint = false
        var digits = 0
        var last: UInt8 = 0
        for byte in text.utf8 {
            if byte >= 0x30, byte <= 0x39 {
                digits += 1
            } else if byte == UInt8(ascii: "."), !sawPoint, digits > 0 {
                sawPoint = true
            } else {
                return false
            }
            last = byte
        }
        return digits > 0 && last != UInt8(ascii: ".")
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
}
