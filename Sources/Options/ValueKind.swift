import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import BreakdownContent
import Foundation

/// What an option's value must look like. Checked the same way for argv and manifest records.
public enum ValueKind: Sendable, Hashable {
    /// Any non-empty text.
    case text
    /// One of these exact words.
    case choice([String])
    /// One or several of these words separated by commas (`1,2,3`), each at most once.
    case choiceList([String])
    /// Plain decimal notation (`Decimal(decimalString:)`), e.g. `100` or `25.50`, not negative
    /// (a price).
    case decimal
    /// A whole number in a range.
    case integer(ClosedRange<Int>)
    /// A number in a range.
    case number(ClosedRange<Double>)
    /// A locale identifier `language[_Script][_REGION]` whose language (and region) Foundation knows.
    case localeIdentifier
    /// A safe file-name word: letters, digits, `.`, `_`, `-`.
    case fileName
    /// A path to write a file or folder to (`--report`, `--metadata`): any text but `-`, which
    /// reads as standard output and would be a file named `-`; `./-` names that file.
    case outputPath
    /// `#RRGGBB` or `#RRGGBBAA`.
    case color
    /// A colour, or `transparent`.
    case colorOrTransparent

    /// Prices from here up are refused: their quarter, to the cent, would pass 2^53 hundredths,
    /// where the currency formatter's Double stops being exact.
    static let largestPrice = Decimal(100_000_000_000_000)

    /// nil when `value`, of an acceptable form (`problem(with:)` is nil), keeps the rules of its
    /// kind, else why not, quoting it: for a price, the one money rule (`PriceRule`: never an
    /// ambiguous `1.299`, never more decimals than a currency has, never a sign); for a locale,
    /// numbers in decimal digits (`NumberingSystem`). Every door that reads options passes here.
    package func refusal(of value: String) -> String? {
        switch self {
        case .decimal: PriceRule.problem(plainDecimal: value)
        // A price is never drawn in a numbering system without decimal digits (`roman`, `hans`).
        case .localeIdentifier: NumberingSystem.problem(localeIdentifier: value)
        default: nil
        }
    }

    /// What a price option accepts when `price` (not negative) is out of its range, else nil: the
    /// instalment is formatted to the cent through a Double, exact below 10^14. The one range
    /// check for a price given as text (`problem(with:)`) or as a value (`ParsedOptions.set(_:price:text:)`).
    package static func priceRangeProblem(_ price: Decimal) -> String? {
        guard price >= largestPrice else { return nil }
        return "a decimal number below 100000000000000, such as 100 or 25.50 (a larger price cannot be drawn exactly to the cent)"
    }

    /// nil when `value` is acceptable, else what is accepted (for the error line).
    package func problem(with value: String) -> String? {
        switch self {
        case .text:
            return value.isEmpty ? "a non-empty text" : nil
        case .choice(let values):
            return values.contains(value) ? nil : "one of " + values.joined(separator: ", ")
        case .choiceList(let values):
            let words = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
            let accepted = "one of " + values.joined(separator: ", ") + ", or several separated by commas (each once)"
            return words.allSatisfy(values.contains) && Set(words).count == words.count ? nil : accepted
        case .decimal:
            guard let number = Decimal(decimalString: value) else { return "a decimal number such as 100 or 25.50" }
            // A sign (negative or not) is the price rule's to refuse, in its words (`refusal(of:)`).
            if number < 0 { return nil }
            return Self.priceRangeProblem(number)
        case .integer(let range):
            guard let number = Int(value), range.contains(number) else {
                return "a whole number from \(range.lowerBound) to \(range.upperBound)"
            }
            return nil
        case .number(let range):
            guard let number = Double(value), number.isFinite, range.contains(number) else {
                return "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
            }
            return nil
        case .localeIdentifier:
            return Self.isLocaleIdentifier(value) ? nil : "a locale identifier such as en_AU, fr_CA, es_US, en_US_POSIX or en_AU@currency=USD"
        case .outputPath:
            return value.isEmpty || value == "-"
                ? "a path to write to ('-' here would be a file named '-', not standard output; ./- names that file)" : nil
        case .fileName:
            let allowed = value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
            return !value.isEmpty && allowed && !value.hasPrefix(".") ? nil : "a name of letters, digits, '.', '_' and '-'"
        case .color:
            return (try? RGBAColor(hex: value)) == nil ? "a colour #RRGGBB or #RRGGBBAA" : nil
        case .colorOrTransparent:
            return value == "transparent" || (try? RGBAColor(hex: value)) != nil ? nil : "transparent or a colour #RRGGBB or #RRGGBBAA"
        }
    }

    /// The words listed in help after the option's text, if any.
    var helpValues: String? {
        if case .choice(let values) = self { return values.joined(separator: ", ") }
        if case .choiceList(let values) = self { return values.joined(separator: ", ") + " (or several: 1,2,3)" }
        return nil
    }

    private static func format(_ value: Double) -> String { value.shortText }

    /// `ll`, `lll`, with an optional 4-letter script and 2-letter or 3-digit region, `_` or `-`
    /// separated; the language and region must be ISO codes Foundation knows. As iOS accepts them,
    /// a variant may follow the region (`en_US_POSIX`: 5 to 8 letters or digits, or 4 starting
    /// with a digit), and `@` keywords may end it (`en_AU@currency=USD`, `key=value` pairs
    /// separated by `;`).
    static func isLocaleIdentifier(_ value: String) -> Bool {
        var base = Substring(value)
        if let at = value.firstIndex(of: "@") {
            guard isLocaleKeywords(value[value.index(after: at)...]) else { return false }
            base = value[..<at]
        }
        var parts = base.split(separator: "_", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        if parts.count >= 3, let variant = parts.last, isLocaleVariant(variant) {
            // A variant only after a region (the part before it is not the language).
            let beforeVariant = parts[parts.count - 2]
            guard beforeVariant.count == 2 || (beforeVariant.count == 3 && beforeVariant.allSatisfy({ $0.isASCII && $0.isNumber })) else {
                return false
            }
            parts.removeLast()
        }
        guard (1...3).contains(parts.count) else { return false }
        let language = parts[0]
        guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }),
            Locale.LanguageCode.isoLanguageCodes.contains(Locale.LanguageCode(language.lowercased()))
        else { return false }
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy({ $0.isASCII && $0.isLetter }) {
            rest = rest.dropFirst()
        }
        guard let region = rest.first else { return true }
        guard rest.count == 1 else { return false }
        if region.count == 3, region.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        return region.count == 2 && region.allSatisfy({ $0.isASCII && $0.isLetter })
            && Locale.Region.isoRegions.contains(Locale.Region(region.uppercased()))
    }

    /// A locale variant: 5 to 8 ASCII letters or digits (`POSIX`), or 4 starting with a digit.
    private static func isLocaleVariant(_ part: Substring) -> Bool {
        guard part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        return (5...8).contains(part.count) || (part.count == 4 && part.first?.isNumber == true)
    }

    /// `key=value` pairs separated by `;` (`currency=USD`, `calendar=buddhist;numbers=thai`).
    private static func isLocaleKeywords(_ text: Substring) -> Bool {
        let pairs = text.split(separator: ";", omittingEmptySubsequences: false)
        return !pairs.isEmpty && pairs.allSatisfy { pair in
            let sides = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard sides.count == 2, !sides[0].isEmpty, !sides[1].isEmpty else { return false }
            return sides[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
                && sides[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_/".contains($0)) })
        }
    }
}
