import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
/// The manifest layouts `batch` reads.
package enum ManifestFormat: String, Sendable, CaseIterable {
    /// A JSON array of objects.
    case json
    /// One JSON object a line (also `.jsonl`).
    case ndjson
    /// A header row of option names, then one row a record.
    case csv

    package static let names = allCases.map(\.rawValue)

    /// The format a file name's extension says, or nil (`.json` may hold an array or NDJSON:
    /// the first character decides).
    init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "ndjson", "jsonl": self = .ndjson
        case "csv", "tsv": self = .csv
        default: return nil
        }
    }
}
extension ManifestFormat: OptionChoice {}
