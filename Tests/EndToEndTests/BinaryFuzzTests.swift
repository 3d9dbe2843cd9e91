@testable import BreakdownBatch
import Foundation
import Testing
import BreakdownTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Seeded random command lines and manifests against the built binary: hostile values (huge,
/// negative, control characters, markup with giant sizes, FIFOs and devices as paths, full
/// outputs) for `describe`, `render`, `batch` and `verify`. Every run must end with a status
/// (no crash signal), within its time limit, under 1 GiB resident, and bad input (exit 2) with
/// exactly one line on stderr.
///
/// CI runs `BREAKDOWN_FUZZ_CASES` cases (default 150, a few seconds a dozen); `Tools/fuzz.sh`
/// runs thousands by hand and prints the figures.
@Suite(.serialized, .timeLimit(.minutes(60))) struct BinaryFuzzTests {
    typealias Random = FuzzInputs.SeededGenerator

    static let caseCount = ProcessInfo.processInfo.environment["BREAKDOWN_FUZZ_CASES"].flatMap(Int.init) ?? 150
    static let seed = ProcessInfo.processInfo.environment["BREAKDOWN_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x0012_F022
    static let memoryLimitKiB = 1 << 20  // 1 GiB

    static let values = [
        "100", "0", "-1", "-0.01", "1e400", "99999999999999999999999999999999999999", "abc", "", " ", "1\u{1B}[2J", "\u{7}",
        "NaN", "500", "501", "1000", "10000", "0.0001", "3", "4", "-", "--", "en_AU", "xx_YY", "#FFFFFF", "#GG", "transparent",
        "<b>x</b>", "<span size='1000000000'>X</span>", "<span font='10000'>X</span>", "<span letter_spacing='2000000000'>XX</span>",
        "<span rise='-2000000000'>X</span>", "<big><big><big><big><big><big><big><big><big><big>X</big></big></big></big></big></big></big></big></big></big>",
        "<span line_height='1000'>X\nY</span>", "<unclosed", String(repeating: "W", count: 6000), String(repeating: "W\n", count: 400),
        String(repeating: "é", count: 20000), "fifo", "full", "file/sub", "missing/dir", "folder", "/proc/self/fd/1", "\u{0}",
    ]

    static let options = [
        "--amount", "--locale", "--currency", "--min", "--max", "--no-minimum", "--device-locale", "--consumer-locale", "--intro",
        "--logo", "--palette", "--appearance", "--link-style", "--link-text", "--font", "--font-file", "--font-size",
        "--content-size", "--text-color", "--background", "--padding", "--width", "--scale", "--logo-assets", "--modal-id",
    ]

    /// Values that fit each option (valid, at a limit, or just past it), picked more often than
    /// the hostile list, so that runs get past validation into layout, drawing and writing.
    static let fitting: [String: [String]] = [
        "--amount": ["100", "25.50", "0", "1999.99", "2000.01", "-1", "100000000000000000000"],
        "--font-size": ["12", "17", "250", "499.9", "500", "500.1", "0"],
        "--width": ["1", "50", "300", "5000", "10000"],
        "--padding": ["0", "20", "1000"],
        "--scale": ["1", "2", "3"],
        "--link-text": [
            "Info", "<b>More</b>", "<span size='500pt'>X</span>", "<span size='501pt'>X</span>", "<big>X</big>",
            "<span letter_spacing='1024000'>XX</span>", "<span letter_spacing='1025024'>XX</span>", String(repeating: "W", count: 2000),
            String(repeating: "W ", count: 3000), "a\u{1B}b",
        ],
        "--locale": ["en_AU", "en_US", "en_GB", "fr_CA", "es_ES", "xx"],
        "--logo": ["badge", "lockup", "compactBadge", "nope"],
        "--font": ["Inter", "DejaVu Sans", "Nope"],
        "--font-file": ["fifo", "folder", "file", "/dev/null", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"],
        "--logo-assets": ["folder", "fifo", "file"],
    ]

    static func pick<T>(_ items: [T], _ random: inout Random) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    static func value(for option: String, _ random: inout Random) -> String {
        if let fitting = fitting[option], Int.random(in: 0..<10, using: &random) < 7 { return pick(fitting, &random) }
        return pick(values, &random)
    }

    /// A few options with hostile values, as argv.
    static func options(_ random: inout Random, count: ClosedRange<Int>) -> [String] {
        var arguments: [String] = []
        for _ in 0..<Int.random(in: count, using: &random) {
            let option = pick(options, &random)
            switch Int.random(in: 0..<12, using: &random) {
            case 0: arguments.append(option)
            case 1: arguments.append(option + "=" + value(for: option, &random))
            default: arguments += [option, value(for: option, &random)]
            }
        }
        return arguments
    }

    /// A manifest: structured records with hostile values, or the manifest fuzzer's damaged ones.
    static func manifest(_ random: inout Random) -> [UInt8] {
        if Bool.random(using: &random) { return FuzzInputs.hostileManifest(&random) }
        let keys = options.map { String($0.dropFirst(2)) } + ["name", "format"]
        let records = (0..<Int.random(in: 1...4, using: &random)).map { _ in
            let members = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                let key = pick(keys, &random)
                return "\(JSONValueText.quote(key)): \(JSONValueText.quote(value(for: "--" + key, &random)))"
            }
            return "{" + members.joined(separator: ", ") + "}"
        }
        return Array(records.joined(separator: "\n").utf8)
    }

    struct Figures {
        var runs = 0
        var byStatus: [Int32: Int] = [:]
        var peakKiB = 0
        var slowest = 0.0
        var total = 0.0
    }

    @Test func randomCommandLinesEndWithAStatusInTimeAndMemory() throws {
        let folder = try BatchTestSupport.temporaryFolder("binary-fuzz")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The paths the values name: a FIFO nobody writes or reads, a file where a folder is
        // expected, a folder where a file is expected, and (as root) a private /dev/full.
        #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0)
        try Data("x".utf8).write(to: folder.appendingPathComponent("file"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
        if ProcessProbe.isRoot { _ = mknod(folder.appendingPathComponent("full").path, S_IFCHR | 0o666, HostileInputTests.device(1, 7)) }
        try Data("[{\"name\": \"a\"}]".utf8).write(to: folder.appendingPathComponent("v.json"))

        var random = Random(state: Self.seed)
        var figures = Figures()
        for number in 0..<Self.caseCount {
            var arguments: [String]
            switch Int.random(in: 0..<12, using: &random) {
            case 0...1:
                arguments = ["describe"] + Self.options(&random, count: 0...4).filter { !$0.hasPrefix("--font") }
            case 2...5:
                let output = Self.pick(["x.png", "x.svg", "x.pdf", "-", "fifo", "full", "file/x.png", "folder", "x"], &random)
                arguments = ["render", "-o", output] + Self.options(&random, count: 0...3)
            case 6...8:
                let manifest = "m\(number).ndjson"
                try Data(Self.manifest(&random)).write(to: folder.appendingPathComponent(manifest))
                arguments = ["batch", manifest, "-o", Self.pick(["out", "out", "file/out", "fifo"], &random), "--jobs", "1", "--quiet"]
                if Int.random(in: 0..<4, using: &random) == 0 { arguments += ["--report", Self.pick(["r.json", manifest, "fifo", "full"], &random)] }
                arguments += Self.options(&random, count: 0...2)
            case 9:
                arguments = ["verify", "v.json", "--reference", Self.pick(["ref", "folder", "file"], &random), "--record"]
                    + Self.options(&random, count: 0...2)
            case 10:
                // An artwork folder that is a FIFO, a file, a device, missing, or far too big to list.
                arguments = ["assets", Self.pick(["folder", "file", "fifo", "full", "missing", "/etc", "/proc/self", ".", "v.json"], &random)]
                if Int.random(in: 0..<3, using: &random) == 0 { arguments += Self.options(&random, count: 1...2) }
            default:
                // Generated text: completions for a shell (or not), the manifest schema, the manual.
                arguments = Self.pick(
                    [["completions", "bash"], ["completions", "zsh"], ["completions", "fish"], ["completions", "tcsh"], ["completions"],
                     ["schema"], ["schema", "extra"], ["help", "--man"], ["help", "nope"]], &random)
                if Int.random(in: 0..<4, using: &random) == 0 { arguments += Self.options(&random, count: 1...2) }
            }
            let stdout: ProcessProbe.Stream = Int.random(in: 0..<8, using: &random) == 0 ? .path("/dev/full") : .captured
            let result = try ProcessProbe.run(arguments, in: folder, stdout: stdout, timeout: 30)
            let label = "case \(number): \(arguments.map { $0.count > 60 ? String($0.prefix(60)) + "…" : $0 })"
            #expect(result.signal == nil, "\(label) ended by signal \(result.signal ?? 0): \(result.stderr.prefix(400))")
            #expect(!result.timedOut, "\(label) timed out")
            #expect(result.maxResidentKiB < Self.memoryLimitKiB, "\(label) peaked at \(result.maxResidentKiB) KiB")
            if let status = result.status {
                #expect([0, 1, 2, 3].contains(status), "\(label) exited \(status)")
                if status == 2 {
                    #expect(result.stderrLines.count == 1, "\(label): exit 2 with \(result.stderrLines.count) lines: \(result.stderr.prefix(400))")
                }
                if status == 0, arguments[0] != "batch" {
                    // Only low-contrast warnings (the picture is still what the SDK shows) may be printed.
                    let other = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("warning: low contrast") }
                    #expect(other.isEmpty, "\(label): exit 0 with stderr \(result.stderr.prefix(400))")
                }
                #expect(!result.stderr.contains("\u{1B}"), "\(label): a raw escape character reached stderr")
                figures.byStatus[status, default: 0] += 1
            }
            figures.runs += 1
            figures.peakKiB = max(figures.peakKiB, result.maxResidentKiB)
            figures.slowest = max(figures.slowest, result.seconds)
            figures.total += result.seconds
            // Keep the folder small: outputs of earlier cases are not needed.
            for name in ["out", "x.png", "x.svg", "x.pdf", "x", "ref", "r.json", manifest(number)] {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        let statuses = figures.byStatus.keys.sorted().map { "exit \($0): \(figures.byStatus[$0] ?? 0)" }.joined(separator: ", ")
        print(
            "binary fuzz: \(figures.runs) runs (seed \(Self.seed)); \(statuses); peak resident \(figures.peakKiB / 1024) MiB; slowest \(String(format: "%.2f", figures.slowest)) s; total \(String(format: "%.1f", figures.total)) s"
        )
        // The generator is not degenerate: successes and bad input both occur.
        #expect((figures.byStatus[0] ?? 0) > Self.caseCount / 20)
        #expect((figures.byStatus[2] ?? 0) > Self.caseCount / 5)
    }

    private func manifest(_ number: Int) -> String { "m\(number).ndjson" }
}

/// JSON string quoting for generated manifests.
enum JSONValueText {
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
