@testable import BreakdownBatch
import BreakdownOptions
import BreakdownTestSupport
import Foundation
import Testing
import BreakdownIO

/// Runs the batch binary with an environment, standard input and signals, and reads the journal
/// as its documented format says (`NAME FINGERPRINT FILE:SIZE:MTIME_NS:INODE:UID … CHECK`), without the
/// batch's own parser.
enum BatchProcess {
    struct Entry: Equatable {
        var name: String
        var files: [(name: String, size: Int)]
        static func == (a: Entry, b: Entry) -> Bool { a.name == b.name && a.files.map(\.name) == b.files.map(\.name) && a.files.map(\.size) == b.files.map(\.size) }
    }

    /// The entries of a journal (the header line left out): the unsharded run's, or `file`
    /// (`journal-K-of-N`, a shard's).
    static func journal(_ output: URL, file: String = "journal") throws -> [Entry] {
        let text = try String(contentsOf: output.appendingPathComponent(".breakdown-batch/" + file), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "breakdown batch journal 2")
        lines.removeFirst()
        return lines.filter { !$0.isEmpty }.map { line in
            let words = line.split(separator: " ")
            let files = words.dropFirst(2).dropLast().map { word in
                let parts = word.split(separator: ":")
                return (String(parts[0]), Int(parts[1]) ?? -1)
            }
            return Entry(name: String(words[0]), files: files)
        }
    }

    /// How many entries the journals hold so far, for a test that waits while a batch runs: a
    /// journal the batch has created but not yet given its header counts as none (reading it is
    /// no failure then, as `journal` would record one). nil when there is none yet.
    static func entriesSoFar(_ output: URL, all: Bool = false) -> Int? {
        let own = output.appendingPathComponent(".breakdown-batch")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: own.path) else { return nil }
        var count = 0
        for name in names where all ? name.hasPrefix("journal") : name == "journal" {
            guard let text = try? String(contentsOf: own.appendingPathComponent(name), encoding: .utf8),
                text.hasPrefix("breakdown batch journal 2\n")
            else { continue }
            count += text.split(separator: "\n").dropFirst().count
        }
        return count
    }

    /// The entries of every journal in the folder (`journal` and each shard's `journal-K-of-N`),
    /// in file name order.
    static func allJournals(_ output: URL) throws -> [Entry] {
        let own = output.appendingPathComponent(".breakdown-batch")
        let names = try FileManager.default.contentsOfDirectory(atPath: own.path).filter { $0.hasPrefix("journal") }.sorted()
        return try names.flatMap { try journal(output, file: $0) }
    }

    /// A started `breakdown` process; stdout and stderr go to files read at the end.
    final class Running {
        let process = Process()
        let stdout: URL
        let stderr: URL

        init(_ arguments: [String], environment: [String: String] = [:], stdin: FileHandle? = nil, folder: URL) throws {
            guard let executable = BinaryRunner.executable else { throw CLIError.failure("build the breakdown executable first (swift build)") }
            process.executableURL = executable
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            stdout = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
            stderr = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: stdout)
            process.standardError = try FileHandle(forWritingTo: stderr)
            if let stdin { process.standardInput = stdin }
            SpawnLog.note()
            try process.run()
        }

        /// Waits for the end; returns the status (128 + signal when killed) and the output.
        func finish() -> BinaryRunner.Result {
            process.waitUntilExit()
            let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
            return BinaryRunner.Result(
                status: status, stdout: (try? String(contentsOf: stdout, encoding: .utf8)) ?? "",
                stderr: (try? String(contentsOf: stderr, encoding: .utf8)) ?? "")
        }
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], folder: URL) throws -> BinaryRunner.Result {
        try Running(arguments, environment: environment, folder: folder).finish()
    }

    /// Waits (up to a minute) until `condition` holds.
    static func wait(until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }
}
