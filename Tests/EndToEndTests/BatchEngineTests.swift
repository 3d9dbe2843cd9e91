@testable import BreakdownBatch
@testable import BreakdownBench
import BreakdownTestSupport
import Foundation
import Testing
@testable import CLITestSupport

/// The batch engine: a manifest read once from streams, manifests with no record, resume by the
/// journal (options per name, recorded sizes), the batch's own folder and temporary files,
/// SIGINT/SIGTERM, and the summary's wording. Streams, signals, environment variables and other
/// processes' temporary files go through the built binary; the rest runs in the test process
/// (`InProcessCLI`).
@Suite struct BatchEngineTests {
    typealias Support = BatchTestSupport

    /// The output folder removed while the batch runs: one line saying so, the batch stops (no
    /// line a record), and the summary says why.
    @Test(.timeLimit(.minutes(15))) func anOutputFolderRemovedMidRunStopsTheBatchWithOneLine() throws {
        let folder = try Support.temporaryFolder("removed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let pipe = Pipe()
        let running = try BatchProcess.Running(
            ["batch", "-", "-o", output.path, "--jobs", "2", "--quiet"], stdin: pipe.fileHandleForReading, folder: folder)
        let lines = Support.ndjson(count: 60).split(separator: "\n").map { $0 + "\n" }
        pipe.fileHandleForWriting.write(Data(lines[0..<3].joined().utf8))
        #expect(BatchProcess.wait { ((try? Support.files(output, ext: "png").count) ?? 0) >= 3 })
        try FileManager.default.removeItem(at: output)
        pipe.fileHandleForWriting.write(Data(lines[3...].joined().utf8))
        try pipe.fileHandleForWriting.close()
        let result = running.finish()
        // The machine's fault, not the records': 75 (EX_TEMPFAIL), which a scheduler may retry.
        #expect(result.status == 75, "\(result.stdout)")
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 1, "one line, not one a record: \(result.stderr.prefix(600))")
        #expect(result.stderr.contains("was removed while the batch ran; the batch stops"), "\(result.stderr)")
        #expect(result.stdout.contains("; stopped, as no later image could be written either"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing made it again")
    }

    /// The warm-up draws only an image of ordinary size: with options for a huge one (13,398 ×
    /// 1,046 pixels, 56 MB), an empty manifest is refused without that image ever being made
    /// (peak memory, `wait4`'s `ru_maxrss`, stays near the ordinary warm-up's).
    @Test(.timeLimit(.minutes(15))) func anEmptyManifestDoesNotWaitForAHugeWarmUp() throws {
        let folder = try Support.temporaryFolder("huge-warm")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("empty.ndjson")
        try Support.write("", to: manifest)
        let output = folder.appendingPathComponent("out").path
        let executable = try #require(BinaryRunner.executable).path
        let log = folder.appendingPathComponent("log").path
        SpawnLog.note()
        let huge = try ChildProcess.run(
            executable, ["batch", manifest.path, "-o", output, "--font-size", "160", "--scale", "3", "--jobs", "2"], outputFile: log)
        #expect(huge.status == 2, "\(huge.output)")
        #expect(huge.output.contains("cannot read the manifest"), "\(huge.output)")
        SpawnLog.note()
        let ordinary = try ChildProcess.run(executable, ["batch", manifest.path, "-o", output, "--jobs", "2"], outputFile: log)
        #expect(ordinary.status == 2, "\(ordinary.output)")
        #expect(huge.peakResidentKiB < ordinary.peakResidentKiB + 40_000, "huge options: \(huge.peakResidentKiB) KiB, ordinary: \(ordinary.peakResidentKiB) KiB")
    }

