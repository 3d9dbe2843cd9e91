import Foundation
import Testing

@testable import BreakdownLayout
import BreakdownTestSupport

/// What a batch asks the file system for each record, counted with `strace` (no timing): the
/// artwork and fonts are looked at once a process, not once an image, and a record costs a fixed
/// handful of calls (its temporary file, the check of its final name, the rename). A stray
/// `stat` per image (`URL.appendingPathComponent` asks whether each joined path is a folder) or
/// a re-read of the artwork shows up as a count that grows with the records.
@Suite struct BatchFileCallsTests {
    typealias Support = BatchTestSupport

    /// The lines of `strace -e trace=%file` for a batch of `count` records in a new folder.
    static func fileCalls(records count: Int, in folder: URL) throws -> [Substring] {
        let strace = try #require(AtomicWriteTests.strace, "strace is missing: `make deps` installs it (Debian package strace)")
        let executable = try #require(BinaryRunner.executable, "build the breakdown executable first (swift build)")
        let manifest = folder.appendingPathComponent("m\(count).ndjson")
        try Support.write(Support.ndjson(count: count), to: manifest)
        let log = folder.appendingPathComponent("strace-\(count).log")
        let result = try BinaryRunner.run(
            command: strace,
            ["-f", "-qq", "-e", "trace=%file", "-o", log.path, executable.path, "batch", manifest.path,
             "-o", folder.appendingPathComponent("out\(count)").path, "--jobs", "1", "--quiet"])
        #expect(result.status == 0)
        // One line a call: a call another thread interrupts is two lines ("… <unfinished …>", then
        // "<… resumed>"), and only the first names it.
        return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").filter { !$0.contains("<... ") }
    }

    @Test func artworkIsLookedAtOnceAndEachRecordCostsAFixedFewCalls() throws {
        let folder = try Support.temporaryFolder("file-calls")
        defer { try? FileManager.default.removeItem(at: folder) }
        let few = try Self.fileCalls(records: 4, in: folder)
        let many = try Self.fileCalls(records: 44, in: folder)
        let artwork = ProjectResources.logoAssetsDirectory.path
        let artworkCalls = { (lines: [Substring]) in lines.filter { $0.contains(artwork) }.count }
        #expect(artworkCalls(few) > 0, "the trace shows the artwork being read")
        #expect(artworkCalls(many) == artworkCalls(few), "artwork calls grow with the records: \(artworkCalls(few)) for 4, \(artworkCalls(many)) for 44")
        // Per record: create the temporary file, stat it, check the final name, rename: 4. Some
        // runs make a call or two more once (seen under CI load: 4.025), hence 4.5; one more call
        // every record (5) fails, as the two stats an image did (6).
        let perRecord = Double(many.count - few.count) / 40
        #expect(perRecord <= 4.5, "\(perRecord) file calls a record")
    }
}
