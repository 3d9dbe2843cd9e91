@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
import BreakdownContent
@testable import BreakdownVerify
@testable import BreakdownGallery
@testable import BreakdownBench
import BreakdownDiff
import BreakdownEncode
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// `breakdown verify` run as a subprocess: pass, one changed pixel, missing references, --record,
/// the report, and bad manifests.
@Suite struct VerifyEndToEndTests {
    /// A scratch folder with a three-record NDJSON manifest and a `refs` folder.
    struct Workspace {
        let root: URL
        var manifest: String { root.appendingPathComponent("manifest.ndjson").path }
        var references: String { root.appendingPathComponent("refs").path }
        var report: String { root.appendingPathComponent("report").path }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-verify-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let lines = [
                #"{"name": "au", "amount": "100"}"#,
                #"{"name": "gb-lockup", "amount": 100, "locale": "en_GB", "logo": "lockup", "scale": 2}"#,
                ##"{"name": "us-dark", "amount": "40", "locale": "en_US", "appearance": "dark", "background": "#000000", "no-with": true}"##,
            ]
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: manifest))
        }

        func reference(_ name: String) -> String { references + "/\(name).png" }

        func run(_ extra: String...) throws -> BinaryRunner.Result {
            try BinaryRunner.run(["verify", manifest, "--reference", references] + extra)
        }

        /// Records every reference (exit 0).
        func record() throws {
            let result = try run("--record")
            #expect(result.status == 0, "\(result.stderr)")
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func recordingLeavesNothingInTheTemporaryFolder() throws {
        // References, their metadata and version sidecars are written beside themselves
        // (AtomicWriter), never through Foundation's atomic write, which leaves an empty
        // TemporaryDirectory.XXXXXX in $TMPDIR for every file on Linux.
        let workspace = try Workspace()
        defer { workspace.remove() }
        let temporary = workspace.root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let executable = try #require(BinaryRunner.executable)
        let result = try BinaryRunner.run(
            command: executable.path, ["verify", workspace.manifest, "--reference", workspace.references, "--record"],
            environment: ["TMPDIR": temporary.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: workspace.reference("au")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test func recordWritesThenVerifyPasses() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let recorded = try workspace.run("--record")
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("recorded 3 references"))
        for name in ["au", "gb-lockup", "us-dark"] {
            #expect(FileManager.default.fileExists(atPath: workspace.reference(name)))
        }
        let again = try workspace.run("--record")
        #expect(again.stdout.contains("3 unchanged"))

        let verified = try workspace.run("--report", workspace.report)
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        #expect(verified.stdout.contains("3 passed, 0 differ, 0 missing"))
        let html = try String(contentsOfFile: workspace.report + "/index.html", encoding: .utf8)
        #expect(html.contains("all 3 records pass"))
        #expect(html.contains("us-dark — passed"))
    }

    /// SIGINT or SIGTERM stops `verify` between records, as it stops a batch: every reference
    /// recorded so far is whole, the summary says how far it got, and the status is 128 + the
    /// signal. Recording again finishes the rest and finds the first ones unchanged.
    @Test(.timeLimit(.minutes(15)), arguments: [SIGINT, SIGTERM])
    func aSignalStopsItBetweenRecordsAndItSaysHowFar(signal: Int32) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let count = 2000
        let lines = (0..<count).map { #"{"name": "r\#($0)", "amount": "\#(10 + $0).\#($0 % 90 + 10)"}"# }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: workspace.manifest))
        let running = try BatchProcess.Running(["verify", workspace.manifest, "--reference", workspace.references, "--record"], folder: workspace.root)
        // The event: three records' lines written.
        #expect(BatchProcess.wait { ((try? String(contentsOf: running.stdout, encoding: .utf8)) ?? "").split(separator: "\n").count >= 3 })
        kill(running.process.processIdentifier, signal)
        let stopped = running.finish()
        #expect(stopped.status == 128 + signal, "\(stopped.stdout.suffix(300)) \(stopped.stderr)")
        let done = stopped.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count
        #expect(done >= 3 && done < count, "\(done)")
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        let last = String(stopped.stdout.split(separator: "\n").last ?? "")
        #expect(last == "recorded \(done) references in \(workspace.references): \(done) new, 0 updated, 0 unchanged; stopped by \(name) after \(done) of \(count) records (run it again for the rest)", "\(last)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: workspace.references).filter { $0.hasSuffix(".png") }
        #expect(pngs.count == done, "every reference it said it recorded, no more: \(pngs.count)")
        let again = try workspace.run("--record")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("recorded \(count) references in \(workspace.references): \(count - done) new, 0 updated, \(done) unchanged"), "\(again.stdout.suffix(200))")
    }

    /// The dark record's difference image is on black: its black page stays black and its white
    /// text a dark grey (over white both faded to pale greys, the text hardly seen).
    @Test func aDarkRecordsDifferenceImageIsOnBlack() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.record()
        let reference = try PNGDecoder.decode(fileAtPath: workspace.reference("us-dark"))
        var changed = reference
        changed[7, 9] = [255, 0, 0, 255]
        try Data(try PNGEncoder().encode(changed)).write(to: URL(fileURLWithPath: workspace.reference("us-dark")))
        let result = try workspace.run("--report", workspace.report)
        #expect(result.status == 1, "\(result.stdout)")
        let diff = try PNGDecoder.decode(fileAtPath: workspace.report + "/us-dark.diff.png")
        #expect(diff[7, 9] == [255, 0, 255, 255])
        #expect(diff[0, 0] == [0, 0, 0, 255], "the black page")
        // A white pixel of its text: a quarter of white.
        let white = (0..<reference.height).lazy.flatMap { y in (0..<reference.width).lazy.map { x in (x, y) } }
            .first { reference[$0.0, $0.1] == [255, 255, 255, 255] }
        let (x, y) = try #require(white, "the dark record has white text")
        #expect(diff[x, y] == [64, 64, 64, 255], "\(diff[x, y])")
    }

    @Test func onePixelChangedExits1AndTheReportShowsIt() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.record()
        var image = try PNGDecoder.decode(fileAtPath: workspace.reference("gb-lockup"))
        image[7, 9] = [255, 0, 0, 255]
        try Data(try PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: workspace.reference("gb-lockup")))

        let result = try workspace.run("--report", workspace.report)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL gb-lockup: images differ: 1 of"))
        #expect(result.stdout.contains("differences within x 7, y 9, width 1, height 1"))
        #expect(result.stdout.contains("2 passed, 1 differ"))
        let html = try String(contentsOfFile: workspace.report + "/index.html", encoding: .utf8)
        #expect(html.contains("1 of 3 records fail"))
        #expect(html.contains("<section class=\"failure\" id=\"gb-lockup\">"))
        #expect(html.contains("src=\"gb-lockup.diff.png\""))
        #expect(!html.contains("id=\"au\""))
        let diff = try PNGDecoder.decode(fileAtPath: workspace.report + "/gb-lockup.diff.png")
        #expect(diff[7, 9] == [255, 0, 255, 255])
        #expect(FileManager.default.fileExists(atPath: workspace.report + "/gb-lockup.reference.png"))
        #expect(FileManager.default.fileExists(atPath: workspace.report + "/gb-lockup.actual.png"))

        // Within tolerance when the fraction allows one pixel.
        let allowed = try workspace.run("--allowed-fraction", "0.01")
        #expect(allowed.status == 0, "\(allowed.stdout)")
    }

    @Test func toleranceDecidesWhetherAPixelOffByThreeDiffers() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.record()
        var image = try PNGDecoder.decode(fileAtPath: workspace.reference("au"))
        // The first opaque pixel (the badge's pill), its red channel moved by 3.
        var point: (x: Int, y: Int)?
        search: for y in 0..<image.height {
            for x in 0..<image.width where image[x, y][3] == 255 {
                point = (x, y)
                break search
            }
        }
        let (x, y) = try #require(point)
        var pixel = image[x, y]
        pixel[0] = pixel[0] >= 3 ? pixel[0] - 3 : pixel[0] + 3
        image[x, y] = pixel
        try Data(try PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: workspace.reference("au")))

        let strict = try workspace.run()
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("FAIL au: images differ: 1 of"), "\(strict.stdout)")
        let below = try workspace.run("--tolerance", "2")
        #expect(below.status == 1)
        #expect(below.stdout.contains("2 passed, 1 differ"), "\(below.stdout)")
        for tolerance in ["3", "5"] {
            let within = try workspace.run("--tolerance", tolerance)
            #expect(within.status == 0, "--tolerance \(tolerance): \(within.stdout)")
            #expect(within.stdout.contains("3 passed, 0 differ"), "\(within.stdout)")
        }
        let outOfRange = try workspace.run("--tolerance", "256")
        #expect(outOfRange.status == 2)
        #expect(outOfRange.stderr.contains("a whole number from 0 to 255"), "\(outOfRange.stderr)")
    }

    @Test func missingReferenceExits1() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.record()
        try FileManager.default.removeItem(atPath: workspace.reference("au"))
        let result = try workspace.run()
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL au: no reference at \(workspace.reference("au"))"))
        #expect(result.stdout.contains("1 missing"))
    }

    @Test func commandLineOptionsApplyToEveryRecord() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.record()
        let padded = try workspace.run("--padding", "3")
        #expect(padded.status == 1)
        #expect(padded.stdout.contains("FAIL au: image sizes differ"))
    }

    @Test(arguments: [
        (#"{"name": "a", "amout": "1"}"#, "line 1 (a): unknown option 'amout'"),
        (#"{"amount": "1"}"#, #"missing "name""#),
        ("[1, 2]", "line 1: the record is a list, not an object"),
        ("{not json", "line 1: not valid JSON"),
        (#"{"name": "a", "amount": "x1"}"#, "amount: 'x1' is not valid; expected a decimal number"),
        (#"{"name": "a", "scale": [2]}"#, "'scale' is a list"),
        (#"{"name": "a", "locale": "de_DE"}"#, "Locale with identifier (de_DE) is not valid"),
        ("", "has no records"),
    ])
    func badManifestExits2(manifest: String, mentions: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(atPath: workspace.references, withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: workspace.manifest))
        let result = try workspace.run()
        #expect(result.status == 2)
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func missingReferenceFolderOrManifestExits2() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let noFolder = try workspace.run()
        #expect(noFolder.status == 2)
        #expect(noFolder.stderr.contains("does not exist"))
        let noManifest = try BinaryRunner.run("verify", workspace.root.appendingPathComponent("nope.json").path, "--reference", workspace.root.path)
        #expect(noManifest.status == 2)
        #expect(noManifest.stderr.contains("cannot read the manifest"))
    }
}
