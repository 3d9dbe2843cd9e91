import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import BreakdownLayout
import BreakdownOptions
import BreakdownPipeline
import BreakdownSnapshotTesting
import Foundation
import Testing
@testable import SnapshotTestSupport

/// The snapshot machinery itself: recording, comparing, tolerances, record modes, bad input and
/// artifacts. Every test works in its own sandbox folder and passes its environment as a value.
@Suite("Snapshot machinery")
struct SnapshotMachineryTests {
    static let arguments = ["--amount", "100"]

    /// Records the reference for `arguments` and returns its decoded pixels.
    private func recordReference(_ sandbox: SnapshotSandbox, named name: String) throws -> PixelImage {
        let message = try #require(sandbox.verify(Self.arguments, named: name))
        #expect(message.contains("recorded"))
        return try PNGDecoder.decode(fileAtPath: try sandbox.paths(name).reference)
    }

    /// Replaces the reference with `image`.
    private func writeReference(_ image: PixelImage, _ sandbox: SnapshotSandbox, named name: String) throws {
        let bytes = try PNGEncoder().encode(image)
        try Data(bytes).write(to: URL(fileURLWithPath: try sandbox.paths(name).reference))
    }

    @Test("a missing reference is recorded, the assertion fails saying so, and the next run passes")
    func recordsMissingThenPasses() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let paths = try sandbox.paths("first")
        #expect(paths.reference == sandbox.root.path + "/__Snapshots__/FakeTests/first.png")
        let message = try #require(sandbox.verify(Self.arguments, named: "first"))
        #expect(message.contains("no reference yet, so recorded \(paths.reference)"))
        #expect(FileManager.default.fileExists(atPath: paths.reference))
        #expect(sandbox.verify(Self.arguments, named: "first") == nil)
    }

    @Test("recording a reference leaves nothing in the system's temporary folder")
    func recordingLeavesNoTemporaryDirectories() throws {
        // Foundation's atomic write on Linux leaves an empty TemporaryDirectory.XXXXXX (with a
        // .keep-directory) behind for every file: a CI machine gathered hundreds. SwiftPM's own
        // commands leave such folders too (6 a `swift build`), so with a build beside this test
        // (the README test's, another checkout's) the folder's listing cannot say whose they are:
        // the folders this process makes are read from its own system calls instead, traced by
        // strace attached to all its threads while it records.
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let trace = sandbox.root.appendingPathComponent("calls.trace")
        // Spawned and reaped by hand (posix_spawn, waitpid), with no signal blocked or ignored:
        // through Foundation's Process, with this thread's signal state, strace was never
        // stopped and the test hung.
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let arguments = ["/usr/bin/strace", "-f", "-e", "trace=mkdir,mkdirat,openat,rename,renameat,renameat2", "-o", trace.path, "-p", String(getpid())]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        // SIGTERM makes it detach and exit.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var tracer: pid_t = 0
        try #require(posix_spawn(&tracer, arguments[0], &actions, &attributes, &argv, environ) == 0, "strace could not start")
        close(pipeEnds[1])
        let messages = FileHandle(fileDescriptor: pipeEnds[0], closeOnDealloc: true)
        // Wait until every thread is traced: strace says "Process PID attached with N threads"
        // once it has attached them all (or exits, and the pipe ends, if it cannot).
        let attached = "Process \(getpid()) attached"
        var said = ""
        while !said.contains(attached) {
            let chunk = messages.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        try #require(said.contains(attached), "strace did not attach: \(said)")
        // This thread, the one that records, is among them.
        let status = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
        #expect(status.contains("TracerPid:\t\(tracer)\n"), "\(status)")

        for name in ["one", "two", "three"] { _ = try recordReference(sandbox, named: name) }
        _ = sandbox.verify(Self.arguments, named: "one", record: .all)

        kill(tracer, SIGTERM)
        var exit: Int32 = 0
        while waitpid(tracer, &exit, 0) == -1, errno == EINTR {}
        let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        // The trace saw the references written (their folder opened or renamed into).
        let reference = try sandbox.paths("three").reference
        #expect(calls.contains { $0.contains(reference) }, "the trace holds no call naming \(reference): \(calls.prefix(20))")
        let made = calls.filter { $0.contains("mkdir") && $0.contains("TemporaryDirectory.") }
        #expect(made.isEmpty, "folders made for atomic writes: \(made)")
    }

    @Test("one changed pixel fails with its count, largest difference and box, and writes the artifacts")
    func onePixelChange() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        var reference = try recordReference(sandbox, named: "one-pixel")
        let recorded = reference
        let old = reference[10, 5]
        reference[10, 5] = [old[0] ^ 0xFF, old[1], old[2], 255]
        try writeReference(reference, sandbox, named: "one-pixel")

        let message = try #require(sandbox.verify(Self.arguments, named: "one-pixel"))
        let paths = try sandbox.paths("one-pixel")
        #expect(message.contains("does not match its reference \(paths.reference)"))
        #expect(message.contains("images differ: 1 of \(reference.width * reference.height) pixels"))
        #expect(message.contains("at (10, 5)"))
        #expect(message.contains("differences within x 10, y 5, width 1, height 1"))
        #expect(message.contains("actual: \(paths.actualArtifact)"))
        #expect(message.contains("diff: \(paths.diffArtifact)"))
        #expect(paths.actualArtifact.hasPrefix(sandbox.artifacts + "/"))
        #expect(paths.actualArtifact.hasSuffix("/FakeTests/one-pixel.actual.png"))
        let diff = try PNGDecoder.decode(fileAtPath: paths.diffArtifact)
        #expect(diff[10, 5] == [255, 0, 255, 255])
        #expect(diff[0, 0] != [255, 0, 255, 255])
        let actual = try PNGDecoder.decode(fileAtPath: paths.actualArtifact)
        // The actual artifact is the picture as drawn: the recorded reference, every pixel, (10, 5) too.
        #expect(actual == recorded)
        #expect(actual[10, 5] == old)
        #expect(actual[10, 5] != reference[10, 5])
    }

    @Test("a channel difference equal to the tolerance passes; one less tolerance fails", arguments: [1, 40, 255])
    func channelToleranceEdge(difference: Int) throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        var reference = try recordReference(sandbox, named: "tolerance")
        // The top-left pixel of a transparent image is transparent black: change only its alpha.
        #expect(reference[0, 0] == [0, 0, 0, 0])
        reference[0, 0] = [0, 0, 0, UInt8(difference)]
        try writeReference(reference, sandbox, named: "tolerance")
        #expect(sandbox.verify(Self.arguments, named: "tolerance", comparison: .init(channelTolerance: difference)) == nil)
        let failure = sandbox.verify(Self.arguments, named: "tolerance", comparison: .init(channelTolerance: difference - 1))
        #expect(failure?.contains("largest channel difference \(difference) at (0, 0)") == true)
    }

    @Test("the allowed fraction of differing pixels is honoured at its edge")
    func allowedFractionEdge() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        var reference = try recordReference(sandbox, named: "fraction")
        reference[0, 0] = [255, 255, 255, 255]
        reference[1, 0] = [255, 255, 255, 255]
        try writeReference(reference, sandbox, named: "fraction")
        let edge = 2 / Double(reference.width * reference.height)
        #expect(sandbox.verify(Self.arguments, named: "fraction", comparison: .init(allowedDifferingFraction: edge)) == nil)
        let below = sandbox.verify(Self.arguments, named: "fraction", comparison: .init(allowedDifferingFraction: edge.nextDown))
        #expect(below?.contains("differences within x 0, y 0, width 2, height 1") == true)
    }

    @Test("the record mode comes from the argument, then BREAKDOWN_RECORD, then CI")
    func recordModeResolution() throws {
        #expect(try RecordMode.resolve(nil, environment: [:]) == .missing)
        #expect(try RecordMode.resolve(nil, environment: ["CI": "true"]) == .never)
        #expect(try RecordMode.resolve(nil, environment: ["CI": "1"]) == .never)
        #expect(try RecordMode.resolve(nil, environment: ["CI": "false"]) == .missing)
        #expect(try RecordMode.resolve(nil, environment: ["CI": ""]) == .missing)
        #expect(try RecordMode.resolve(nil, environment: ["BREAKDOWN_RECORD": "all"]) == .all)
        #expect(try RecordMode.resolve(nil, environment: ["BREAKDOWN_RECORD": "never"]) == .never)
        #expect(try RecordMode.resolve(nil, environment: ["CI": "true", "BREAKDOWN_RECORD": "all"]) == .all)
        #expect(try RecordMode.resolve(.missing, environment: ["CI": "true"]) == .missing)
        #expect(try RecordMode.resolve(.never, environment: ["BREAKDOWN_RECORD": "all"]) == .never)
        #expect(throws: SnapshotError("BREAKDOWN_RECORD=sometimes is not a record mode; use missing, all, never")) {
            try RecordMode.resolve(nil, environment: ["BREAKDOWN_RECORD": "sometimes"])
        }
    }

    @Test("with CI set a missing reference fails and nothing is recorded")
    func ciNeverRecords() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        var environment = sandbox.environment
        environment["CI"] = "true"
        let message = try #require(sandbox.verify(Self.arguments, named: "in-ci", environment: environment))
        let paths = try sandbox.paths("in-ci")
        #expect(message.contains("no reference at \(paths.reference)"))
        #expect(message.contains("record mode is never (CI is set)"))
        #expect(!FileManager.default.fileExists(atPath: paths.reference))
        #expect(message.contains("actual: \(paths.actualArtifact)"))
        #expect(FileManager.default.fileExists(atPath: paths.actualArtifact))
    }

    @Test("record mode all rewrites an existing reference and fails saying so")
    func recordAllWrites() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        var reference = try recordReference(sandbox, named: "rewrite")
        reference[3, 3] = [1, 2, 3, 255]
        try writeReference(reference, sandbox, named: "rewrite")
        #expect(sandbox.verify(Self.arguments, named: "rewrite") != nil)
        let message = try #require(sandbox.verify(Self.arguments, named: "rewrite", record: .all))
        #expect(message.contains("recorded \(try sandbox.paths("rewrite").reference) because the record mode is all"))
        #expect(sandbox.verify(Self.arguments, named: "rewrite") == nil)
        var environment = sandbox.environment
        environment["BREAKDOWN_RECORD"] = "all"
        #expect(sandbox.verify(Self.arguments, named: "rewrite", environment: environment)?.contains("record mode is all") == true)
    }

    @Test(
        "a corrupt reference gives a clear message, not a crash",
        arguments: [
            ("not a PNG", "not a PNG (no PNG signature)"),
            ("", "it is empty"),
            ("truncated", "PNG is truncated"),
            ("garbled", "is damaged (its CRC is"),
        ])
    func corruptReference(kind: String, expected: String) throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        _ = try recordReference(sandbox, named: "corrupt")
        let path = try sandbox.paths("corrupt").reference
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let bad: Data
        switch kind {
        case "truncated": bad = good.prefix(good.count / 2)
        case "garbled":  // chunk lengths kept, compressed pixels and their checksum broken: the chunk is named
            bad = good.prefix(50) + Data(repeating: 0x41, count: good.count - 70) + good.suffix(20)
        default: bad = Data(kind.utf8)
        }
        try bad.write(to: URL(fileURLWithPath: path))
        let message = try #require(sandbox.verify(Self.arguments, named: "corrupt"))
        #expect(message.contains("reference \(path)"))
        #expect(message.contains(expected), "\(message)")
        #expect(message.contains("Delete the reference to record it again"))
    }

    @Test("a size change is its own message, and the diff image covers both sizes")
    func sizeMismatch() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let reference = try recordReference(sandbox, named: "size")
        let message = try #require(sandbox.verify(Self.arguments + ["--padding", "2"], named: "size"))
        #expect(message.contains("image sizes differ: reference is \(reference.width)×\(reference.height), actual is \(reference.width + 4)×\(reference.height + 4)"))
        let diff = try PNGDecoder.decode(fileAtPath: try sandbox.paths("size").diffArtifact)
        #expect(diff.width == reference.width + 4)
    }

    @Test(
        "bad input is one line naming what was wrong and what is accepted",
        arguments: [
            (["--amout", "100"], "bad", "unknown option '--amout'; did you mean '--amount'?"),
            (["--amount", "100", "--scale", "5"], "bad", "'5' is not valid; expected one of 0.75, 1, 1.5, 2, 2.625, 3, 3.5, 4"),
            (["--amount", "100", "extra"], "bad", "unexpected argument 'extra'"),
            (["--no-configuration"], "bad", "cannot render: the breakdown is hidden"),
            (["--amount", "100"], "a/b", "snapshot name 'a/b' is not accepted; use letters, digits"),
            // Issue 48: a character no font has would be a box in the reference.
            (["--amount", "100", "--link-text", "Info \u{F8FF}"], "bad", "no font has a glyph for U+F8FF (in the link text)"),
            (["--platform", "android", "--amount", "100", "--link-text", "\u{F8FF}"], "bad", "no font has a glyph for U+F8FF (in the link text)"),
        ])
    func badInput(arguments: [String], name: String, expected: String) throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let message = try #require(sandbox.verify(arguments, named: name))
        #expect(message.contains(expected), "\(message)")
        #expect(!message.contains("\n"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("__Snapshots__").path))
    }

    @Test("typed inputs and the command line's words give the same image")
    func typedInputsMatchArguments() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let inputs = BreakdownInputs(
            configuration: try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_GB"),
            deviceLocale: "en_GB", amount: 100)
        let recorded = verifyBreakdownSnapshot(
            of: inputs, settings: RenderSettings(scale: .x2), named: "typed", environment: sandbox.environment,
            filePath: sandbox.filePath, testName: "sandbox", line: 1, column: 1)
        #expect(recorded?.contains("recorded") == true)
        #expect(sandbox.verify(["--locale", "en_GB", "--amount", "100", "--scale", "2"], named: "typed") == nil)
    }

    @Test("iOS's accessibility settings: typed options and the command line's words give the same image, and another than without them")
    func accessibilitySettingsMatchArguments() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let options = PriceBreakdownOptions(
            appearance: .dark, moreInfoOptions: MoreInfoOptions(modalLinkStyle: .moreInfoText), increaseContrast: true, boldText: true)
        let inputs = BreakdownInputs(
            configuration: try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU"),
            deviceLocale: "en_AU", options: options, amount: 100)
        let recorded = verifyBreakdownSnapshot(
            of: inputs, settings: RenderSettings(scale: .x2), named: "settings", environment: sandbox.environment,
            filePath: sandbox.filePath, testName: "sandbox", line: 1, column: 1)
        #expect(recorded?.contains("recorded") == true)
        let words = ["--amount", "100", "--appearance", "dark", "--link-style", "moreInfoText", "--scale", "2"]
        #expect(sandbox.verify(words + ["--increase-contrast", "--bold-text"], named: "settings") == nil)
        let without = sandbox.verify(words, named: "settings")
        #expect(without?.contains("image sizes differ") == true, "\(without ?? "matched")")
    }

    @Test("the assertion reports its failure to Swift Testing")
    func assertionReportsToSwiftTesting() {
        withKnownIssue {
            assertBreakdownSnapshot(of: ["--amout", "100"], named: "never-written")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("did you mean '--amount'?") }
        }
    }
}
