import BreakdownContent
import BreakdownOptions
import Foundation
import BreakdownIO

/// `--map amount=Price,name=SKU` (repeatable): which manifest column gives which record key, so
/// a shop's export is read as it is. `--extra-columns ignore` drops columns that are neither keys
/// nor mapped; by default they are one error for the whole manifest (CSV: before any record is
/// read; JSON: per record, as keys vary from record to record).
package struct ColumnMap: Sendable {
    /// Column name → the key it gives.
    package private(set) var keyForColumn: [String: String] = [:]
    /// Key → the column it comes from (the first of its columns, when several are given).
    package private(set) var columnForKey: [String: String] = [:]
    /// Key → its columns, left to right, for keys given several (`amount=Sale price|Regular price`):
    /// the first non-empty one in a record gives the key.
    package private(set) var fallbacks: [String: [String]] = [:]
    /// Drop columns that are neither keys nor mapped.
    package var ignoreExtraColumns = false

    package init() {}

    /// Every key a record may have: the content and drawing option names, `name` and `format`.
    package static let acceptedKeys: [String] = BatchRecordPlanner.groups.allOptions.map(\.name) + BatchRecordPlanner.extraKeys + SaleColumns.keys
    private static let acceptedKeySet = Set(acceptedKeys)

    static func isKey(_ name: String) -> Bool { acceptedKeySet.contains(name) }

    /// No mapping and no column dropped: records are read as they are.
    var isIdentity: Bool { keyForColumn.isEmpty && !ignoreExtraColumns }

    /// Reads the `--map` values, each `KEY=COLUMN[,KEY=COLUMN…]`.
    package init(_ values: [String], ignoreExtraColumns: Bool) throws(CLIError) {
        self.ignoreExtraColumns = ignoreExtraColumns
        for value in values {
            for pair in value.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2 else {
                    throw .usage("--map: \(QuotedValue.quoted(String(pair))) is not KEY=COLUMN; e.g. --map amount=Price,name=SKU")
                }
                let key = String(parts[0]).trimmingASCIISpaces
                let columns = parts[1].split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmingASCIISpaces }
                guard Self.isKey(key) else {
                    throw .usage(
                        "--map: \(QuotedValue.quoted(key)) is not a record key; accepted keys: \(Self.acceptedKeys.joined(separator: ", "))")
                }
                guard !columns.contains(where: \.isEmpty) else {
                    throw .usage(
                        "--map \(key)=\(parts[1]): \(columns.count == 1 ? "no column named" : "an empty column between '|'"); e.g. --map \(key)=Price or --map '\(key)=Sale price|Regular price'"
                    )
                }
                let given = columns.joined(separator: "|")
                if let earlier = fallbacks[key].map({ $0.joined(separator: "|") }) ?? columnForKey[key], earlier != given {
                    throw .usage("--map: key '\(key)' is mapped from two columns, \(QuotedValue.quoted(earlier)) and \(QuotedValue.quoted(given))")
                }
                if Set(columns).count != columns.count {
                    throw .usage("--map \(key)=\(given): a column is named twice")
                }
                for column in columns {
                    if let earlier = keyForColumn[column], earlier != key {
                        throw .usage("--map: column \(QuotedValue.quoted(column)) is mapped to two keys, '\(earlier)' and '\(key)'")
                    }
                    keyForColumn[column] = key
                }
                columnForKey[key] = columns[0]
                if columns.count > 1 { fallbacks[key] = columns }
            }
        }
        // A sale's dates govern the sale column, the first of amount's: there must be one.
        let dates = SaleColumns.keys.filter { columnForKey[$0] != nil }
        if let first = dates.first {
            if fallbacks["amount"] == nil {
                throw .usage(
                    "--map \(first)=\(columnForKey[first]!): a sale's dates govern the sale price, the first of amount's columns; map the sale and the regular price, e.g. --map 'amount=Sale price|Regular price'"
                )
            }
            if dates.contains(SaleColumns.range), dates.count > 1 {
                throw .usage(
                    "--map: \(SaleColumns.range) (one cell START/END) and \(SaleColumns.start)/\(SaleColumns.end) (two cells) both give the sale's dates; map one or the other"
                )
            }
        }
    }

    /// Every column `key` is read from, left to right (one, unless it has fallbacks), or nil.
    func columns(for key: String) -> [String]? { fallbacks[key] ?? columnForKey[key].map { [$0] } }

    /// The key a column gives, or nil when it is dropped (or unknown, for the caller to report).
    func key(for column: String) -> String? {
        if let key = keyForColumn[column] { return key }
        // A column named like a mapped key is not that key: the mapping chose another column.
        if Self.isKey(column), columnForKey[column] == nil { return column }
        return nil
    }

    /// Checks a CSV header against the mapping: every mapped column exists, and every column is
    /// a key or mapped (unless extra columns are ignored). One line naming every problem.
    /// - Parameter named: columns a name template uses: understood, though not keys.
    func check(header columns: [String], label: String, named: Set<String> = []) throws(CLIError) {
        let present = Set(columns)
        let missing = keyForColumn.keys.filter { !present.contains($0) }.sorted()
        if !missing.isEmpty {
            throw .usage(
                "cannot read the manifest \(label): --map names \(Self.list(missing, noun: "column")) that the CSV header does not have; its columns: \(Self.listed(columns))"
            )
        }
        guard !ignoreExtraColumns else { return }
        let unknown = columns.filter { key(for: $0) == nil && !named.contains($0) }
        guard !unknown.isEmpty else { return }
        let suggestion = " (e.g. --map " + Self.suggestedMap(unknown) + ")"
        throw .usage(
            "cannot read the manifest \(label): the CSV has \(Self.list(unknown, noun: "column")) that \(unknown.count == 1 ? "is" : "are") not a record key; map \(unknown.count == 1 ? "it" : "them") with --map KEY=COLUMN\(suggestion) or give --extra-columns ignore; accepted keys: \(Self.acceptedKeys.joined(separator: ", "))"
        )
    }

    /// A mapping for columns a shop's export usually has: `amount=Price,name=SKU`.
    static func suggestedMap(_ columns: [String]) -> String {
        var pairs: [String] = []
        let hints: [(key: String, words: [String])] = [
            ("amount", ["price", "amount", "total", "cost"]), ("name", ["sku", "handle", "id", "code"]),
            ("locale", ["locale", "market", "region"]),
        ]
        for hint in hints {
            if let column = columns.first(where: { column in hint.words.contains { column.lowercased().contains($0) } }) {
                let shown = column.contains(" ") || column.contains(",") ? "'\(column)'" : column
                pairs.append(hint.key + "=" + shown)
            }
        }
        return pairs.isEmpty ? "amount=COLUMN" : pairs.joined(separator: ",")
    }

    /// `column 'A'` or `3 columns 'A', 'B', 'C'`, at most 20 named.
    static func list(_ names: [String], noun: String) -> String {
        names.count == 1 ? "\(noun) \(QuotedValue.quoted(names[0]))" : "\(names.count) \(noun)s \(listed(names))"
    }

    /// `'A', 'B', 'C'`; past 20, `… and 9980 more`.
    static func listed(_ names: [String]) -> String {
        let shown = names.prefix(20).map { QuotedValue.quoted($0) }.joined(separator: ", ")
        return names.count > 20 ? shown + " and \(names.count - 20) more" : shown
    }
}
