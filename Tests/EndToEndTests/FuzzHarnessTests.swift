import Foundation
import Testing
import BreakdownTestSupport

/// The fuzz harnesses of `make fuzz` (Fuzz/Harnesses) and their seed corpus (Tools/fuzz-seeds.py)
/// stay usable: the plain build of `breakdown-fuzz` replays every seed through its harness, each
/// checked as under the fuzzer (no crash, a refusal is a short message). Run in CI by
/// `swift test`; the fuzzing itself is `make fuzz`.
@Suite struct FuzzHarnessTests {
    static let harnesses = ["ndjson", "json", "csv", "query", "signature", "contents-json", "artwork", "png", "png-encode", "journal"]

    static var replayer: URL? {
        BinaryRunner.executable.map { $0.deletingLastPathComponent().appendingPathComponent("breakdown-fuzz") }
            .flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }
    }

    static func seeds() throws -> URL {
        let folder = try BatchTestSupport.temporaryFolder("fuzz-seeds")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tools/fuzz-seeds.py")
        let result = try BinaryRunner.run(command: "/usr/bin/env", ["python3", script.path, folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        return folder
    }

    /// The replayer's temporary folder (TMPDIR) is one of the test's, empty again after each
    /// run: what a harness made there (its scratch folder) it removed, whatever the run did.
    static func replay(_ replayer: URL, _ arguments: [String], in temporary: URL) throws -> BinaryRunner.Result {
        let result = try BinaryRunner.run(command: replayer.path, arguments, environment: ["TMPDIR": temporary.path])
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(left.isEmpty, "\(arguments.prefix(1)): left in TMPDIR: \(left)")
        return result
    }

    @Test func everySeedReplaysCleanly() throws {
        let replayer = try #require(Self.replayer, "build the fuzz replayer first (swift build)")
        let seeds = try Self.seeds()
        defer { try? FileManager.default.removeItem(at: seeds) }
        let temporary = try BatchTestSupport.temporaryFolder("fuzz-tmp")
        defer { try? FileManager.default.removeItem(at: temporary) }
        for harness in Self.harnesses {
            let files = try FileManager.default.contentsOfDirectory(atPath: seeds.appendingPathComponent(harness).path).sorted()
            #expect(files.count >= 5, "\(harness): \(files.count) seeds")
            let result = try Self.replay(replayer, [harness] + files.map { seeds.appendingPathComponent(harness + "/" + $0).path }, in: temporary)
            #expect(result.status == 0, "\(harness): \(result.stderr)")
            #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count == files.count, "\(harness): \(result.stdout)")
        }
        // A file it cannot read: exit 2, and its scratch folder (the artwork harness's) removed.
        let unreadable = try Self.replay(replayer, ["artwork", seeds.appendingPathComponent("artwork").path + "/" + (try FileManager.default.contentsOfDirectory(atPath: seeds.appendingPathComponent("artwork").path).sorted()[0]), "/nonexistent/seed"], in: temporary)
        #expect(unreadable.status == 2 && unreadable.stderr.contains("cannot read /nonexistent/seed"), "\(unreadable.stderr)")
    }

    @Test func anUnknownHarnessIsOneLineAndExit2() throws {
        let replayer = try #require(Self.replayer, "build the fuzz replayer first (swift build)")
        let temporary = try BatchTestSupport.temporaryFolder("fuzz-tmp")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let result = try Self.replay(replayer, ["nope"], in: temporary)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("harnesses: artwork, contents-json, csv"), "\(result.stderr)")
    }

    /// What the harnesses' checks found, replayed through them (the inputs are text, kept here).
    /// signature: a signature whose last character differs only in the 2 bits base64 decoding
    /// drops ("…VT59" for "…VT58") was accepted, so each signed URL had 4 spellings.
    static let findings: [(harness: String, input: String)] = [
        ("signature", "JEi2IbsAC3SL81w47kBOSJVemy8b-gAR-KvpLmMVT59\n/v1/breakdown.png?amount=1"),
    ]

    @Test func whatTheFuzzerFoundReplaysCleanly() throws {
        let replayer = try #require(Self.replayer, "build the fuzz replayer first (swift build)")
        let folder = try BatchTestSupport.temporaryFolder("fuzz-findings")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, finding) in Self.findings.enumerated() {
            let file = folder.appendingPathComponent("finding-\(index)")
            try Data(finding.input.utf8).write(to: file)
            let result = try BinaryRunner.run(command: replayer.path, [finding.harness, file.path])
            #expect(result.status == 0, "\(finding.harness) \(finding.input.debugDescription): \(result.stderr.prefix(300))")
        }
    }
}
