import Foundation
import Testing

/// Folders, manifests and PNG checks for the batch and gallery tests.
public enum BatchTestSupport {
    /// A new empty folder under the system's temporary folder.
    public static func temporaryFolder(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    public static func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    /// `count` NDJSON records with different amounts (so different names).
    public static func ndjson(count: Int, extra: String = "") -> String {
        (0..<count).map { "{\"amount\": \"\(10 + $0).50\"\(extra)}" }.joined(separator: "\n") + "\n"
    }

    /// The names of the files in a folder with this extension, sorted.
    public static func files(_ folder: URL, ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("." + ext) }.sorted()
    }

    /// A whole PNG: the signature first, the IEND chunk last.
    public static func isWholePNG(_ url: URL) -> Bool {
        guard let data = try? Data(contentsOf: url), data.count > 20 else { return false }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return Array(data.prefix(8)) == signature && Array(data.suffix(12)) == iend
    }

    /// Standard error's lines but the progress lines a batch writes every five seconds off a
    /// terminal (`batch 1 record, 0.2 records/s`): on a loaded machine a run may take that long,
    /// and a count of error lines must not depend on how long a run took.
    public static func errorLines(_ result: BinaryRunner.Result) -> [String] {
        result.stderr.split(separator: "\n").map(String.init).filter { !($0.hasPrefix("batch ") && $0.contains(" records/s")) }
    }

    /// The `--report` file as JSON.
    public static func report(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    public static func counts(_ report: [String: Any]) throws -> [String: Int] {
        try #require(report["counts"] as? [String: Int])
    }

    /// The files of a folder (its hidden ones left out) by name, with their bytes.
    public static func images(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }
}
