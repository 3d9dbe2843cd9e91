import Breakdown
import BreakdownTestSupport
import Foundation
import Testing

/// Every Swift example in README.md, compiled and run from a scratch package that depends on this
/// one by path, as a user's package would. Each example names the `breakdown render` command it
/// matches in a `// breakdown render …` comment; the PNG it writes (or, for a snapshot test, the
/// reference it passes against) must be byte for byte what that command writes.
/// Slow: the scratch package builds this package from scratch once for all examples.
@Suite struct ReadmeExampleTests {
    struct Example {
        var code: String
        /// The `breakdown render` arguments from each of the example's comments, `-o` and its file included.
        var commands: [[String]]
        /// A test (Swift Testing or XCTest) rather than a program.
        var isTest: Bool
        static func output(_ command: [String]) -> String { command[(command.firstIndex(of: "-o") ?? command.count - 2) + 1] }
        var outputs: [String] { commands.map(Self.output) }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Swift examples of README.md, then docs/api.md's.
    static func examples() throws -> [Example] {
        var examples: [Example] = []
        for file in ["README.md", "docs/api.md"] { examples += try self.examples(in: file) }
        return examples
    }

    static func examples(in file: String) throws -> [Example] {
        let readme = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var examples: [Example] = []
        var block: [Substring]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if block == nil, line == "```swift" {
                block = []
            } else if block != nil, line == "```" {
                let code = block!.joined(separator: "\n")
                let commands = block!.filter { $0.hasPrefix("// breakdown render ") }.map {
                    $0.dropFirst("// breakdown ".count).split(separator: " ").map(String.init)
                }
                try #require(!commands.isEmpty, "no command in:\n\(code)")
                examples.append(
                    Example(code: code + "\n", commands: commands, isTest: code.contains("import Testing") || code.contains("import XCTest")))
                block = nil
            } else if block != nil {
                block!.append(line)
            }
        }
        return examples
    }

