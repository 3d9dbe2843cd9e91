import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import Foundation
import BreakdownIO

/// Reads the manifest of `breakdown verify` with the batch command's readers (JSON array, NDJSON
/// or CSV): each record holds `name` (the reference's file name without `.png`) and option names
/// without dashes, e.g. `{"name": "au-badge", "amount": 100, "locale": "en_AU", "scale": 2}`.
/// Unlike a batch, verify stops at the first bad record (exit 2): a reference suite must be whole.
package enum VerifyManifestReader {
    package static let example = #"{"name": "au-badge", "amount": "100", "locale": "en_AU"}"#

    /// The most a manifest on standard input may hold: 256 MiB.
    static let standardInputLimit = 256 << 20

    /// Standard input, read to its end with `read(2)`: a read error (stdin is a folder, say) or
    /// more than `standardInputLimit` bytes is exit 2, never a crash.
    static func readStandardInput() throws(CLIError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .usage("cannot read the manifest from standard input: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= standardInputLimit else {
                throw .usage("the manifest on standard input is over \(standardInputLimit >> 20) MiB; give it as a file")
            }
        }
    }

    /// Reads the file at `path` (`-` reads standard input).
    package static func read(path: String) throws(CLIError) -> [VerifyRecord] {
        let reader: any ManifestReader
        let source: String
        if path == "-" {
            source = "standard input"
            reader = try ManifestOpener.open(bytes: try readStandardInput(), label: source, format: nil)
        } else {
            source = path
            reader = try ManifestOpener.open(path: path, format: nil)
        }
        var records: [VerifyRecord] = []
        var seen: [String: String] = [:]
        while let entry = try reader.next() {
            let record = try record(entry, source: source)
            if let first = seen[record.name] {
                throw .usage("manifest \(source), \(record.position): the name '\(record.name)' was already used at \(first); names must be unique")
            }
            seen[record.name] = record.position
            records.append(record)
        }
        guard !records.isEmpty else {
            throw .usage("manifest \(source) has no records; expected NDJSON, a JSON array or CSV of records such as \(example)")
        }
        return records
    }

    private static func record(_ entry: ManifestRecord, source: String) throws(CLIError) -> VerifyRecord {
        let position = "line \(entry.line)"
        let place = "manifest \(source), \(position)"
        let fields: [String: ManifestValue]
        switch entry.fields {
        case .success(let values): fields = values
        case .failure(let problem):
            throw .usage("\(place): \(problem.field.map { "\($0): " } ?? "")\(problem.message)")
        }
        guard case .text(let name)? = fields["name"] else {
            throw .usage("\(place): missing \"name\" (text): the reference's file name without .png")
        }
        if let accepted = ValueKind.fileName.problem(with: name) {
            throw .usage("\(place): name '\(name)' is not accepted; expected \(accepted)")
        }
        if let misread = OutputName.misreadProblem(name) {
            throw .usage("\(place): name '\(name)' \(misread)")
        }
        var options: [String: RecordValue] = [:]
        for (key, value) in fields where key != "name" {
            switch value {
            case .number(let number) where priceKeys.contains(key):
                options[key] = .string(try price(key, number, fields: fields, place: "\(place) (\(name))"))
            case .text(let text), .number(let text): options[key] = .string(text)
            case .bool(let flag): options[key] = .bool(flag)
            case .null, .list, .object:
                throw .usage("\(place) (\(name)): '\(key)' is \(value.kindName); expected text, a number, or true/false")
            }
        }
        return VerifyRecord(name: name, position: position, options: options)
    }

    /// The keys whose values are prices.
    private static let priceKeys: Set<String> = [ContentOptions.amount.name, ContentOptions.minimum.name, ContentOptions.maximum.name]

    /// A JSON number given as a price, read as `batch` reads one (`PriceRule.jsonNumber`): what it
    /// says (`1.299` is never thousands, so never "ambiguous"), but never rounded to the record's
    /// currency (its `currency`, else its `locale`'s, else AUD) and never negative; as plain text.
    private static func price(_ key: String, _ number: String, fields: [String: ManifestValue], place: String) throws(CLIError) -> String {
        if number.hasPrefix("-") { throw .usage("\(place): \(key): \(number) is negative; prices are 0 or more, written without a sign") }
        var currency = CurrencyCode.AUD
        if case .text(let code)? = fields[ContentOptions.currency.name], let given = CurrencyCode(rawValue: code) {
            currency = given
        } else if case .text(let identifier)? = fields[ContentOptions.locale.name], let merchant = MerchantLocale(identifier: identifier) {
            currency = merchant.currency
        }
        switch PriceRule.jsonNumber(number, minorUnits: currency.minorUnitDigits, currency: currency.code) {
        case .success(let plain): return plain
        case .failure(let problem): throw .usage("\(place): \(key): \(problem.message)")
        }
    }
}
