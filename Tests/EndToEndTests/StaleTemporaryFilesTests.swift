@testable import BreakdownBatch
import Foundation
import Testing
import BreakdownTestSupport

/// A batch starts by removing the temporary files a killed batch left in its own folder
/// (`.breakdown-batch/tmp-MACHINE-PID-START-N`), only those whose writer has ended: a running
/// process's files, another machine's and other names stay.
@Suite struct StaleTemporaryFilesTests {
    typealias Support = BatchTestSupport

    @Test func aBatchRemovesOnlyTemporariesOfEndedProcesses() throws {
        let folder = try Support.temporaryFolder("stale")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let own = output.appendingPathComponent(".breakdown-batch")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        // A process id above the kernel's pid_max never names a running process.
        let pidMax = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let dead = try #require(Int32(pidMax)) + 1
        let me = ProcessIdentity.current
        #expect(me.start > 0)
        let files: [(name: String, stays: Bool)] = [
            ("tmp-\(me.machine)-\(dead)-12345-1", false),
            // This process's id with another start time: an ended process whose id was reused.
            ("tmp-\(me.machine)-\(me.pid)-\(me.start + 1)-2", false),
            ("tmp-\(me.machine)-\(me.pid)-\(me.start)-3", true),
            ("tmp-0123456789abcdef-\(dead)-12345-4", me.machine != "0123456789abcdef"),
            ("tmp-\(me.machine)-x-12345-5", true),
            ("other-\(me.machine)-\(dead)-12345-6", true),
        ]
        for file in files { try Data("partial".utf8).write(to: own.appendingPathComponent(file.name)) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 1), to: manifest)
        let result = try BinaryRunner.run("batch", manifest.path, "-o", output.path)
        #expect(result.status == 0, "\(result.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: own.path))
        for file in files {
            #expect(left.contains(file.name) == file.stays, "\(file.name) should \(file.stays ? "stay" : "be removed")")
        }
    }

    /// This process's temporary names: `tmp-MACHINE-PID-START-N`, a new N each, read back as
    /// this process's own.
    @Test func newNamesAreThisProcesssOwn() throws {
        let me = ProcessIdentity.current
        let names = (0..<3).map { _ in StaleTemporaryFiles.newName() }
        #expect(Set(names).count == 3)
        var numbers: [UInt64] = []
        for name in names {
            #expect(StaleTemporaryFiles.owner(of: name) == me, "\(name)")
            let stem = "tmp-\(me.machine)-\(me.pid)-\(me.start)-"
            #expect(name.hasPrefix(stem), "\(name)")
            numbers.append(try #require(UInt64(name.dropFirst(stem.count)), "\(name)"))
        }
        #expect(numbers == numbers.sorted() && numbers[2] - numbers[0] >= 2)
    }

    /// The images' temporary files are written in spool folders inside `.breakdown-batch`
    /// (`tmp-MACHINE-PID-START-N`), one a worker, and renamed from there into the output folder;
    /// on ext4, `.breakdown-batch` carries the top-folder flag (`lsattr` shows `T`) that spreads the
    /// spools over the disk, and the spools are gone after the batch.
    @Test func eachWorkerWritesInASpoolFolderOfItsOwnAndRenamesFromThere() throws {
        let strace = try #require(AtomicWriteTests.strace, "strace is missing: `make deps` installs it (Debian package strace)")
        let executable = try #require(BinaryRunner.executable, "build the breakdown executable first (swift build)")
        let folder = try Support.temporaryFolder("spool")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let manifest = folder.appendingPathComponent("m.ndjson")
        // Ten chunks of 16 records: both workers take some.
        let total = 160
        try Support.write(Support.ndjson(count: total), to: manifest)
        let log = folder.appendingPathComponent("strace.log")
        let result = try BinaryRunner.run(
            command: strace,
            ["-f", "-qq", "-y", "-e", "trace=rename,renameat,renameat2", "-o", log.path, executable.path, "batch", manifest.path,
             "-o", output.path, "--jobs", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let own = output.path + "/.breakdown-batch"
        // Each rename into the output folder: the thread, and the folder the file came from.
        let renames = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap { line -> (thread: String, source: String)? in
            guard let match = line.firstMatch(of: /^(\d+) +renameat2?\(\d+<([^>]+)>, "[^"]+", \d+<([^>]+)>, "([^"]+\.png)"/),
                String(match.output.3) == output.path
            else { return nil }
            return (String(match.output.1), String(match.output.2))
        }
        #expect(renames.count == total, "\(renames)")
        let spools = Set(renames.map(\.source))
        #expect(spools.count == 2, "one spool a worker: \(spools)")
        #expect(Set(renames.map(\.thread)).count == 2)
        for spool in spools {
            #expect(spool.hasPrefix(own + "/tmp-"), "\(spool)")
            #expect(!FileManager.default.fileExists(atPath: spool), "a spool is left after the batch")
        }
        // A worker renames only from its own spool.
        for thread in Set(renames.map(\.thread)) {
            #expect(Set(renames.filter { $0.thread == thread }.map(\.source)).count == 1, "thread \(thread)")
        }
        let lsattr = ["/usr/bin/lsattr", "/bin/lsattr"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let type = try BinaryRunner.run(command: "/usr/bin/stat", ["-f", "-c", "%T", own]).stdout
        if let lsattr, type.hasPrefix("ext2/ext3") {
            let flags = try BinaryRunner.run(command: lsattr, ["-d", own]).stdout
            #expect(flags.split(separator: " ").first?.contains("T") == true, "\(flags)")
        }
    }

    /// A worker makes its spool with its first image: a batch refused after making its folder
    /// (here its journal cannot be opened) leaves no spool behind, whatever `--jobs`.
    @Test func aRefusedBatchLeavesNoSpool() throws {
        let folder = try Support.temporaryFolder("refused-spool")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let own = output.appendingPathComponent(".breakdown-batch")
        // A folder where the journal should be.
        try FileManager.default.createDirectory(at: own.appendingPathComponent("journal"), withIntermediateDirectories: true)
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 4), to: manifest)
        let result = try BinaryRunner.run("batch", manifest.path, "-o", output.path, "--jobs", "4")
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.contains("cannot open the batch journal"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: own.path) == ["journal"])
    }

    /// A killed batch's spool folder (`tmp-MACHINE-PID-START-0`, where its images' temporary files
    /// are written) goes with its temporary files; a running process's stays, and so does one
    /// holding anything but temporary files (only those are removed from it).
    @Test func aBatchRemovesTheSpoolFoldersOfEndedProcesses() throws {
        let folder = try Support.temporaryFolder("stale-spool")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let own = output.appendingPathComponent(".breakdown-batch")
        let pidMax = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let dead = try #require(Int32(pidMax)) + 1
        let me = ProcessIdentity.current
        let ended = own.appendingPathComponent("tmp-\(me.machine)-\(dead)-12345-0")
        let endedWithNotes = own.appendingPathComponent("tmp-\(me.machine)-\(dead)-12346-0")
        let running = own.appendingPathComponent("tmp-\(me.machine)-\(me.pid)-\(me.start)-0")
        for spool in [ended, endedWithNotes, running] {
            try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
            try Data("partial".utf8).write(to: spool.appendingPathComponent("tmp-\(me.machine)-\(dead)-12345-7"))
        }
        try Data("mine".utf8).write(to: endedWithNotes.appendingPathComponent("notes.txt"))
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 2), to: manifest)
        let result = try BinaryRunner.run("batch", manifest.path, "-o", output.path)
        #expect(result.status == 0, "\(result.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: own.path))
        #expect(!left.contains(ended.lastPathComponent), "\(left)")
        #expect(left.contains(running.lastPathComponent))
        #expect(try FileManager.default.contentsOfDirectory(atPath: running.path).count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: endedWithNotes.path) == ["notes.txt"])
        // The batch's own spool is gone after it: the journal, its report and what was planted.
        #expect(left.filter { $0.hasPrefix("report-") }.count == 1 && left.contains { $0.hasPrefix("report-") && $0.hasSuffix("-0-of-1.json") })
        #expect(left.filter { !$0.hasPrefix("report-") } == Set(["journal", running.lastPathComponent, endedWithNotes.lastPathComponent]))
    }
}
