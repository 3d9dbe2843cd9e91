@testable import BreakdownBatch
import BreakdownContent
import Foundation
import Testing
import BreakdownPipeline
import BreakdownTestSupport

/// `breakdown --version` and `breakdown version` print the version the changelog's newest entry
/// names; the version is part of the renderer identity resume compares.
@Suite struct VersionTests {
    /// The newest `## X.Y.Z` heading of CHANGELOG.md, read independently of the code.
    static func changelogVersion() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // The newest released version: the first heading after `## Unreleased`, if there is one.
        let heading = try #require(text.split(separator: "\n").first { $0.hasPrefix("## ") && $0 != "## Unreleased" })
        return String(heading.dropFirst(3))
    }

    @Test func bothSpellingsPrintTheChangelogsVersion() throws {
        let expected = try "breakdown " + Self.changelogVersion() + "\n"
        for arguments in [["--version"], ["version"], ["-V"]] {
            let result = try BinaryRunner.run(arguments)
            #expect(result.status == 0)
            #expect(result.stdout == expected, "\(arguments)")
            #expect(result.stderr.isEmpty)
        }
        #expect(BreakdownVersion.current == (try Self.changelogVersion()))
    }

    @Test func versionTakesNoArguments() throws {
        let result = try BinaryRunner.run("version", "--amount", "1")
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func helpListsVersion() throws {
        let result = try BinaryRunner.run("--help")
        #expect(result.stdout.contains("--version"))
        #expect(result.stdout.contains("\n  version "))
    }

    @Test func rendererIdentityChangesWithTheVersion() {
        let current = RendererVersion.identity(fontFiles: [], logoAssets: nil)
        #expect(current == RendererVersion.identity(fontFiles: [], logoAssets: nil, version: BreakdownVersion.current))
        #expect(current != RendererVersion.identity(fontFiles: [], logoAssets: nil, version: "0.1.0"))
    }
}