    /// Runs a program to its end; returns its status and its output and errors together.
    /// `onCI: false` runs as on a developer's machine: a missing reference is recorded.
    /// A `swift` command's temporary folder is `temporary/` beside the package (SwiftPM leaves an
    /// empty TemporaryDirectory.XXXXXX in it for each command): removed with the scratch folder,
    /// not gathered in the system's.
    static func run(_ arguments: [String], in folder: URL, onCI: Bool = true) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        if arguments.first == "swift" || arguments.first == "swiftc" {  // Both leave folders in TMPDIR.
            let temporary = folder.deletingLastPathComponent().appendingPathComponent("temporary")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            environment["TMPDIR"] = temporary.path
        }
        environment["CI"] = onCI ? "1" : nil  // on CI, snapshot record mode never: a missing reference fails
        environment.removeValue(forKey: "BREAKDOWN_RECORD")
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        SpawnLog.note()
        try process.run()
        let data = pipe.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func readmeHasTheLibraryExamples() throws {
        let examples = try Self.examples()
        #expect(examples.filter { !$0.isTest }.count >= 2)
        #expect(examples.contains { !$0.isTest && $0.commands.count >= 3 }, "three variants rendered from code")
        #expect(examples.contains { $0.code.contains("import Testing") })
        #expect(examples.contains { $0.code.contains("import XCTest") })
        #expect(examples.contains { $0.code.contains("assertBreakdownHidden") })
        // docs/api.md renders both views from the library, compared with both command lines.
        let api = try Self.examples(in: "docs/api.md")
        #expect(api.contains { $0.commands.contains { $0.contains("android") } && $0.commands.contains { !$0.contains("android") } })
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(#".package(url: "https://github.com/"#) && readme.contains(#"from: "\#(BreakdownVersion.current)")"#))
        #expect(readme.contains(#".package(path: "../breakdown")"#))
        #expect(readme.contains(#".product(name: "Breakdown", package: "breakdown")"#))
        #expect(readme.contains(#"exclude: ["__Snapshots__"]"#) && readme.contains("__Snapshots__/.gitkeep"))
    }

    @Test func everyExampleBuildsRunsAndMatchesTheCommandLine() throws {
        let examples = try Self.examples()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let manager = FileManager.default
        try manager.createDirectory(at: scratch, withIntermediateDirectories: true)
        // The dependency's identity comes from its folder name: link this checkout as `breakdown`.
        try manager.createSymbolicLink(at: scratch.appendingPathComponent("breakdown"), withDestinationURL: Self.root)
        let package = scratch.appendingPathComponent("user")

        var targets: [String] = []
        var programs: [(name: String, example: Example)] = []
        var testExamples: [Example] = []
        for (index, example) in examples.enumerated() {
            if example.isTest {
                testExamples.append(example)
                let file = URL(fileURLWithPath: example.outputs[0]).deletingLastPathComponent().lastPathComponent + ".swift"
                let folder = package.appendingPathComponent("Tests/ExampleTests")
                // As the README advises: the references' folder exists, holding only a hidden file,
                // before any reference does (the build below must not warn about the exclude).
                try manager.createDirectory(at: folder.appendingPathComponent("__Snapshots__"), withIntermediateDirectories: true)
                try Data().write(to: folder.appendingPathComponent("__Snapshots__/.gitkeep"))
                try example.code.write(to: folder.appendingPathComponent(file), atomically: false, encoding: .utf8)
            } else {
                let name = "Example\(index + 1)"
                programs.append((name, example))
                let folder = package.appendingPathComponent("Sources/\(name)")
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                try example.code.write(to: folder.appendingPathComponent("main.swift"), atomically: false, encoding: .utf8)
                targets.append(
                    #".executableTarget(name: "\#(name)", dependencies: [.product(name: "Breakdown", package: "breakdown")]),"#)
            }
        }
        if !testExamples.isEmpty {
            targets.append(
                #".testTarget(name: "ExampleTests", dependencies: [.product(name: "BreakdownSnapshotTesting", package: "breakdown")], exclude: ["__Snapshots__"]),"#
            )
        }
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "user",
                dependencies: [.package(path: "../breakdown")],
                targets: [
                    \(targets.joined(separator: "\n        "))
                ]
            )

            """
        try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: false, encoding: .utf8)

        let build = try Self.run(["swift", "build", "--build-tests"], in: package)
        try #require(build.status == 0, "the README's examples do not build:\n\(build.output.suffix(4000))")
        // Building a package that depends on ours prints no warning of ours: none about our files
        // (the link, the real checkout, the package name) and no "prohibited flag(s): -pthread",
        // which pkg-config's flags for Pango and librsvg used to cause (see CDeclarationsTests).
        let ours = [scratch.path, Self.root.path, Self.root.resolvingSymlinksInPath().path, "'breakdown'", "prohibited flag"]
        let warnings = build.output.split(separator: "\n").filter { line in
            line.contains("warning:") && ours.contains { line.contains($0) }
        }
        #expect(warnings.isEmpty, "building against breakdown warns:\n\(warnings.joined(separator: "\n"))")

        for (name, example) in programs {
            let work = scratch.appendingPathComponent("run-\(name)")
            try manager.createDirectory(at: work, withIntermediateDirectories: true)
            let ran = try Self.run([package.appendingPathComponent(".build/debug/\(name)").path], in: work)
            #expect(ran.status == 0, "\(name): \(ran.output)")
            for command in example.commands {
                let output = Example.output(command)
                let written = try Data(contentsOf: work.appendingPathComponent(output))
                var command = command
                let expectedPath = scratch.appendingPathComponent("expected-\(name)-\(output)").path
                command[command.firstIndex(of: output)!] = expectedPath
                let rendered = try BinaryRunner.run(command)
                try #require(rendered.status == 0, "\(rendered.stderr)")
                let expected = try Data(contentsOf: URL(fileURLWithPath: expectedPath))
                #expect(written.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
                #expect(written == expected, "\(name) writes other bytes than breakdown \(command.joined(separator: " "))")
            }
        }
        if !testExamples.isEmpty {
            // The references, drawn by the command lines the comments name, after the build.
            for command in testExamples.flatMap(\.commands) {
                let output = Example.output(command)
                let reference = package.appendingPathComponent("Tests/ExampleTests").appendingPathComponent(output)
                try manager.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
                var command = command
                command[command.firstIndex(of: output)!] = reference.path
                let rendered = try BinaryRunner.run(command)
                try #require(rendered.status == 0, "\(rendered.stderr)")
            }
            let tested = try Self.run(["swift", "test", "--skip-build"], in: package)
            #expect(tested.output.contains("checkout()"), "\(tested.output.suffix(2000))")
            #expect(tested.output.contains("testCheckout"), "\(tested.output.suffix(2000))")
            #expect(tested.output.contains("noConfigurationShowsNothing()"), "\(tested.output.suffix(2000))")
            #expect(tested.status == 0, "the README's snapshot tests fail against the command line's images:\n\(tested.output.suffix(4000))")
        }
        try docsSnapshotFlow(package: package)
    }

    /// docs/snapshots.md's first example, copied into a test file of the same package: the first
    /// run records its references (and fails, saying so), the next passes, and a one-cent change
    /// of its price (100 → 100.04: £25.00 → £25.01; en_GB says "or 4 payments of") fails with both sentences, the price marked.
    func docsSnapshotFlow(package: URL) throws {
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/snapshots.md"), encoding: .utf8)
        let start = try #require(docs.range(of: "```swift\n"))
        let end = try #require(docs.range(of: "\n```", range: start.upperBound..<docs.endIndex))
        let code = String(docs[start.upperBound..<end.lowerBound]) + "\n"
        let price = #""--amount", "100","#
        try #require(code.contains(price) && code.contains("@Test func checkout()"), "docs/snapshots.md's first example changed:\n\(code)")
        let file = package.appendingPathComponent("Tests/ExampleTests/DocsCheckoutTests.swift")
        func build(_ code: String) throws {
            try code.write(to: file, atomically: false, encoding: .utf8)
            let built = try Self.run(["swift", "build", "--build-tests"], in: package)
            try #require(built.status == 0, "docs/snapshots.md's example does not build:\n\(built.output.suffix(4000))")
        }
        try build(code)
        let first = try Self.run(["swift", "test", "--skip-build"], in: package, onCI: false)
        #expect(first.status != 0 && first.output.contains("no reference yet, so recorded"), "\(first.output.suffix(3000))")
        let words = package.appendingPathComponent("Tests/ExampleTests/__Snapshots__/DocsCheckoutTests/checkout.1.words.json")
        #expect(FileManager.default.fileExists(atPath: words.path), "no words beside the reference")
        let second = try Self.run(["swift", "test", "--skip-build"], in: package)
        #expect(second.status == 0, "\(second.output.suffix(3000))")
        try build(code.replacingOccurrences(of: price, with: #""--amount", "100.04","#))
        let changed = try Self.run(["swift", "test", "--skip-build"], in: package)
        #expect(changed.status != 0)
        #expect(changed.output.contains("sentence, reference: or 4 payments of [-£25.00-] with"), "\(changed.output.suffix(3000))")
        #expect(changed.output.contains("sentence, now:       or 4 payments of {+£25.01+} with"), "\(changed.output.suffix(3000))")
    }
}
