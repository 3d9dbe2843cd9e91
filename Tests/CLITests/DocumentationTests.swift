import Foundation
import Testing

/// Every public declaration of the library targets has a doc comment right above it (attributes
/// may sit between), and doc comments point at nothing outside the repository.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let libraries = ["Content", "Layout", "Encode", "Pipeline", "Options", "Batch", "Diff", "SnapshotTesting", "CLI"]

    static func sources() throws -> [(path: String, lines: [Substring])] {
        try libraries.flatMap { folder in
            let url = root.appendingPathComponent("Sources/\(folder)")
            return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }.sorted().map {
                let text = try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8)
                return ("Sources/\(folder)/\($0)", text.split(separator: "\n", omittingEmptySubsequences: false))
            }
        }
    }

    @Test func everyPublicDeclarationIsDocumented() throws {
        var undocumented: [String] = []
        for (path, lines) in try Self.sources() {
            for (index, line) in lines.enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("public "), !text.hasPrefix("public import") else { continue }
                var above = index - 1
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
                if above < 0 || !lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                    undocumented.append("\(path):\(index + 1): \(text)")
                }
            }
        }
        #expect(undocumented.isEmpty, "\(undocumented.count) undocumented:\n\(undocumented.joined(separator: "\n"))")
    }

    @Test func docCommentsStandAlone() throws {
        var outside: [String] = []
        for (path, lines) in try Self.sources() {
            for (index, line) in lines.enumerated() where line.contains("///") {
                for word in ["reference section", "shared/", "behavior.md", "price-breakdown.md", "(issue "] where line.contains(word) {
                    outside.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(outside.isEmpty, "\(outside.joined(separator: "\n"))")
    }
}
