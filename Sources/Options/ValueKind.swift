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

    /// Prices from here up are refused (`InputRule.largestPrice`).
    static var largestPrice: Decimal { InputRule.largestPrice }

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
    /// one range check for a price given as text (`problem(with:)`), as a value
    /// (`ParsedOptions.set(_:price:text:)`) or as the library's typed `Amount` (`InputRule`).
    package static func priceRangeProblem(_ price: Decimal) -> String? { InputRule.priceRangeProblem(price) }

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
            guard let number = Double(value), InputRule.isNumber(number, in: range) else { return InputRule.numberAccepted(range) }
            return nil
        case .localeIdentifier:
            return InputRule.isLocaleIdentifier(value) ? nil : InputRule.localeIdentifierAccepted
        case .outputPath:
            return value.isEmpty || value == "-"
                ? "a path to write to ('-' here would be a file named '-', not standard output; ./- names that file)" : nil
        case .fileName:
            return InputRule.isFileName(value) ? nil : InputRule.fileNameAccepted
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

}
