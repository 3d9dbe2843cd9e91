import BreakdownContent
import BreakdownLayout
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 51: seven behaviours an outside audit broke with one-line changes the suite let through
/// (or that only the work-queue test, which fails on a busy machine for reasons of its own,
/// noticed), and a neighbour of each. Every expected value is worked out here from the
/// documentation or by hand, never by calling the code under test.
@Suite struct PinnedBehaviourTests2 {
    typealias Support = BatchTestSupport

    /// `count` records named `r0`, `r1`, … with prices of their own.
    static func named(_ count: Int, from first: Int = 0) -> String {
        (first..<first + count).map { "{\"name\": \"r\($0)\", \"amount\": \"\(10 + $0).50\"}" }.joined(separator: "\n") + "\n"
    }

    /// Each PNG of a folder: its inode and its modification time in nanoseconds.
    static func identities(_ folder: URL) throws -> [String: [Int64]] {
        var found: [String: [Int64]] = [:]
        for name in try Support.files(folder, ext: "png") {
            var info = stat()
            #expect(stat(folder.appendingPathComponent(name).path, &info) == 0)
            found[name] = [Int64(info.st_ino), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)]
        }
        return found
    }

    /// The batch's own reports in an output folder (`report-RUN-K-of-N.json`), by name.
    static func ownReports(_ output: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(".breakdown-batch").path)
            .filter { $0.hasPrefix("report-") && $0.hasSuffix(".json") }.sorted()
    }

    // MARK: 1. A sharded run reads the plain run's journal

    @Test(.timeLimit(.minutes(3))) func aShardedRunSkipsWhatAPlainRunDrew() throws {
        let folder = try Support.temporaryFolder("shard-after-plain")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let total = 16
        try Support.write(Self.named(total), to: manifest)
        let output = folder.appendingPathComponent("out")
        let plain = try InProcessCLI.run(["batch", manifest.path, "-o", output.path, "--quiet"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let before = try Self.identities(output)
        #expect(before.count == total)
        // Each shard finds every name of its own (docs/batch.md's FNV-1a rule) drawn already.
        for index in 0..<2 {
            let mine = (0..<total).filter { ShardJournalTests.shard(of: "r\($0)", count: 2) == index }.count
            let shard = try InProcessCLI.run(["batch", manifest.path, "-o", output.path, "--shard", "\(index)/2", "--quiet"])
            #expect(shard.status == 0, "\(shard.stderr)")
            #expect(shard.stdout.hasPrefix("rendered 0, skipped \(mine), hidden 0, failed 0 (\(mine) records in "), "shard \(index)/2: \(shard.stdout)")
        }
        #expect(try Self.identities(output) == before, "no image was written again")
    }

    /// The neighbour: the plain run's entry is believed only while its file is in place. A
    /// shard draws again the one image removed since, and only that one.
    @Test(.timeLimit(.minutes(3))) func aShardedRunDrawsAgainAPlainRunsImageThatWasRemoved() throws {
        let folder = try Support.temporaryFolder("shard-after-plain-removed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let total = 16
        try Support.write(Self.named(total), to: manifest)
        let output = folder.appendingPathComponent("out")
        #expect(try InProcessCLI.run(["batch", manifest.path, "-o", output.path, "--quiet"]).status == 0)
        let gone = try #require((0..<total).first { ShardJournalTests.shard(of: "r\($0)", count: 2) == 1 })
        try FileManager.default.removeItem(at: output.appendingPathComponent("r\(gone).png"))
        let before = try Self.identities(output)
        let mine = (0..<total).filter { ShardJournalTests.shard(of: "r\($0)", count: 2) == 1 }.count
        let shard = try InProcessCLI.run(["batch", manifest.path, "-o", output.path, "--shard", "1/2", "--quiet"])
        #expect(shard.status == 0, "\(shard.stderr)")
        #expect(shard.stdout.hasPrefix("rendered 1, skipped \(mine - 1), hidden 0, failed 0"), "\(shard.stdout)")
        var after = try Self.identities(output)
        #expect(after.removeValue(forKey: "r\(gone).png") != nil, "r\(gone).png drawn again")
        #expect(after == before)
    }

    // MARK: 2. The Android view's dark snippet

    /// en_GB's Android lockup is black on black in dark mode. The Android view has one static
    /// style, so no dark palette is tried (the Android view refuses `dark-palette`): the snippet
    /// is answered, and says what is low.
    @Test func androidDarkSnippetWithALowContrastMarkIsAnsweredWithoutADarkPalette() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        let reply = try server.get("/v1/breakdown.html?amount=100&platform=android&locale=en_GB&logo=lockup")
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.text.contains("<source media=\"(prefers-color-scheme: dark)\""), "\(reply.text)")
        #expect(!reply.text.contains("dark-palette"), "\(reply.text)")
        #expect(
            reply.text.contains("<!-- low contrast, drawn as the SDK shows it: in dark mode, the logo's mark #000000 on the page #000000 is 1.00:1, below 3:1 -->"),
            "\(reply.text)")
        // Its dark source is drawn as listed.
        let source = try #require(reply.text.firstMatch(of: /<source media="\(prefers-color-scheme: dark\)" srcset="([^" ,]*)/)?.1)
        #expect(try server.get(source.replacingOccurrences(of: "&amp;", with: "&")).status == 200)
        #expect(server.stop() == 0)
    }

    /// The neighbour: the Android view refuses a dark palette the query gives itself (400), for
    /// the image and the snippet alike.
    @Test func androidRefusesADarkPaletteTheQueryGives() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        for endpoint in ["png", "html"] {
            let reply = try server.get("/v1/breakdown.\(endpoint)?amount=100&platform=android&locale=en_GB&logo=lockup&dark-palette=alt")
            #expect(reply.status == 400, "\(endpoint): \(reply.text)")
        }
        #expect(server.stop() == 0)
    }

    // MARK: 3. Android drawables' intrinsic size, truncated

    /// android.md 5.2: a drawable's intrinsic size is int(dp × density) (Android truncates).
    /// The afterpay badge's layers are 1582 × 551 dp, the Clearpay lockup 1188 × 223 dp (their
    /// XML says so, checked below); the products are worked out by hand.
    static let handWorked: [(density: Double, badge: [Int], clearpayLockup: [Int])] = [
        (0.75, [1186, 413], [891, 167]),  // 1186.5, 413.25; 891, 167.25
        (1.5, [2373, 826], [1782, 334]),  // 2373, 826.5; 1782, 334.5
        (2.625, [4152, 1446], [3118, 585]),  // 4152.75, 1446.375; 3118.5, 585.375
    ]
    static let wholeDensities: [(density: Double, badge: [Int], clearpayLockup: [Int])] = [
        (1, [1582, 551], [1188, 223]), (2, [3164, 1102], [2376, 446]), (3, [4746, 1653], [3564, 669]), (4, [6328, 2204], [4752, 892]),
    ]

    static func intrinsic(_ type: LogoType, _ brand: Brand, density: Double) throws -> [Int] {
        let size = try #require(AndroidLogoSize.intrinsicSize(AndroidLogo(type: type, brand: brand, scheme: .blackOnMint), density: density))
        return [size.width, size.height]
    }

    @Test func theDrawablesAreTheSizesTheHandWorkedValuesUse() throws {
        let drawables = ProjectFolder.root.appendingPathComponent("LogoAssets/android/drawable")
        for (name, size) in [("afterpay_badge_bg", "1582dp\" android:height=\"551dp"), ("afterpay_badge_fg", "1582dp\" android:height=\"551dp"), ("clearpay_lockup", "1188dp\" android:height=\"223dp")] {
            let text = try String(contentsOf: drawables.appendingPathComponent(name + ".xml"), encoding: .utf8)
            #expect(text.contains("android:width=\"" + size + "\""), "\(name)")
        }
    }

    @Test(arguments: handWorked) func anIntrinsicSizeAtAFractionalDensityIsTruncated(density: Double, badge: [Int], clearpayLockup: [Int]) throws {
        #expect(try Self.intrinsic(.badge, .afterpay, density: density) == badge, "\(density)")
        #expect(try Self.intrinsic(.lockup, .clearpay, density: density) == clearpayLockup, "\(density)")
    }

    @Test(arguments: wholeDensities) func anIntrinsicSizeAtAWholeDensityIsTheProduct(density: Double, badge: [Int], clearpayLockup: [Int]) throws {
        #expect(try Self.intrinsic(.badge, .afterpay, density: density) == badge, "\(density)")
        #expect(try Self.intrinsic(.lockup, .clearpay, density: density) == clearpayLockup, "\(density)")
    }

    /// The compact badge's mark (android.md 5.4: 56 px tall, int(40 × r × 1.4) wide, r the
    /// cropped wordmark's intrinsic ratio) at 0.75: 1148.9 × 220.8 dp → 861 × 165 px, r =
    /// 5.2182, 292.2 → 292 (rounding the intrinsic size would give 862 / 166 → 290).
    @Test func theCompactBadgesMarkAtDensityThreeQuartersUsesTheTruncatedRatio() throws {
        let mark = try #require(AndroidLogoSize.compactMarkSize(drawable: "afterpay_badge_fg_cropped", density: 0.75))
        #expect(mark.width == 292 && mark.height == 56, "\(mark)")
    }

    // MARK: 4. The OpenAPI document's operationIds

    static let keys: [String: String?] = ["BREAKDOWN_KEY": String(repeating: "ab", count: 32), "BREAKDOWN_SALT": String(repeating: "cd", count: 16)]

    /// Every operation of the document: path and method → its operationId (nil when it has none).
    static func operations(_ text: String) throws -> [(operation: String, id: String?)] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var found: [(operation: String, id: String?)] = []
        for (path, item) in paths {
            for method in ["get", "put", "post", "delete", "options", "head", "patch", "trace"] {
                guard let operation = item[method] as? [String: Any] else { continue }
                found.append(("\(method) \(path)", operation["operationId"] as? String))
            }
        }
        return found
    }

    @Test func withAKeyAndUnsignedURLsEveryOperationIdIsUnique() throws {
        let executable = try #require(BinaryRunner.executable).path
        let printed = try BinaryRunner.run(command: executable, ["serve", "--openapi", "--allow-unsigned"], environment: Self.keys)
        #expect(printed.status == 0, "\(printed.stderr)")
        let operations = try Self.operations(printed.stdout)
        #expect(operations.allSatisfy { $0.id != nil }, "\(operations.filter { $0.id == nil })")
        var seen: [String: String] = [:]
        for (operation, id) in operations {
            guard let id else { continue }
            #expect(seen[id] == nil, "\(operation) and \(seen[id] ?? "") share the operationId \(id)")
            seen[id] = operation
        }
        // What the server answers is the same document.
        let server = try ServerProcess(["--allow-unsigned"], environment: Self.keys.compactMapValues { $0 })
        let served = try server.get("/openapi.json")
        #expect(served.status == 200 && served.text == printed.stdout)
        #expect(server.stop() == 0)
    }

    /// The neighbour: a server with a key that also answers unsigned URLs describes both, every
    /// endpoint signed and unsigned.
    @Test func withAKeyAndUnsignedURLsBothKindsOfPathAreDescribed() throws {
        let executable = try #require(BinaryRunner.executable).path
        let printed = try BinaryRunner.run(command: executable, ["serve", "--openapi", "--allow-unsigned"], environment: Self.keys)
        #expect(printed.status == 0, "\(printed.stderr)")
        let paths = Set(try Self.operations(printed.stdout).map(\.operation))
        for name in ["png", "svg", "pdf", "json", "html"] {
            #expect(paths.contains("get /v1/breakdown.\(name)"), "\(name): \(paths.sorted())")
            #expect(paths.contains("get /{signature}/v1/breakdown.\(name)"), "\(name): \(paths.sorted())")
        }
    }

    // MARK: 5. The combined report's leftOut

    /// The combined report of a folder (`report FOLDER --report`): its JSON and its line.
    static func combined(_ output: URL, in folder: URL) throws -> (status: Int32, json: [String: Any], line: String) {
        let path = folder.appendingPathComponent("combined-\(UUID().uuidString).json")
        let result = try BinaryRunner.run("report", output.path, "--report", path.path)
        return (result.status, try Support.report(path), result.stdout)
    }

    /// Shard 0 of one content, the manifest edited, shard 1 of the new content: shard 0's
    /// report is another list, named in the JSON's leftOut as in the line.
    @Test(.timeLimit(.minutes(3))) func theCombinedReportListsAReportOfAnotherManifestContentInLeftOut() throws {
        let folder = try Support.temporaryFolder("left-out-content")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let output = folder.appendingPathComponent("out")
        try Support.write(Self.named(12), to: manifest)
        #expect(try InProcessCLI.run(["batch", manifest.path, "-o", output.path, "--shard", "0/2", "--quiet"]).status == 0)
        let first = try Self.ownReports(output)
        #expect(first.count == 1 && first[0].hasSuffix("-0-of-2.json"), "\(first)")
        try Support.write(Self.named(14, from: 3), to: manifest)
        #expect(try InProcessCLI.run(["batch", manifest.path, "-o", output.path, "--shard", "1/2", "--quiet"]).status == 0)
        #expect(try Self.ownReports(output).count == 2)

        let report = try Self.combined(output, in: folder)
        #expect(report.status == 1, "\(report.line)")
        #expect(report.line.contains("left out 1 report of another content of the manifest"), "\(report.line)")
        #expect(report.json["leftOut"] as? [String] == first, "\(report.json["leftOut"] ?? "none")")
        #expect(report.json["missingShards"] as? [Int] == [0], "\(report.json["missingShards"] ?? "none")")
    }

    /// The neighbour: reports of an earlier shard count of the same run are in leftOut too.
    @Test(.timeLimit(.minutes(3))) func theCombinedReportListsAReportOfAnEarlierShardCountInLeftOut() throws {
        let folder = try Support.temporaryFolder("left-out-count")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let output = folder.appendingPathComponent("out")
        try Support.write(Self.named(12), to: manifest)
        #expect(try InProcessCLI.run(["batch", manifest.path, "-o", output.path, "--quiet"]).status == 0)
        let plain = try Self.ownReports(output)
        #expect(plain.count == 1 && plain[0].hasSuffix("-0-of-1.json"), "\(plain)")
        for index in 0..<2 {
            #expect(try InProcessCLI.run(["batch", manifest.path, "-o", output.path, "--shard", "\(index)/2", "--quiet"]).status == 0)
        }
        let report = try Self.combined(output, in: folder)
        #expect(report.status == 0, "\(report.line)")
        #expect(report.line.contains("left out 1 report of an earlier shard count of the same run (\(plain[0]))"), "\(report.line)")
        #expect(report.json["leftOut"] as? [String] == plain, "\(report.json["leftOut"] ?? "none")")
        #expect(report.json["shards"] as? Int == 2 && report.json["missingShards"] as? [Int] == [])
    }

    // MARK: 6. Not durable: exit 75

    /// The binary with a file-size limit of `bytes` (RLIMIT_FSIZE) and SIGXFSZ ignored, so a write
    /// past it fails with EFBIG, as a quota would refuse it.
    static func withFileSizeLimit(_ bytes: Int, _ arguments: [String]) throws -> BinaryRunner.Result {
        let script = """
            import os, resource, signal, sys
            limit = int(sys.argv[1])
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            os.execv(sys.argv[2], sys.argv[2:])
            """
        let executable = try #require(BinaryRunner.executable).path
        return try BinaryRunner.run(command: "/usr/bin/env", ["python3", "-c", script, String(bytes), executable] + arguments)
    }

    /// A resumed batch whose journal cannot grow (every file may be at most the journal's size,
    /// which the images are well under): its images are written, its journal lines are not, and
    /// the run exits 75 (docs/batch.md: the machine's fault, retrying may help), not 0.
    @Test(.timeLimit(.minutes(3))) func aBatchWhoseJournalCannotBeMadeDurableExits75() throws {
        let folder = try Support.temporaryFolder("journal-not-durable")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let output = folder.appendingPathComponent("out")
        try Support.write(Self.named(150), to: manifest)
        #expect(try BinaryRunner.run(["batch", manifest.path, "-o", output.path, "--quiet"]).status == 0)
        let journal = output.appendingPathComponent(".breakdown-batch/journal")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int)
        let largest = try Support.files(output, ext: "png").map { try Data(contentsOf: output.appendingPathComponent($0)).count }.max() ?? 0
        try #require(largest * 2 < size, "the journal (\(size) bytes) is well over an image (\(largest))")

        try Support.write(Self.named(155), to: manifest)
        let resumed = try Self.withFileSizeLimit(size, ["batch", manifest.path, "-o", output.path, "--quiet"])
        #expect(resumed.status == 75, "\(resumed.stdout)\(resumed.stderr)")
        #expect(resumed.stdout.hasPrefix("rendered 5, skipped 150, hidden 0, failed 0"), "\(resumed.stdout)")
        #expect(resumed.stderr.contains("cannot write the batch journal"), "\(resumed.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int == size, "no line was added")
    }

    /// The neighbour: the journal is durable but the folder's own report cannot be written (the
    /// file-size limit lies between the journal's size and the report's): 75 as well, and a
    /// record that failed does not make it 1.
    @Test(.timeLimit(.minutes(3))) func aBatchWhoseFolderReportCannotBeWrittenExits75EvenWithAFailure() throws {
        let folder = try Support.temporaryFolder("report-not-durable")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let output = folder.appendingPathComponent("out")
        try Support.write(Self.named(150), to: manifest)
        #expect(try BinaryRunner.run(["batch", manifest.path, "-o", output.path, "--quiet"]).status == 0)
        let journal = output.appendingPathComponent(".breakdown-batch/journal")
        let journalSize = try #require(try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int)
        let reports = try Self.ownReports(output)
        try #require(reports.count == 1)
        let report = output.appendingPathComponent(".breakdown-batch/" + reports[0])
        let reportSize = try #require(try FileManager.default.attributesOfItem(atPath: report.path)[.size] as? Int)
        let largest = try Support.files(output, ext: "png").map { try Data(contentsOf: output.appendingPathComponent($0)).count }.max() ?? 0
        // Two new lines of the journal fit under the limit; the report (of more records) does not.
        let limit = (journalSize + reportSize) / 2
        try #require(largest < limit && journalSize + 1000 < limit && limit + 1000 < reportSize, "journal \(journalSize), report \(reportSize), image \(largest)")

        try Support.write(Self.named(152) + "{\"name\": \"bad\", \"amount\": \"ten\"}\n", to: manifest)
        let rerun = try Self.withFileSizeLimit(limit, ["batch", manifest.path, "-o", output.path, "--quiet"])
        #expect(rerun.status == 75, "\(rerun.stdout)\(rerun.stderr)")
        #expect(rerun.stdout.hasPrefix("rendered 2, skipped 150, hidden 0, failed 1"), "\(rerun.stdout)")
        #expect(rerun.stderr.contains("cannot write the report \(report.path)"), "\(rerun.stderr)")
        #expect(!rerun.stderr.contains("batch journal"), "\(rerun.stderr)")
        // The journal was made durable: a third run skips the new images.
        let third = try BinaryRunner.run(["batch", manifest.path, "-o", output.path, "--quiet"])
        #expect(third.status == 1 && third.stdout.hasPrefix("rendered 0, skipped 152, hidden 0, failed 1"), "\(third.stdout)\(third.stderr)")
    }

    // MARK: 7. Inline images in compressed content streams

    /// A one-page PDF whose content stream, Flate-compressed (`filter` as its dictionary writes
    /// it), draws an inline image whose dictionary is `image`.
    static func compressedInlineImagePDF(image: String, filter: String, to path: String) throws {
        let script = PDFFixtureScript.prelude + """
            image, filt, path = sys.argv[1].encode(), sys.argv[2].encode(), sys.argv[3]
            content = zlib.compress(b"q 300 0 0 100 0 0 cm BI " + image + b" ID \\0\\0 EI Q")
            pdf(head + [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R >>", stream(b"/Filter " + filt, content)])
            """
        let result = try BinaryRunner.run(command: "/usr/bin/env", ["python3", "-c", script, image, filter, path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// `render` with the fixture as the en_US badge: refused in one line before poppler reads
    /// it (under the same 512 MiB address-space limit ArtworkBoundsTests uses).
    static func renderRefuses(image: String, filter: String, label: String) throws -> BinaryRunner.Result {
        let root = try Support.temporaryFolder("inline-flate-\(label)")
        defer { try? FileManager.default.removeItem(at: root) }
        let art = root.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        try Self.compressedInlineImagePDF(image: image, filter: filter, to: art.appendingPathComponent("badge-afterpay-mint-on-black.pdf").path)
        let output = root.appendingPathComponent("x.png")
        let render = try ArtworkBoundsTests.bounded(["render", "--amount", "100", "--logo-assets", art.path, "-o", output.path])
        #expect(!FileManager.default.fileExists(atPath: output.path), "\(label): no image")
        return render
    }

    @Test func aHugeInlineImageInACompressedContentStreamIsRefused() throws {
        let render = try Self.renderRefuses(image: "/W 28000 /H 28000 /CS /G /BPC 8", filter: "/FlateDecode", label: "short")
        #expect(render.status == 2, "\(render.stderr)")
        let lines = render.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(render.stderr)")
        #expect(render.stderr.contains("the PDF's inline image in the stream at byte"), "\(render.stderr)")
        #expect(render.stderr.contains("is 28000 × 28000 pixels; artwork images may have at most 16777216 pixels (4096 × 4096)"), "\(render.stderr)")
    }

    /// The neighbours: the inline image's dictionary with its keys written out (`/Width`,
    /// `/Height`), and the stream's filter given as an array: the same size, the same refusal.
    @Test(arguments: [("/Width 28000 /Height 28000 /ColorSpace /DeviceGray /BitsPerComponent 8", "/FlateDecode"), ("/W 28000 /H 28000 /CS /G /BPC 8", "[/FlateDecode]")])
    func aHugeInlineImageIsRefusedWhateverItsSpelling(image: String, filter: String) throws {
        let render = try Self.renderRefuses(image: image, filter: filter, label: filter.hasPrefix("[") ? "array" : "long")
        #expect(render.status == 2, "\(render.stderr)")
        #expect(render.stderr.split(separator: "\n").count == 1, "\(render.stderr)")
        #expect(render.stderr.contains("the PDF's inline image in the stream at byte"), "\(render.stderr)")
        #expect(render.stderr.contains("is 28000 × 28000 pixels"), "\(render.stderr)")
    }
}
