import BreakdownOptions
import BreakdownIO

/// The byte between a CSV manifest's cells: `,` (RFC 4180), `;` (Excel in locales whose decimal
/// separator is a comma) or TAB (Google Merchant feeds, `.tsv`). Given with `--delimiter`, else
/// told from the header line: the one of the three that splits it most often, outside quotes.
package enum CSVDelimiter: String, Sendable, CaseIterable, OptionChoice {
    case comma, semicolon, tab

    var byte: UInt8 {
        switch self {
        case .comma: UInt8(ascii: ",")
        case .semicolon: UInt8(ascii: ";")
        case .tab: 0x09
        }
    }

    init?(byte: UInt8) {
        guard let found = Self.allCases.first(where: { $0.byte == byte }) else { return nil }
        self = found
    }

    /// `','`, `';'` or `TAB`, as messages and the summary show it.
    package var shown: String {
        switch self {
        case .comma: "','"
        case .semicolon: "';'"
        case .tab: "TAB"
        }
    }

    /// Every candidate's byte.
    static let bytes: Set<UInt8> = Set(allCases.map(\.byte))

    /// The delimiter that splits a header most often: `counts` are how often each candidate
    /// byte separated two of its cells (outside quotes). None of them: a one-column header, read
    /// as `,` (`assumed`). Two candidates splitting it equally often: nil (the caller names them).
    static func detect(_ counts: [UInt8: Int]) -> (delimiter: CSVDelimiter, assumed: Bool)? {
        let found = counts.filter { $0.value > 0 }
        guard let most = found.values.max() else { return (.comma, true) }
        let best = found.filter { $0.value == most }
        guard best.count == 1, let byte = best.first?.key, let delimiter = CSVDelimiter(byte: byte) else { return nil }
        return (delimiter, false)
    }
}