    /// Two workers deliver chunks in any order; each outcome is handled once, in manifest order,
    /// by whichever worker has the turn: every record is counted, reported and journalled.
    @Test(.timeLimit(.minutes(15))) func outcomesOfManyChunksAreHandledOnceInOrder() throws {
        let folder = try Support.temporaryFolder("collector")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        // 13 chunks of 16: more than the window of chunks waiting to be handled.
        let total = 200
        try Support.write(Support.ndjson(count: total), to: manifest)
        let output = folder.appendingPathComponent("out")
        let reportFile = folder.appendingPathComponent("report.json")
        let result = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--jobs", "2", "--report", reportFile.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered \(total), skipped 0, hidden 0, failed 0 (\(total) records in"), "\(result.stdout)")
        let records = try #require(try Support.report(reportFile)["records"] as? [[String: Any]])
        #expect(records.compactMap { $0["record"] as? Int } == Array(1...total))
        #expect(try BatchProcess.journal(output).count == total)
    }

    /// The workers make their renderers while the manifest is still being read: with a manifest
    /// on standard input that has sent nothing yet, the font is already loaded (mapped by
    /// FreeType) and the folder is not made; the record, when it comes, draws as from a file.
    @Test(.timeLimit(.minutes(15))) func workersLoadFontsBeforeTheFirstRecordArrives() throws {
        let folder = try Support.temporaryFolder("warm")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let pipe = Pipe()
        let running = try BatchProcess.Running(
            ["batch", "-", "-o", output.path, "--jobs", "2"], stdin: pipe.fileHandleForReading, folder: folder)
        let maps = "/proc/\(running.process.processIdentifier)/maps"
        let fontLoaded = BatchProcess.wait {
            ((try? String(contentsOfFile: maps, encoding: .utf8)) ?? "").contains("Inter-Regular")
        }
        #expect(fontLoaded, "no font loaded before the first record")
        #expect(!FileManager.default.fileExists(atPath: output.path), "the folder is made with the first record")
        let text = Support.ndjson(count: 1)
        pipe.fileHandleForWriting.write(Data(text.utf8))
        try pipe.fileHandleForWriting.close()
        let result = running.finish()
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(text, to: manifest)
        let reference = folder.appendingPathComponent("from-file")
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", reference.path).status == 0)
        #expect(try BatchTestSupport.images(output) == BatchTestSupport.images(reference))
    }

    /// Issue 12 point 11: standard input, /dev/stdin, a FIFO (whose writer pauses) and process
    /// substitution all draw every record, the same bytes as from a file.
    @Test(.timeLimit(.minutes(15))) func manifestsFromStreamsAreReadOnce() throws {
        let folder = try Support.temporaryFolder("streams")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Support.ndjson(count: 5)
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(text, to: manifest)
        let reference = folder.appendingPathComponent("from-file")
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", reference.path).status == 0)
        let expected = try BatchTestSupport.images(reference)
        #expect(expected.count == 5)

        for path in ["-", "/dev/stdin"] {
            let output = folder.appendingPathComponent("stdin-\(path.count)")
            let pipe = Pipe()
            let running = try BatchProcess.Running(
                ["batch", path, "-o", output.path, "--jobs", "2"], stdin: pipe.fileHandleForReading, folder: folder)
            pipe.fileHandleForWriting.write(Data(text.utf8))
            try pipe.fileHandleForWriting.close()
            let result = running.finish()
            #expect(result.status == 0, "\(path): \(result.stderr)")
            #expect(result.stdout.hasPrefix("rendered 5, skipped 0, hidden 0, failed 0 (5 records in"), "\(result.stdout)")
            #expect(try BatchTestSupport.images(output) == expected)
        }

        // A named FIFO whose writer sends three records, pauses, then sends two more.
        let fifo = folder.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let lines = text.split(separator: "\n").map { $0 + "\n" }
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo.path) else { return }
            handle.write(Data(lines[0..<3].joined().utf8))
            usleep(300_000)
            handle.write(Data(lines[3...].joined().utf8))
            try? handle.close()
        }
        writer.start()
        let fromFIFO = folder.appendingPathComponent("fifo-out")
        let result = try BinaryRunner.run("batch", fifo.path, "-o", fromFIFO.path, "--jobs", "2")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try BatchTestSupport.images(fromFIFO) == expected)

        // Process substitution: bash gives the batch /dev/fd/N, a pipe.
        let substituted = folder.appendingPathComponent("substituted")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", "\"$0\" batch <(cat \"$1\") -o \"$2\" --quiet", (BinaryRunner.executable?.path ?? "breakdown"), manifest.path, substituted.path]
        SpawnLog.note()
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(try BatchTestSupport.images(substituted) == expected)
    }

    /// Issue 12 point 12: a manifest from which no record can be read is refused with one line and
    /// exit 2, and no output folder is made.
    @Test func manifestsWithNoRecordExitTwo() throws {
        let folder = try Support.temporaryFolder("norecord")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(file: String, text: String)] = [
            ("null.ndjson", "null\n"), ("truncated.ndjson", "{\"amount\": 1"), ("truncated.json", "[{\"amount\": 1"),
            ("cr-only.csv", "amount,name\r1,a\r2,b\r"), ("empty.ndjson", ""), ("empty-array.json", "[]"),
        ]
        for (file, text) in cases {
            let manifest = folder.appendingPathComponent(file)
            try Support.write(text, to: manifest)
            let output = folder.appendingPathComponent("out-" + file)
            let result = try InProcessCLI.run("batch", manifest.path, "-o", output.path)
            #expect(result.status == 2, "\(file): \(result.stdout) \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: cannot read the manifest \(manifest.path): it holds no records"), "\(file): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(file): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: output.path), "\(file)")
        }
        // One bad record before a good one is an ordinary failed record.
        let mixed = folder.appendingPathComponent("mixed.ndjson")
        try Support.write("{\"amount\": \n{\"amount\": 5}\n", to: mixed)
        let result = try InProcessCLI.run("batch", mixed.path, "-o", folder.appendingPathComponent("mixed").path)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 1 (1 unreadable record) (2 records in"), "\(result.stdout)")
        #expect(result.stderr.hasPrefix("error: \(mixed.path) line 1 (record 1): "))
    }

    /// Issue 12 point 7 through the binary: the record whose default name another record took
    /// fails; the file keeps the image of the record that named it.
    @Test func aTakenDefaultNameIsNotADuplicate() throws {
        let folder = try Support.temporaryFolder("takenname")
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = folder.appendingPathComponent("probe.ndjson")
        try Support.write("{\"amount\": \"10\"}\n{\"amount\": \"20\"}\n", to: probe)
        let alone = folder.appendingPathComponent("alone")
        #expect(try InProcessCLI.run("batch", probe.path, "-o", alone.path).status == 0)
        let names = try Support.files(alone, ext: "png")
        let ten = try #require(names.first { $0.hasPrefix("en_AU-10-") })
        let twenty = try #require(names.first { $0.hasPrefix("en_AU-20-") })
        let stem = String(ten.dropLast(4))

        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write("{\"amount\": \"20\", \"name\": \"\(stem)\"}\n{\"amount\": \"10\"}\n", to: manifest)
        let output = folder.appendingPathComponent("out")
        let result = try InProcessCLI.run("batch", manifest.path, "-o", output.path)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 1 (1 duplicate name) (2 records"), "\(result.stdout)")
        #expect(result.stderr.contains("line 2 (record 2): name: '\(stem)' is already used by the record on line 1"))
        #expect(try Data(contentsOf: output.appendingPathComponent(ten)) == Data(contentsOf: alone.appendingPathComponent(twenty)))
        // A second run does not take the amount-20 image for the amount-10 record either.
        let again = try InProcessCLI.run("batch", manifest.path, "-o", output.path)
        #expect(again.stdout.hasPrefix("rendered 0, skipped 1, hidden 0, failed 1"), "\(again.stdout)")
    }

    /// Issue 12 point 14: resume trusts an image only with the size and time the journal recorded.
    @Test func resumeRedrawsTruncatedEmptiedOrReplacedImages() throws {
        let folder = try Support.temporaryFolder("resumesize")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 4), to: manifest)
        let output = folder.appendingPathComponent("out")
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path).status == 0)
        let originals = try BatchTestSupport.images(output)
        let names = originals.keys.sorted()
        // Truncated to 100 bytes, emptied, one byte changed (same size), and one left alone.
        try originals[names[0]]!.prefix(100).write(to: output.appendingPathComponent(names[0]))
        try Data().write(to: output.appendingPathComponent(names[1]))
        var changed = originals[names[2]]!
        changed[changed.count / 2] ^= 0xFF
        // A new modification time for the changed file (the file system's clock past the run's files).
        #expect(FileClock.waitUntilPast(output))
        try changed.write(to: output.appendingPathComponent(names[2]))
        let result = try InProcessCLI.run("batch", manifest.path, "-o", output.path)
        #expect(result.stdout.hasPrefix("rendered 3, skipped 1,"), "\(result.stdout)")
        #expect(try BatchTestSupport.images(output) == originals)
        // A symbolic link where an image was is not trusted either.
        try FileManager.default.removeItem(at: output.appendingPathComponent(names[3]))
        try FileManager.default.createSymbolicLink(atPath: output.appendingPathComponent(names[3]).path, withDestinationPath: names[0])
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path).stdout.hasPrefix("rendered 1, skipped 3,"))
        #expect(try BatchTestSupport.images(output) == originals)
    }

    /// Issue 12 points 10 and 15: the batch's folder is never followed through a symbolic link;
    /// only its own temporary files of ended processes are removed, at once; look-alike user
    /// files stay.
    @Test func ownFolderAndTemporaryFiles() throws {
        let folder = try Support.temporaryFolder("ownfolder")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 2), to: manifest)

        // A planted symbolic link: refused, and nothing appears where it points.
        let planted = folder.appendingPathComponent("planted")
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: elsewhere.appendingPathComponent(".x.png.1.2.tmp"))
        try FileManager.default.createSymbolicLink(at: planted.appendingPathComponent(".breakdown-batch"), withDestinationURL: elsewhere)
        let refused = try InProcessCLI.run("batch", manifest.path, "-o", planted.path)
        #expect(refused.status == 2)
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(refused.stderr.contains(".breakdown-batch is not a folder this user made"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [".x.png.1.2.tmp"])
        #expect(try Support.files(planted, ext: "png").isEmpty)

        // Temporary files: one of an ended process (a child that has exited), one of a running
        // process (this test), and user files that look like temporaries.
        let output = folder.appendingPathComponent("out")
        let own = output.appendingPathComponent(".breakdown-batch")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        SpawnLog.note()
        try child.run()
        child.waitUntilExit()
        let machine = ProcessIdentity.machineID
        let ended = "tmp-\(machine)-\(child.processIdentifier)-1-1"
        let running = "tmp-\(machine)-\(getpid())-\(try Self.startTime(of: getpid()))-7"
        // This test's PID with another start time: a process that ended and whose PID was reused.
        let reused = "tmp-\(machine)-\(getpid())-1-8"
        for name in [ended, running, reused, "tmp-notes", "tmp-\(machine)-1-2"] {
            try Data("x".utf8).write(to: own.appendingPathComponent(name))
        }
        for name in [".my.notes.99999999.1.tmp", ".a.png.99999999.12345.tmp"] {
            try Data("user".utf8).write(to: output.appendingPathComponent(name))
        }
        #expect(try BinaryRunner.run("batch", manifest.path, "-o", output.path).status == 0)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: own.path))
        // The run's own report, report-RUN-0-of-1.json, and nothing else of the batch's.
        #expect(left.filter { $0.hasPrefix("report-") }.count == 1 && left.contains { $0.hasPrefix("report-") && $0.hasSuffix("-0-of-1.json") })
        #expect(left.filter { !$0.hasPrefix("report-") } == Set(["journal", running, "tmp-notes", "tmp-\(machine)-1-2"]))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(".my.notes.99999999.1.tmp").path))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(".a.png.99999999.12345.tmp").path))
    }

    /// A torn or damaged journal line is not believed (its record is drawn again), and the next
    /// entries, appended after it, are.
    @Test func aTornJournalLineIsIgnored() throws {
        let folder = try Support.temporaryFolder("tornjournal")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 3), to: manifest)
        let output = folder.appendingPathComponent("out")
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path).status == 0)
        let journal = output.appendingPathComponent(".breakdown-batch/journal")
        var text = try String(contentsOf: journal, encoding: .utf8)
        // Damage the second entry's size (its check no longer matches) and tear the last line.
        var lines = text.split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: ".png:", with: ".png:1")
        text = lines.joined(separator: "\n")
        try Data(text.dropLast(5).utf8).write(to: journal)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path).stdout.hasPrefix("rendered 2, skipped 1,"))
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path).stdout.hasPrefix("rendered 0, skipped 3,"))
    }

    /// Field 22 of /proc/PID/stat, read here without the batch's code.
    static func startTime(of pid: Int32) throws -> String {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let afterName = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...]
        return String(afterName.split(separator: " ")[19])
    }

    /// Issue 13 point 4: "1 record", duplicates counted as duplicates, not as skipped.
    @Test func summaryWording() throws {
        let folder = try Support.temporaryFolder("wording")
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one.ndjson")
        try Support.write("{\"amount\": 5}\n", to: one)
        let single = try InProcessCLI.run("batch", one.path, "-o", folder.appendingPathComponent("a").path)
        #expect(single.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 0 (1 record in "), "\(single.stdout)")
        let twice = folder.appendingPathComponent("twice.ndjson")
        try Support.write("{\"amount\": 5}\n{\"amount\": \"5\"}\n{\"amount\": 6}\n", to: twice)
        let report = folder.appendingPathComponent("r.json")
        let result = try InProcessCLI.run("batch", twice.path, "-o", folder.appendingPathComponent("b").path, "--report", report.path)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 0, duplicates 1 (3 records in "), "\(result.stdout)")
        let json = try Support.report(report)
        #expect(try Support.counts(json)["duplicates"] == 1)
        #expect(try Support.counts(json)["skipped"] == 0)
        let records = try #require(json["records"] as? [[String: Any]])
        #expect(records[1]["status"] as? String == "duplicate")
        #expect(records[1]["reason"] as? String == "the same options as the record on line 1")
    }

    /// Issue 13 point 4: SIGINT while the batch waits for more of its manifest (a FIFO whose
    /// writer stays open): the summary and the report say what was done, exit 130, and the
    /// report an earlier run left is not shown as this run's.
    @Test(.timeLimit(.minutes(15))) func sigintWritesTheSummaryAndReport() throws {
        let folder = try Support.temporaryFolder("sigint")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let report = folder.appendingPathComponent("report.json")
        try Support.write("{\"stale\": true}\n", to: report)
        let release = DispatchSemaphore(value: 0)
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo.path) else { return }
            handle.write(Data(Support.ndjson(count: 3).utf8))
            release.wait()
            try? handle.close()
        }
        writer.start()
        defer { release.signal() }
        let output = folder.appendingPathComponent("out")
        let running = try BatchProcess.Running(
            ["batch", fifo.path, "-o", output.path, "--report", report.path, "--jobs", "2"], folder: folder)
        #expect(BatchProcess.wait { ((try? Support.files(output, ext: "png"))?.count ?? 0) == 3 })
        #expect(!FileManager.default.fileExists(atPath: report.path), "the earlier run's report is still in place")
        kill(running.process.processIdentifier, SIGINT)
        let result = running.finish()
        #expect(result.status == 130)
        #expect(result.stdout.hasPrefix("rendered 3, skipped 0, hidden 0, failed 0 (3 records in "), "\(result.stdout)")
        #expect(result.stdout.contains("interrupted by SIGINT"))
        let json = try Support.report(report)
        #expect(json["interrupted"] as? String == "SIGINT")
        #expect(json["stopped"] as? String == "signal")
        #expect(try Support.counts(json)["rendered"] == 3)
        #expect(try BatchProcess.journal(output).count == 3)
    }

    /// SIGTERM part way through a file: in-flight records finish, the rest are "not run", and
    /// the report, the journal and the folder agree; exit 143. A rerun draws only the rest.
    @Test(.timeLimit(.minutes(15))) func sigtermFinishesInFlightRecordsAndJournalsThem() throws {
        let folder = try Support.temporaryFolder("sigterm")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let total = 300
        try Support.write(Support.ndjson(count: total, extra: ", \"scale\": 3"), to: manifest)
        let output = folder.appendingPathComponent("out")
        let report = folder.appendingPathComponent("r.json")
        let running = try BatchProcess.Running(
            ["batch", manifest.path, "-o", output.path, "--report", report.path, "--jobs", "2", "--quiet"], folder: folder)
        #expect(BatchProcess.wait { ((try? Support.files(output, ext: "png"))?.count ?? 0) >= 10 })
        kill(running.process.processIdentifier, SIGTERM)
        let result = running.finish()
        #expect(result.status == 143, "\(result.stderr)")
        let counts = try Support.counts(Support.report(report))
        let pngs = try Support.files(output, ext: "png")
        let journal = try BatchProcess.journal(output)
        #expect(counts["rendered"] == pngs.count)
        #expect(journal.count == pngs.count)
        #expect(pngs.count < total)
        #expect((counts["rendered"] ?? 0) + (counts["notRun"] ?? 0) == counts["records"])
        for png in pngs { #expect(Support.isWholePNG(output.appendingPathComponent(png))) }
        let rerun = try BinaryRunner.run("batch", manifest.path, "-o", output.path, "--quiet", "--report", report.path)
        #expect(rerun.status == 0)
        #expect(try Support.counts(Support.report(report))["skipped"] == pngs.count)
    }

    /// Two shards writing into one folder at the same time share its journal: a rerun of both
    /// skips everything.
    @Test(.timeLimit(.minutes(15))) func concurrentShardsKeepAJournalEachThatAnyRunReads() throws {
        let folder = try Support.temporaryFolder("shardjournal")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 24), to: manifest)
        let output = folder.appendingPathComponent("out")
        let small = ["BREAKDOWN_BATCH_GROUP_RECORDS": "3"]
        let shards = try (0..<2).map {
            try BatchProcess.Running(["batch", manifest.path, "-o", output.path, "--shard", "\($0)/2", "--jobs", "1"], environment: small, folder: folder)
        }
        for shard in shards { #expect(shard.finish().status == 0) }
        let journal = try BatchProcess.journal(output, file: "journal-0-of-2") + BatchProcess.journal(output, file: "journal-1-of-2")
        #expect(journal.count == 24)
        #expect(Set(journal.map(\.name)).count == 24)
        #expect(try BinaryRunner.run("batch", manifest.path, "-o", output.path).stdout.hasPrefix("rendered 0, skipped 24,"))
    }
}
