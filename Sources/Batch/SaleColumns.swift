import BreakdownContent
import BreakdownIO

/// The record keys of a sale's dates and the columns shops export them in. `--map` reads them
/// like any key: `sale-start` and `sale-end` (WooCommerce, Magento), or `sale-dates`, one cell
/// `START/END` (Google's `sale_price_effective_date`). They govern the sale column: the first of
/// amount's columns (`amount=Sale price|Regular price`).
package enum SaleColumns {
    static let start = "sale-start"
    static let end = "sale-end"
    static let range = "sale-dates"
    static let keys = [start, end, range]

    /// Columns that hold a sale's dates in shops' exports (lowercased) and the key each gives.
    static let knownDateColumns: [String: String] = [
        // WooCommerce (Products → Export).
        "date sale price starts": start, "date sale price ends": end,
        // Magento 1 attribute codes, and Magento 2's export.
        "special_from_date": start, "special_to_date": end,
        "special_price_from_date": start, "special_price_to_date": end,
        // Google Merchant Center feeds, as attribute names and as the spreadsheet's headings.
        "sale_price_effective_date": range, "sale price effective date": range,
    ]
    /// Columns that hold a sale price in shops' exports (lowercased): WooCommerce, BigCommerce,
    /// Magento, Google.
    static let knownSaleColumns: Set<String> = ["sale price", "special_price", "sale_price"]

    /// The column a sale key is read from in a record (its mapped column, else the key itself
    /// when no mapping chose another column), or nil.
    static func column(for key: String, in map: ColumnMap) -> String? {
        map.columnForKey[key] ?? (map.key(for: key) == key ? key : nil)
    }

    /// Whether the run reads a sale price: amount comes from several columns (the first is the
    /// sale's) or from a column shops use for sale prices.
    static func readsSale(_ map: ColumnMap) -> Bool {
        guard let columns = map.columns(for: "amount") else { return false }
        return columns.count > 1 || columns.contains { knownSaleColumns.contains($0.lowercased()) }
    }

    /// Date columns a shop exported beside the sale price that `--map` does not read: with them
    /// unread, a sale that ended (or has not started) would be drawn.
    static func unmappedDateColumns(_ columns: some Sequence<String>, map: ColumnMap) -> [String] {
        guard readsSale(map) else { return [] }
        return columns.filter { column in
            knownDateColumns[column.lowercased()] != nil && !keys.contains(map.keyForColumn[column] ?? "")
        }
    }

    /// `--map 'sale-start=Date sale price starts,sale-end=Date sale price ends'`.
    static func suggestion(_ columns: [String]) -> String {
        let pairs = columns.compactMap { column in knownDateColumns[column.lowercased()].map { "\($0)=\(column)" } }
        return "--map '" + pairs.joined(separator: ",") + "'"
    }

    /// One line refusing a CSV whose header has sale dates the mapping leaves out.
    static func check(header columns: [String], map: ColumnMap, label: String) throws(CLIError) {
        let unmapped = unmappedDateColumns(columns, map: map)
        guard !unmapped.isEmpty else { return }
        throw .usage(
            "cannot read the manifest \(label): amount reads a sale price, but the export dates its sales in \(ColumnMap.listed(unmapped)), which --map does not read (a sale that ended or has not started would be drawn); add \(suggestion(unmapped))"
        )
    }
}
