import Breakdown
import Foundation
import Testing
import BreakdownTestSupport

/// The tests of PublicAPITests that start a process; the rest are PublicAPITests, in CLITests.
@Suite struct PublicAPIEndToEndTests {
    /// What `import Breakdown` (and `import BreakdownSnapshotTesting`) really export, asked of the
    /// compiler: a file naming every public name of the package is type-checked against the built
    /// modules, and exactly the undocumented names must be the ones it cannot find.
    @Test(arguments: ["Breakdown", "BreakdownSnapshotTesting"])
    func exportsExactlyTheDocumentedNames(module: String) throws {
        let all = try Self.publicNames()
        let documented = try Self.documentedNames(module)
        #expect(documented.count > 30)
        #expect(documented.subtracting(all).isEmpty, "docs/api.md names what is not public: \(documented.subtracting(all).sorted())")
        let executable = try #require(BinaryRunner.executable)
        let modules = executable.deletingLastPathComponent().appendingPathComponent("Modules")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The compiler runs in `work`; its own temporary folders go beside it (`run` puts them there).
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let file = work.appendingPathComponent("probe.swift")
        let names = all.sorted()
        try ("import \(module)\n" + names.map { "_ = \($0)\n" }.joined()).write(to: file, atomically: false, encoding: .utf8)
        var arguments = ["swiftc", "-typecheck", "-I", modules.path]
        let sources = ReadmeExampleTests.root.appendingPathComponent("Sources")
        // The C targets' module maps: system libraries' beside their shims, our own C target's in
        // its include folder.
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            for folder in [target, target + "/include"]
            where FileManager.default.fileExists(atPath: sources.appendingPathComponent("\(folder)/module.modulemap").path) {
                arguments += ["-I", sources.appendingPathComponent(folder).path]
            }
        }
        let checked = try ReadmeExampleTests.run(arguments + [file.path], in: work)
        // Any other failure (a module it cannot find) would leave no "cannot find" line, and every
        // name would look exported.
        #expect(!checked.output.contains("no such module") && !checked.output.contains("missing required module"), "\(checked.output.prefix(2000))")
        let hidden = Set(names.filter { checked.output.contains("cannot find '\($0)' in scope") })
        let exported = all.subtracting(hidden)
        #expect(exported.subtracting(documented).isEmpty, "exported but not in docs/api.md: \(exported.subtracting(documented).sorted())")
        #expect(hidden.intersection(documented).isEmpty, "documented but not exported: \(hidden.intersection(documented).sorted())")
        // The command line's own types mean nothing to a library user: none can be named.
        let commandLineTypes: Set = ["CLIError", "ExitStatus", "Option", "Flag", "OptionSpelling", "RecordValue"]
        #expect(commandLineTypes.isSubset(of: hidden), "exported: \(commandLineTypes.subtracting(hidden).sorted())")
    }

    /// Every top-level public name in the package's library targets, from their sources.
    static func publicNames() throws -> Set<String> {
        let pattern = try Regex(#"(?m)^public (?:final )?(?:struct|enum|class|protocol|typealias|actor|func|let|var) ([A-Za-z_][A-Za-z0-9_]*)"#)
        let sources = ReadmeExampleTests.root.appendingPathComponent("Sources")
        var names: Set<String> = []
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift"), !path.hasPrefix("breakdown/") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for match in text.matches(of: pattern) { names.insert(String(match.output[1].substring!)) }
        }
        return names
    }

    /// The names docs/api.md lists for `import module`: the backticked names before each bullet's
    /// colon; the snapshot library's section adds to the `Breakdown` one.
    static func documentedNames(_ module: String) throws -> Set<String> {
        let text = try String(contentsOf: ReadmeExampleTests.root.appendingPathComponent("docs/api.md"), encoding: .utf8)
        var sections: [String: Set<String>] = [:]
        var current: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("## `import ") { current = String(line.dropFirst("## `import ".count).prefix { $0 != "`" }) }
            guard let current, line.hasPrefix("- "), let colon = line.firstIndex(of: ":") else { continue }
            let names = line[..<colon].split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            sections[current, default: []].formUnion(names)
        }
        return module == "Breakdown" ? sections["Breakdown", default: []] : sections["Breakdown", default: []].union(sections[module, default: []])
    }
}
