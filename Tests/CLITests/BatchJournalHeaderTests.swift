@testable import BreakdownBatch
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Resume cannot be switched off by a damaged journal header, nor fooled by an image replaced
/// with one of the same size and modification time (issue 22, item 4). Seen from outside: the
/// batch's summary line, its stderr and the files.
@Suite struct BatchJournalHeaderTests {
    typealias Support = BatchTestSupport

    static let records = #"{"name": "a", "amount": "100"}"# + "\n" + #"{"name": "b", "amount": "200"}"# + "\n"

    /// A folder with a finished two-record batch in `out`; returns (folder, manifest, output).
    static func finishedBatch(_ label: String) throws -> (URL, URL, URL) {
        let folder = try Support.temporaryFolder(label)
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(records, to: manifest)
        let output = folder.appendingPathComponent("out")
        let first = try InProcessCLI.run("batch", manifest.path, "-o", output.path)
        #expect(first.status == 0 && first.stdout.hasPrefix("rendered 2, skipped 0,"), "\(first.stderr)")
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path).stdout.hasPrefix("rendered 0, skipped 2,"))
        return (folder, manifest, output)
    }

    static func journalURL(_ output: URL) -> URL { output.appendingPathComponent(".breakdown-batch/journal") }

    /// Each way of damaging line 1, and the words the one warning must use for it.
    static let damages: [(label: String, damage: @Sendable (String) -> String, reason: String)] = [
        // A journal cut inside its first line (a crash while the first run wrote it).
        ("cut", { _ in "breakdown batch jou" }, "first line cut short"),
        // The whole file with CRLF line ends (copied through a Windows tool).
        ("crlf", { $0.replacingOccurrences(of: "\n", with: "\r\n") }, "CRLF line ends"),
        // Another version's header over lines this version wrote.
        ("version", { "breakdown batch journal 9\n" + $0.drop { $0 != "\n" }.dropFirst() }, "'breakdown batch journal 9'"),
        // Not a journal at all.
        ("garbage", { _ in "hello\n" }, "'hello'"),
    ]

    @Test(arguments: 0..<4) func aDamagedHeaderIsReportedOnceAndTheJournalRebuilt(_ which: Int) throws {
        let (label, damage, reason) = Self.damages[which]
        let (folder, manifest, output) = try Self.finishedBatch("journal-header-\(label)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = Self.journalURL(output)
        let original = try String(contentsOf: journal, encoding: .utf8)
        #expect(original.hasPrefix("breakdown batch journal 2\n"))
        try Support.write(damage(original), to: journal)

        // The run after the damage: every record drawn again, one warning line naming the journal and why.
        let second = try InProcessCLI.run("batch", manifest.path, "-o", output.path)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("rendered 2, skipped 0,"), "\(second.stdout)")
        let lines = second.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(second.stderr)")
        #expect(lines.first?.hasPrefix("warning: the batch journal \(output.path)/.breakdown-batch/journal ") == true, "\(second.stderr)")
        #expect(second.stderr.contains(reason), "\(second.stderr)")
        #expect(second.stderr.contains("rebuilt"), "\(second.stderr)")

        // The journal is a good one again: header first, the two records after it.
        let rebuilt = try String(contentsOf: journal, encoding: .utf8)
        #expect(rebuilt.hasPrefix("breakdown batch journal 2\n"))
        #expect(try BatchProcess.journal(output).map(\.name).sorted() == ["a", "b"])

        // Resume is back on, with no warning: the report came once.
        let third = try InProcessCLI.run("batch", manifest.path, "-o", output.path)
        #expect(third.stdout.hasPrefix("rendered 0, skipped 2,"), "\(third.stdout)")
        #expect(third.stderr.isEmpty, "\(third.stderr)")
        // Nothing left under a temporary name by the rebuild.
        let own = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(".breakdown-batch").path)
        // (the run's own report, report-0-of-1.json, is kept there on purpose; no other name is)
        #expect(own.filter { !$0.hasPrefix("report-") } == ["journal"], "\(own)")
    }

    /// The journal line of `name`: `[FILE, SIZE, MTIME_NS, INODE, UID]` of its one file.
    static func recorded(_ output: URL, _ name: String) throws -> [String] {
        let text = try String(contentsOf: journalURL(output), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").last { $0.hasPrefix(name + " ") })
        let words = line.split(separator: " ")
        #expect(words.count == 4, "\(line)")
        return words[2].split(separator: ":").map(String.init)
    }

    static func stat(_ url: URL) throws -> stat {
        var info = Glibc.stat()
        #expect(lstat(url.path, &info) == 0)
        return info
    }

    /// Sets a file's modification time to `nanoseconds` (as `touch -d` would).
    static func setModified(_ url: URL, _ nanoseconds: Int64) {
        // The access time is set too (UTIME_OMIT is a macro Swift does not import); only mtime matters.
        var times = [
            timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: 0),
            timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000)),
        ]
        #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
    }

    @Test func theJournalRecordsEachFilesInodeAndOwner() throws {
        let (folder, _, output) = try Self.finishedBatch("journal-inode")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a", "b"] {
            let fields = try Self.recorded(output, name)
            let info = try Self.stat(output.appendingPathComponent(name + ".png"))
            #expect(fields == [name + ".png", "\(info.st_size)", "\(Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))", "\(info.st_ino)", "\(geteuid())"])
        }
    }

    @Test func anImageReplacedWithTheSameSizeAndModificationTimeIsDrawnAgain() throws {
        let (folder, manifest, output) = try Self.finishedBatch("journal-replaced")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = output.appendingPathComponent("a.png")
        let good = try Data(contentsOf: image)
        let before = try Self.stat(image)
        let modified = Int64(before.st_mtim.tv_sec) * 1_000_000_000 + Int64(before.st_mtim.tv_nsec)

        // Another picture of exactly the same size, renamed over the image (what a user who can
        // write in the folder can do), its modification time set to the recorded one.
        var forged = good
        forged[forged.count / 2] ^= 0xFF
        let staged = folder.appendingPathComponent("forged.png")
        try forged.write(to: staged)
        #expect(rename(staged.path, image.path) == 0)
        Self.setModified(image, modified)
        let after = try Self.stat(image)
        #expect(after.st_size == before.st_size)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        #expect(after.st_ino != before.st_ino)

        let run = try InProcessCLI.run("batch", manifest.path, "-o", output.path)
        #expect(run.stdout.hasPrefix("rendered 1, skipped 1,"), "\(run.stdout)")
        #expect(try Data(contentsOf: image) == good)
    }

    @Test func anImageGivenToAnotherOwnerIsDrawnAgain() throws {
        let (folder, manifest, output) = try Self.finishedBatch("journal-owner")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = output.appendingPathComponent("b.png")
        let fields = try Self.recorded(output, "b")
        let before = try Self.stat(image)
        if geteuid() == 0 {
            // Root can make the file another user's: the same inode, size and time, another owner.
            #expect(chown(image.path, 65534, 65534) == 0)
            #expect(try Self.stat(image).st_ino == before.st_ino)
            #expect(try Self.stat(image).st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        } else {
            // Otherwise the same mismatch from the journal's side: the line says another owner
            // (an intact line, its check recomputed), the file is this user's.
            let text = try String(contentsOf: Self.journalURL(output), encoding: .utf8)
            let old = fields.joined(separator: ":")
            let line = try #require(text.split(separator: "\n").last { $0.hasPrefix("b ") })
            let words = line.split(separator: " ")
            let entry = JournalEntry(
                name: "b", fingerprint: String(words[1]),
                files: [JournalFile(name: "b.png", size: Int(fields[1])!, modified: Int64(fields[2])!, inode: UInt64(fields[3])!, owner: geteuid() &+ 1)])
            #expect(words[2] == old)
            try Support.write(text + entry.line, to: Self.journalURL(output))
        }
        let run = try InProcessCLI.run("batch", manifest.path, "-o", output.path)
        #expect(run.stdout.hasPrefix("rendered 1, skipped 1,"), "\(run.stdout)")
        #expect(try Self.stat(image).st_uid == geteuid())
    }

    /// A line whose CHECK does not match its text is not believed, even when every field of it
    /// matches the file on disk: the journal of `p` (amount 100), then of `p` redrawn as amount
    /// 200; its last line is forged, keeping its CHECK, to say the amount-100 fingerprint (case 0)
    /// or, after the image is replaced by another picture, that picture's size, time and inode
    /// with the amount-100 fingerprint (case 1) or with its own (case 2: only the files' fields
    /// forged). Believed, any of them would keep a wrong picture; it must be drawn again.
    @Test(arguments: 0..<3) func aLineWhoseCheckDoesNotMatchIsNotBelieved(_ forgery: Int) throws {
        let folder = try Support.temporaryFolder("journal-check-\(forgery)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let output = folder.appendingPathComponent("out")
        let image = output.appendingPathComponent("p.png")
        let hundred = #"{"name": "p", "amount": "100"}"# + "\n"
        try Support.write(hundred, to: manifest)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path).stdout.hasPrefix("rendered 1,"))
        let expected = try Data(contentsOf: image)
        var text = try String(contentsOf: Self.journalURL(output), encoding: .utf8)
        let firstLine = try #require(text.split(separator: "\n").last)
        let fingerprint100 = firstLine.split(separator: " ")[1]
        try Support.write(#"{"name": "p", "amount": "200"}"# + "\n", to: manifest)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path).stdout.hasPrefix("rendered 1,"))
        let expected200 = try Data(contentsOf: image)
        text = try String(contentsOf: Self.journalURL(output), encoding: .utf8)
        let last = try #require(text.split(separator: "\n").last)
        var words = last.split(separator: " ").map(String.init)
        #expect(words[1] != fingerprint100)
        if forgery == 0 {
            words[1] = String(fingerprint100)
        } else {
            // Another picture of the same size under the name, a new inode and time: the forged
            // line says those, and the amount-100 fingerprint.
            var other = try Data(contentsOf: image)
            other[other.count / 2] ^= 0xFF
            let staged = folder.appendingPathComponent("other.png")
            try other.write(to: staged)
            #expect(rename(staged.path, image.path) == 0)
            let info = try Self.stat(image)
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            if forgery == 1 { words[1] = String(fingerprint100) }
            words[2] = "p.png:\(info.st_size):\(modified):\(info.st_ino):\(info.st_uid)"
        }
        // The forged line replaces the last one; its CHECK is the old line's.
        let forged = words.joined(separator: " ")
        try Support.write(String(text.dropLast(last.count + 1)) + forged + "\n", to: Self.journalURL(output))
        #expect(try String(contentsOf: Self.journalURL(output), encoding: .utf8).hasSuffix(forged + "\n"))

        let rerun = forgery == 2 ? #"{"name": "p", "amount": "200"}"# + "\n" : hundred
        try Support.write(rerun, to: manifest)
        let run = try InProcessCLI.run("batch", manifest.path, "-o", output.path)
        #expect(run.stdout.hasPrefix("rendered 1, skipped 0,"), "\(run.stdout)")
        #expect(try Data(contentsOf: image) == (forgery == 2 ? expected200 : expected))
    }
}
