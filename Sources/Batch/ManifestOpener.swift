import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation
import BreakdownIO

/// Opens a manifest for reading: picks the format (given, else from the extension, else from the
/// first character: '[' a JSON array, '{' NDJSON, anything else CSV) and returns its reader.
/// `-` is standard input.
package enum ManifestOpener {
    /// - Parameter delimiter: a CSV's delimiter (`--delimiter`); nil: told from its header.
    package static func open(path: String, format: ManifestFormat?, delimiter: CSVDelimiter? = nil) throws(CLIError) -> any ManifestReader {
        let label = path == "-" ? "(standard input)" : path
        let fromName = path == "-" ? nil : ManifestFormat(pathExtension: URL(fileURLWithPath: path).pathExtension)
        return try open(ByteReader(path: path), label: label, format: format ?? fromName, delimiter: delimiter)
    }

    /// The same from bytes in memory.
    package static func open(
        bytes: [UInt8], label: String = "(memory)", format: ManifestFormat?, delimiter: CSVDelimiter? = nil
    ) throws(CLIError) -> any ManifestReader {
        try open(ByteReader(bytes: bytes), label: label, format: format, delimiter: delimiter)
    }

    private static func open(_ bytes: ByteReader, label: String, format: ManifestFormat?, delimiter: CSVDelimiter?) throws(CLIError) -> any ManifestReader {
        // Excel's "Unicode text" and some exports are UTF-16: said as such, whatever the format.
        if let problem = bytes.notUTF8() {
            throw .usage("cannot read the manifest \(label): \(problem); save it as UTF-8 (in Excel: CSV UTF-8)")
        }
        let chosen = format ?? sniff(bytes, label: label)
        if delimiter != nil, chosen != .csv {
            throw .usage("--delimiter is for a CSV manifest; \(label) is read as \(chosen.rawValue) (--manifest-format csv reads it as CSV)")
        }
        switch chosen {
        case .json: return try JSONArrayManifestReader(bytes, label: label)
        case .ndjson: return NDJSONManifestReader(bytes, label: label)
        case .csv: return try CSVManifestReader(bytes, label: label, delimiter: delimiter)
        }
    }

    /// Skips a byte order mark and leading whitespace, then looks at the first character.
    private static func sniff(_ bytes: ByteReader, label: String) -> ManifestFormat {
        bytes.skipByteOrderMark()
        bytes.skipWhitespace()
        switch bytes.peek() {
        case UInt8(ascii: "["): return .json
        case UInt8(ascii: "{"), nil: return .ndjson
        default: return .csv
        }
    }
}
