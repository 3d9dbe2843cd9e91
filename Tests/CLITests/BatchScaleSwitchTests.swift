import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// A folder drawn at several scales and then at one (or the other way, or at other several):
/// the record's names change (`a@1x` … against `a`), and its images at the old scales would keep
/// the old price beside the new one, untold. They go, as a format no longer asked for does, and
/// the summary names them; a record no longer in the manifest stays listed as gone (`--prune`).
@Suite struct BatchScaleSwitchTests {
    typealias Support = BatchTestSupport

    static func batch(_ manifest: URL, _ output: URL, _ extra: String...) throws -> BinaryRunner.Result {
        try InProcessCLI.run(["batch", manifest.path, "-o", output.path] + extra)
    }

    /// The images in the folder (the batch's own hidden folder left out), sorted.
    static func images(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// What `render` draws for the amount at the scale: the bytes the record's image must have.
    static func rendered(amount: String, scale: String, in folder: URL) throws -> Data {
        let file = folder.appendingPathComponent("expected-\(amount)-\(scale).png")
        let result = try InProcessCLI.run("render", "--amount", amount, "--scale", scale, "-o", file.path)
        try #require(result.status == 0, "\(result.stderr)")
        return try Data(contentsOf: file)
    }

    @Test func severalScalesThenOneLeavesNoImageAtTheOldPrice() throws {
        let folder = try Support.temporaryFolder("scale-switch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson"), output = folder.appendingPathComponent("out")
        try Support.write(#"{"amount": "10", "name": "a"}"# + "\n", to: manifest)
        let first = try Self.batch(manifest, output, "--scale", "1,2,3")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Self.images(output) == ["a@1x.png", "a@2x.png", "a@3x.png"])

        try Support.write(#"{"amount": "800", "name": "a"}"# + "\n", to: manifest)
        let second = try Self.batch(manifest, output, "--scale", "2")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Self.images(output) == ["a.png"], "\(second.stdout)")
        #expect(
            second.stdout.contains("removed 3 files an earlier run drew for records drawn again that this run does not write (a@1x.png, a@2x.png, a@3x.png)"),
            "\(second.stdout)")
        #expect(try Data(contentsOf: output.appendingPathComponent("a.png")) == Self.rendered(amount: "800", scale: "2", in: folder))

        // Back to several: the one-scale image goes.
        try Support.write(#"{"amount": "500", "name": "a"}"# + "\n", to: manifest)
        let third = try Self.batch(manifest, output, "--scale", "1,2,3")
        #expect(third.status == 0, "\(third.stderr)")
        #expect(try Self.images(output) == ["a@1x.png", "a@2x.png", "a@3x.png"], "\(third.stdout)")
        #expect(third.stdout.contains("removed 1 file an earlier run drew for records drawn again that this run does not write (a.png)"), "\(third.stdout)")

        // Other several scales: the record is known by its first, 2x; its 1x image goes.
        let fourth = try Self.batch(manifest, output, "--scale", "2,3")
        #expect(fourth.status == 0, "\(fourth.stderr)")
        #expect(try Self.images(output) == ["a@2x.png", "a@3x.png"], "\(fourth.stdout)")
        #expect(try Data(contentsOf: output.appendingPathComponent("a@3x.png")) == Self.rendered(amount: "500", scale: "3", in: folder))
        // Nothing changed: nothing drawn or removed.
        let again = try Self.batch(manifest, output, "--scale", "2,3")
        #expect(again.stdout.hasPrefix("rendered 0, skipped 1"), "\(again.stdout)")
        #expect(!again.stdout.contains("removed"), "\(again.stdout)")
    }

    @Test func aRecordDroppedAcrossAScaleChangeIsListedAsGoneNotRemoved() throws {
        let folder = try Support.temporaryFolder("scale-switch-gone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson"), output = folder.appendingPathComponent("out")
        try Support.write(#"{"amount": "10", "name": "a"}"# + "\n" + #"{"amount": "20", "name": "b"}"# + "\n", to: manifest)
        #expect(try Self.batch(manifest, output, "--scale", "1,2").status == 0)
        try Support.write(#"{"amount": "10", "name": "a"}"# + "\n", to: manifest)
        let dropped = try Self.batch(manifest, output, "--scale", "3")
        #expect(dropped.status == 0, "\(dropped.stderr)")
        // b is not in the manifest: its images are an earlier product's, kept until --prune.
        #expect(try Self.images(output) == ["a.png", "b@1x.png", "b@2x.png"], "\(dropped.stdout)")
        #expect(
            dropped.stdout.contains("1 record no longer in the manifest still has 2 files an earlier run drew (b@1x.png, b@2x.png); --prune removes them"),
            "\(dropped.stdout)")
        let pruned = try Self.batch(manifest, output, "--scale", "3", "--prune")
        #expect(try Self.images(output) == ["a.png"], "\(pruned.stdout)")
    }
}
