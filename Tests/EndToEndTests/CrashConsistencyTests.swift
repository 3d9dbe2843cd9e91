import BreakdownTestSupport
import Foundation
import Testing

/// Crash consistency without timing (issue 22, item 5): `batch` runs under `strace`, which lists
/// every rename, sync and write of every thread in the order the kernel saw them. The guarantee
/// of docs/batch.md ("an image's line is written only after `syncfs` returned for a group that
/// contains it") is then a property of the trace: for each journal line, each file it lists was
/// renamed into place (the rename returned) before a `syncfs` of the output folder's file system
/// began, that `syncfs` and an `fsync` of the output folder returned, and only then did the write
/// carrying the line begin. Whatever the threads' timing, a trace that breaks this order is a
/// crash that can lose an image the journal vouches for.
@Suite struct CrashConsistencyTests {
    typealias Support = BatchTestSupport

    /// One system call in the trace: where it began and where it returned (line numbers; the same
    /// for a call strace printed whole, two for `<unfinished ...>` … `<... resumed>`).
    struct Call {
        /// The thread that made it.
        var thread: String
        var name: String
        var text: String
        var began: Int
        var returned: Int
    }

    /// The calls of a `strace -f -y -s N` log, unfinished and resumed halves joined by thread.
    static func calls(_ log: String) -> [Call] {
        var calls: [Call] = []
        var open: [Substring: Int] = [:]
        for (number, line) in log.split(separator: "\n").enumerated() {
            guard let space = line.firstIndex(of: " ") else { continue }
            // strace pads the thread id to a width: `1519  write(…`.
            let thread = line[..<space]
            let rest = line[space...].drop { $0 == " " }
            if let resumed = rest.firstMatch(of: /^<\.\.\. (\w+) resumed>/) {
                if let index = open.removeValue(forKey: thread) {
                    calls[index].returned = number
                    calls[index].text += rest[resumed.range.upperBound...].drop { $0 == " " }
                }
                continue
            }
            guard let name = rest.firstMatch(of: /^(\w+)\(/) else { continue }
            let unfinished = " <unfinished ...>"
            calls.append(Call(thread: String(thread), name: String(name.output.1), text: String(rest), began: number, returned: number))
            if rest.hasSuffix(unfinished) {
                calls[calls.count - 1].text.removeLast(unfinished.count)
                open[thread] = calls.count - 1
            }
        }
        return calls
    }

    /// The text of the strace-quoted string argument after `prefix`, with `\n` unescaped.
    static func firstString(_ text: String, after prefix: String) -> String? {
        guard let start = text.range(of: prefix) else { return nil }
        let rest = text[start.upperBound...]
        guard let quote = rest.firstIndex(of: "\"") else { return nil }
        var result = ""
        var escaped = false
        for character in rest[rest.index(after: quote)...] {
            if escaped {
                result.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return result
            } else {
                result.append(character)
            }
        }
        return nil
    }

    @Test func noJournalLineIsWrittenBeforeTheSyncThatCoversItsFiles() throws {
        let strace = try #require(AtomicWriteTests.strace, "strace is missing: `make deps` installs it (Debian package strace)")
        let executable = try #require(BinaryRunner.executable, "build the breakdown executable first (swift build)")
        let folder = try Support.temporaryFolder("crash-order")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        // 23 records, two formats each, in groups of 4 records: six groups, the last one short.
        try Support.write(Support.ndjson(count: 23, extra: #", "format": ["png", "svg"]"#), to: manifest)
        let output = folder.appendingPathComponent("out")
        let log = folder.appendingPathComponent("strace.log")
        let result = try BinaryRunner.run(
            command: "/usr/bin/env",
            [
                "BREAKDOWN_BATCH_GROUP_RECORDS=4", strace, "-f", "-qq", "-y", "-s", "1000000", "-e",
                "trace=rename,renameat,renameat2,syncfs,sync,fsync,fdatasync,write,pwrite64", "-o", log.path, executable.path,
                "batch", manifest.path, "-o", output.path, "--jobs", "2",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let calls = Self.calls(try String(contentsOf: log, encoding: .utf8))
        let outputPath = output.path
        let journalPath = outputPath + "/.breakdown-batch/journal"

        // When each final name was renamed into place (the last time).
        var renamed: [String: Int] = [:]
        for call in calls where call.name.hasPrefix("rename") && call.text.hasSuffix("= 0") {
            if let target = call.text.firstMatch(of: /<((?:[^>\\]|\\.)*)>, "([^"]+)"(?:, \w+)?\)\s+= 0$/),
                String(target.output.1) == outputPath
            {
                renamed[String(target.output.2)] = call.returned
            }
        }
        #expect(renamed.count == 46, "\(renamed.count) renames into \(outputPath) of \(calls.count) calls: \(calls.prefix(3).map(\.text))")
        let syncs = calls.filter { ($0.name == "syncfs" && $0.text.contains("<\(outputPath)>")) || $0.name == "sync" }
        let folderSyncs = calls.filter { $0.name == "fsync" && $0.text.hasPrefix("fsync(") && $0.text.contains("<\(outputPath)>)") }
        let journalWrites = calls.filter { $0.name == "write" && $0.text.contains("<\(journalPath)>") }

        var journalled: Set<String> = []
        var groups = 0
        for write in journalWrites {
            let text = try #require(Self.firstString(write.text, after: "<\(journalPath)>"))
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("breakdown batch journal") }
            guard !lines.isEmpty else { continue }
            groups += 1
            // The last sync that returned before this write began, and the folder's fsync after it.
            let sync = try #require(syncs.last { $0.returned < write.began }, "journal write at line \(write.began) with no syncfs before it")
            #expect(folderSyncs.contains { $0.began > sync.returned && $0.returned < write.began }, "no fsync of the folder between the syncfs and the journal write")
            for line in lines {
                // NAME FINGERPRINT FILE:SIZE:MTIME:INODE:UID … CHECK
                let words = line.split(separator: " ")
                for file in words.dropFirst(2).dropLast() {
                    let name = String(file.split(separator: ":")[0])
                    let when = try #require(renamed[name], "\(name) is journalled but was never renamed into place")
                    #expect(when < sync.began, "\(name) renamed at line \(when), after the syncfs (line \(sync.began)) its journal line relies on")
                    journalled.insert(name)
                }
            }
        }
        // Every file is journalled, in six groups: the check above looked at every line.
        #expect(journalled == Set(renamed.keys))
        #expect(groups == 6, "\(groups) journal writes with entries")
        #expect(journalWrites.allSatisfy { $0.began == $0.returned || $0.returned > $0.began })
    }

    /// Several writers (issue 33): three shards at once into one folder, under one trace. Each
    /// journal's lines are written by one thread only (its shard's commit thread; no two
    /// processes append to one file), each after a `syncfs` that same thread made once the files
    /// its lines list were renamed into place.
    @Test func severalShardsEachWriteTheirOwnJournalAfterTheirOwnSync() throws {
        let strace = try #require(AtomicWriteTests.strace, "strace is missing: `make deps` installs it (Debian package strace)")
        let executable = try #require(BinaryRunner.executable, "build the breakdown executable first (swift build)")
        let folder = try Support.temporaryFolder("crash-order-shards")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 36), to: manifest)
        let output = folder.appendingPathComponent("out")
        // Three traced processes at once (a shell's `wait` would inherit the test's blocked
        // SIGCHLD and never return): each shard's calls in a log of its own.
        let logs = (0..<3).map { folder.appendingPathComponent("strace-\($0).log") }
        let processes = try (0..<3).map { index in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: strace)
            process.arguments = [
                "-f", "-qq", "-y", "-s", "1000000", "-e", "trace=rename,renameat,renameat2,syncfs,write", "-o", logs[index].path,
                executable.path, "batch", manifest.path, "-o", output.path, "--shard", "\(index)/3", "--jobs", "1", "--quiet",
            ]
            process.environment = ProcessInfo.processInfo.environment.merging(["BREAKDOWN_BATCH_GROUP_RECORDS": "3"]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            SpawnLog.note()
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        // Calls of each process, with the process's number in the thread's name.
        let calls = try logs.enumerated().flatMap { index, log in
            Self.calls(try String(contentsOf: log, encoding: .utf8)).map { call in
                var call = call
                call.thread = "\(index):" + call.thread
                return call
            }
        }
        // Where each file was renamed into place: its process and line.
        var renamed: [String: (process: Substring, line: Int)] = [:]
        for call in calls where call.name.hasPrefix("rename") && call.text.hasSuffix("= 0") {
            if let target = call.text.firstMatch(of: /<((?:[^>\\]|\\.)*)>, "([^"]+)"(?:, \w+)?\)\s+= 0$/), String(target.output.1) == output.path {
                renamed[String(target.output.2)] = (call.thread.prefix { $0 != ":" }, call.returned)
            }
        }
        #expect(renamed.count == 36, "\(renamed.count) renames")
        var writers: [String: Set<String>] = [:]
        var journalled: Set<String> = []
        for index in 0..<3 {
            let path = output.path + "/.breakdown-batch/journal-\(index)-of-3"
            for write in calls where write.name == "write" && write.text.contains("<\(path)>") {
                let text = try #require(Self.firstString(write.text, after: "<\(path)>"))
                let lines = text.split(separator: "\n").filter { !$0.hasPrefix("breakdown batch journal") }
                guard !lines.isEmpty else { continue }
                writers[path, default: []].insert(write.thread)
                // Line numbers order calls within one log: the same thread's syncfs is in the same log.
                let sync = try #require(
                    calls.last { $0.name == "syncfs" && $0.thread == write.thread && $0.returned < write.began },
                    "a write to \(path) with no syncfs of its own thread before it")
                for line in lines {
                    for file in line.split(separator: " ").dropFirst(2).dropLast() {
                        let name = String(file.split(separator: ":")[0])
                        let when = try #require(renamed[name], "\(name) is journalled but was never renamed into place")
                        #expect(when.process == write.thread.prefix { $0 != ":" }, "\(name) journalled by a process that did not draw it")
                        #expect(when.line < sync.began, "\(name) renamed after the syncfs its line relies on")
                        journalled.insert(name)
                    }
                }
            }
        }
        #expect(writers.count == 3, "journals written: \(writers.keys.sorted())")
        #expect(writers.values.allSatisfy { $0.count == 1 }, "\(writers)")
        #expect(Set(writers.values.flatMap { $0 }).count == 3, "one thread wrote to two journals: \(writers)")
        #expect(journalled == Set(renamed.keys))
        #expect(!calls.contains { $0.name == "write" && $0.text.contains("/.breakdown-batch/journal>") }, "an unsharded journal was written")
    }
}
