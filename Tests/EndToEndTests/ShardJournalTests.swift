@testable import BreakdownBatch
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// A journal a writer (issue 33, item 5): shards sharing an output folder (on NFS, from several
/// machines) never append to one file; every run reads every journal, so a folder resumes under
/// any shard count; several writers killed mid-run resume to the bytes of one clean run.
@Suite struct ShardJournalTests {
    typealias Support = BatchTestSupport

    /// The shard a name belongs to, as docs/batch.md defines it: 64-bit FNV-1a over the name's
    /// UTF-8 bytes and one 0xFF separator byte, mod N (written here from the definition).
    static func shard(of name: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(name.utf8) + [0xFF] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int(hash % UInt64(count))
    }

    static func ownFolder(_ output: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(".breakdown-batch").path))
    }

    /// Every file in the folder but the batch's own, by name.
    static func contents(_ output: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) where name != ".breakdown-batch" {
            files[name] = try Data(contentsOf: output.appendingPathComponent(name))
        }
        return files
    }

    @Test(.timeLimit(.minutes(15))) func eachShardAppendsToAJournalOfItsOwnAndAnyRunResumesFromAll() throws {
        let folder = try Support.temporaryFolder("shard-journals")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let total = 60
        try Support.write(Support.ndjson(count: total), to: manifest)
        let output = folder.appendingPathComponent("out")

        // Three shards at once into one folder.
        let shards = try (0..<3).map { index in
            try BatchProcess.Running(["batch", manifest.path, "-o", output.path, "--shard", "\(index)/3", "--jobs", "1", "--quiet"], folder: folder)
        }
        for (index, shard) in shards.enumerated() {
            let result = shard.finish()
            #expect(result.status == 0, "shard \(index)/3: \(result.stderr)")
        }
        let journals = try Self.ownFolder(output).filter { $0.hasPrefix("journal") }
        #expect(journals == ["journal-0-of-3", "journal-1-of-3", "journal-2-of-3"], "\(journals)")
        let images = Set(try Support.files(output, ext: "png").map { String($0.dropLast(4)) })
        #expect(images.count == total)
        var journalled: Set<String> = []
        for index in 0..<3 {
            let names = try BatchProcess.journal(output, file: "journal-\(index)-of-3").map(\.name)
            // Each journal holds its own shard's names, once each, and only those.
            #expect(names.allSatisfy { Self.shard(of: $0, count: 3) == index }, "journal-\(index)-of-3: \(names)")
            #expect(Set(names).count == names.count)
            #expect(journalled.isDisjoint(with: names))
            journalled.formUnion(names)
        }
        #expect(journalled == images)

        // An unsharded run reads the shards' journals: nothing to draw, and its own journal
        // holds only its header.
        let report = folder.appendingPathComponent("whole.json")
        let whole = try BinaryRunner.run("batch", manifest.path, "-o", output.path, "--report", report.path, "--quiet")
        #expect(whole.status == 0, "\(whole.stderr)")
        let counts = try Support.counts(try Support.report(report))
        #expect(counts["skipped"] == total && counts["rendered"] == 0, "\(counts)")
        #expect(try BatchProcess.journal(output).isEmpty)
        // So does a shard of another count (4 → 2 here): its records are up to date too.
        let half = folder.appendingPathComponent("half.json")
        let resharded = try BinaryRunner.run("batch", manifest.path, "-o", output.path, "--shard", "1/2", "--report", half.path, "--quiet")
        #expect(resharded.status == 0, "\(resharded.stderr)")
        let halfCounts = try Support.counts(try Support.report(half))
        let expectedHalf = images.filter { Self.shard(of: $0, count: 2) == 1 }.count
        #expect(halfCounts["skipped"] == expectedHalf && halfCounts["rendered"] == 0, "\(halfCounts), \(expectedHalf) names in shard 1/2")
        #expect(try BatchProcess.journal(output, file: "journal-1-of-2").isEmpty)
    }

    @Test(.timeLimit(.minutes(15))) func severalWritersKilledMidRunResumeToTheBytesOfOneRun() throws {
        let folder = try Support.temporaryFolder("shard-journals-kill")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let total = 90
        try Support.write(Support.ndjson(count: total, extra: #", "format": ["png", "svg"]"#), to: manifest)
        let output = folder.appendingPathComponent("out")

        // Three shards at once, each killing itself (SIGKILL) after its images of group 3 are
        // durable and before their journal lines: groups of 4 records.
        let killing = ["BREAKDOWN_BATCH_GROUP_RECORDS": "4", "BREAKDOWN_TEST_KILL_BEFORE_JOURNAL": "3"]
        let shards = try (0..<3).map { index in
            try BatchProcess.Running(
                ["batch", manifest.path, "-o", output.path, "--shard", "\(index)/3", "--jobs", "2", "--quiet"], environment: killing,
                folder: folder)
        }
        var journalledBefore: [Int] = []
        for (index, shard) in shards.enumerated() {
            #expect(shard.finish().status == 128 + SIGKILL, "shard \(index)/3 was not killed")
            let entries = try BatchProcess.journal(output, file: "journal-\(index)-of-3")
            #expect(entries.count >= 1 && entries.count <= 8, "shard \(index)/3 journalled \(entries.count)")
            // What a journal lists is in the folder, whole.
            for entry in entries {
                for file in entry.files {
                    let size = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(file.name).path)[.size] as? Int
                    #expect(size == file.size, "\(file.name)")
                }
            }
            journalledBefore.append(entries.count)
        }

        // Resumed, the three at once again: each skips what its journal vouches for.
        let resumed = try (0..<3).map { index in
            try BatchProcess.Running(
                ["batch", manifest.path, "-o", output.path, "--shard", "\(index)/3", "--jobs", "2", "--quiet", "--report",
                 folder.appendingPathComponent("r\(index).json").path], folder: folder)
        }
        for (index, shard) in resumed.enumerated() {
            let result = shard.finish()
            #expect(result.status == 0, "shard \(index)/3: \(result.stderr)")
            let counts = try Support.counts(try Support.report(folder.appendingPathComponent("r\(index).json")))
            #expect(counts["skipped"] == journalledBefore[index], "shard \(index)/3: \(counts)")
        }
        let combined = try BinaryRunner.run("report", output.path)
        #expect(combined.status == 0, "\(combined.stdout)\(combined.stderr)")

        // The folder holds what one clean unsharded run writes, byte for byte.
        let clean = folder.appendingPathComponent("clean")
        let one = try InProcessCLI.run("batch", manifest.path, "-o", clean.path, "--quiet")
        #expect(one.status == 0, "\(one.stderr)")
        let expected = try Self.contents(clean), found = try Self.contents(output)
        #expect(expected.count == total * 2)
        #expect(Set(found.keys) == Set(expected.keys))
        for (name, data) in expected where found[name] != data { Issue.record("\(name) differs from one clean run's") }
    }

    /// A name drawn by an unsharded run, then replaced by a shard (new options, a new file): the
    /// unsharded run's journal and the shard's both hold it. The entry believed is the one whose
    /// file is in place: the unsharded run finds it up to date under the shard's options, and
    /// when the record then fails, the image in place (the shard's) is removed.
    @Test(.timeLimit(.minutes(15))) func theEntryWhoseFilesAreInPlaceIsTheOneBelieved() throws {
        let folder = try Support.temporaryFolder("shard-journals-drawer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let output = folder.appendingPathComponent("out")
        let image = output.appendingPathComponent("a.png")
        let shard = "\(Self.shard(of: "a", count: 2))/2"

        try Support.write(#"{"name": "a", "amount": "10.50"}"# + "\n", to: manifest)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--quiet").status == 0)
        let first = try Data(contentsOf: image)
        try Support.write(#"{"name": "a", "amount": "12.50"}"# + "\n", to: manifest)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--shard", shard, "--quiet").status == 0)
        let second = try Data(contentsOf: image)
        #expect(first != second)
        #expect(try BatchProcess.journal(output).map(\.name) == ["a"])
        #expect(try BatchProcess.journal(output, file: "journal-\(shard.replacingOccurrences(of: "/", with: "-of-"))").map(\.name) == ["a"])

        // Up to date by the shard's entry, though the run's own journal says another price.
        let report = folder.appendingPathComponent("r.json")
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--report", report.path, "--quiet").status == 0)
        #expect(try Support.counts(try Support.report(report))["skipped"] == 1)
        #expect(try Data(contentsOf: image) == second)

        // The record fails: the image in place shows a price the manifest no longer gives.
        try Support.write(#"{"name": "a", "amount": "1.299"}"# + "\n", to: manifest)
        let failed = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--quiet")
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: image.path), "the stale image of a failed record is still there")
    }

    /// Another writer's journal is read, never written: a torn last line of it is left as it is
    /// (its writer may be appending), and one whose header is damaged is not read, with a
    /// warning, its records drawn again.
    @Test(.timeLimit(.minutes(15))) func anotherWritersJournalIsOnlyRead() throws {
        let folder = try Support.temporaryFolder("shard-journals-read-only")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let total = 20
        try Support.write(Support.ndjson(count: total), to: manifest)
        let output = folder.appendingPathComponent("out")
        for index in 0..<2 {
            #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--shard", "\(index)/2", "--quiet").status == 0)
        }
        let own = output.appendingPathComponent(".breakdown-batch")
        let torn = own.appendingPathComponent("journal-0-of-2"), damaged = own.appendingPathComponent("journal-1-of-2")
        let inShard0 = try BatchProcess.journal(output, file: "journal-0-of-2").count
        let handle = try FileHandle(forWritingTo: torn)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("en_AU-99.50-0000000000 0123".utf8))
        try handle.close()
        let tornBytes = try Data(contentsOf: torn)
        var damagedBytes = try Data(contentsOf: damaged)
        damagedBytes.replaceSubrange(0..<9, with: Data("BREAKDOWN".utf8))
        try damagedBytes.write(to: damaged)

        let report = folder.appendingPathComponent("r.json")
        let whole = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--report", report.path, "--quiet")
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(
            whole.stderr.contains("warning: another writer's batch journal is not read (\(damaged.path) has a damaged header): its records are drawn again"),
            "\(whole.stderr)")
        let counts = try Support.counts(try Support.report(report))
        #expect(counts["skipped"] == inShard0 && counts["rendered"] == total - inShard0, "\(counts)")
        #expect(try Data(contentsOf: torn) == tornBytes)
        #expect(try Data(contentsOf: damaged) == damagedBytes)
        // Its own journal: the header, then one whole line a record it drew, no empty line.
        let text = try String(contentsOf: own.appendingPathComponent("journal"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(text.hasSuffix("\n") && lines.count == 1 + total - inShard0 && !lines.contains(""), "\(lines.count) lines")
    }

    /// Files named like another writer's journal that are a FIFO (opening it must not block) or
    /// a symbolic link to a file outside the folder (never followed): not read, said in one
    /// warning line, the run ends and draws its records; the link's target is left as it was.
    @Test(.timeLimit(.minutes(15))) func aJournalThatIsAFIFOOrALinkIsNotRead() throws {
        let folder = try Support.temporaryFolder("shard-journals-hostile")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 4), to: manifest)
        let output = folder.appendingPathComponent("out")
        let own = output.appendingPathComponent(".breakdown-batch")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        let fifo = own.appendingPathComponent("journal-0-of-2"), link = own.appendingPathComponent("journal-1-of-2")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let outside = folder.appendingPathComponent("outside.txt")
        try Support.write(BatchJournal.header + "not a record\n", to: outside)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)

        let result = try BinaryRunner.run("batch", manifest.path, "-o", output.path, "--quiet")
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: another writer's batch journal is not read") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.contains("\(fifo.path) is not a regular file") == true && warnings.first?.contains("\(link.path) is a symbolic link") == true)
        #expect(try Support.files(output, ext: "png").count == 4)
        #expect(try String(contentsOf: outside, encoding: .utf8) == BatchJournal.header + "not a record\n")
    }
}
