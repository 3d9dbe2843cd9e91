import Foundation

/// Reads the manifest of `breakdown verify`: NDJSON (one JSON object a line) or a JSON array of
/// objects. Each object holds `name` (the reference's file name without `.png`) and option names
/// without dashes, e.g. `{"name": "au-badge", "amount": "100", "locale": "en_AU", "scale": 2}`.
///
/// Deliberately minimal and separate from the batch command's manifest reader (Sources/CLI/Batch),
/// which was written at the same time; the two could be unified later.
enum VerifyManifestReader {
    static let example = #"{"name": "au-badge", "amount": "100", "locale": "en_AU"}"#

    /// Reads the file at `path` (`-` reads standard input).
    static func read(path: String) throws(CLIError) -> [VerifyRecord] {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                let contents = FileManager.default.contents(atPath: path)
            else {
                throw .usage("cannot read manifest \(path): no such file, or not a readable file")
            }
            data = contents
        }
        return try parse(data, source: path == "-" ? "standard input" : path)
    }

    /// Parses manifest bytes; `source` names them in errors.
    static func parse(_ data: Data, source: String) throws(CLIError) -> [VerifyRecord] {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .usage("manifest \(source) is not UTF-8 text; expected NDJSON or a JSON array of records")
        }
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        var entries: [(position: String, value: VerifyManifestValue)] = []
        if body.first(where: { !$0.isWhitespace }) == "[" {
            guard let values = try? JSONDecoder().decode([VerifyManifestValue].self, from: Data(body.utf8)) else {
                throw .usage("manifest \(source) starts with '[' but is not a valid JSON array; expected [\(example), …]")
            }
            entries = values.enumerated().map { ("record \($0.offset + 1)", $0.element) }
        } else {
            for (index, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard line.contains(where: { !$0.isWhitespace }) else { continue }
                guard let value = try? JSONDecoder().decode(VerifyManifestValue.self, from: Data(line.utf8)) else {
                    throw .usage("manifest \(source), line \(index + 1): not valid JSON; expected one object a line, such as \(example)")
                }
                entries.append(("line \(index + 1)", value))
            }
        }
        guard !entries.isEmpty else {
            throw .usage("manifest \(source) has no records; expected NDJSON or a JSON array of objects such as \(example)")
        }
        var records: [VerifyRecord] = []
        var seen: [String: String] = [:]
        for entry in entries {
            let record = try record(entry.value, position: entry.position, source: source)
            if let first = seen[record.name] {
                throw .usage("manifest \(source), \(entry.position): the name '\(record.name)' was already used at \(first); names must be unique")
            }
            seen[record.name] = entry.position
            records.append(record)
        }
        return records
    }

    private static func record(_ value: VerifyManifestValue, position: String, source: String) throws(CLIError) -> VerifyRecord {
        let place = "manifest \(source), \(position)"
        guard case .object(let members) = value else {
            throw .usage("\(place): expected a JSON object such as \(example)")
        }
        guard case .value(.string(let name))? = members["name"] else {
            throw .usage("\(place): missing \"name\" (text): the reference's file name without .png")
        }
        if let accepted = ValueKind.fileName.problem(with: name) {
            throw .usage("\(place): name '\(name)' is not accepted; expected \(accepted)")
        }
        var options: [String: RecordValue] = [:]
        for (key, member) in members where key != "name" {
            let what: String
            switch member {
            case .value(let value):
                options[key] = value
                continue
            case .object: what = "an object"
            case .unsupported(let kind): what = kind
            }
            throw .usage("\(place) (\(name)): '\(key)' is \(what); expected text, a number, or true/false")
        }
        return VerifyRecord(name: name, position: position, options: options)
    }
}
