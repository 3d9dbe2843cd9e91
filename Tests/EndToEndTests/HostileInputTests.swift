@testable import BreakdownBatch
import BreakdownDiff
import Foundation
import Testing
import BreakdownTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 12: hostile and careless input on the built binary, with real files, devices, pipes,
/// full disks and signals. Each case ends in exit 0, 1 or 2 with at most one line on stderr for
/// bad input: no crash signal, no hang, no giant allocation, nothing replaced that is not a
/// regular file. Cases that need root (mknod, mount) run when the tests run as root (CI does).
@Suite(.serialized, .timeLimit(.minutes(10))) final class HostileInputTests {
    let folder: URL

    init() throws {
        folder = try BatchTestSupport.temporaryFolder("hostile")
    }

    deinit {
        chmod(folder.appendingPathComponent("home").path, 0o700)
        try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func write(_ text: String, _ name: String) throws {
        try BatchTestSupport.write(text, to: folder.appendingPathComponent(name))
    }

    func run(
        _ arguments: String..., stdout: ProcessProbe.Stream = .captured, stderr: ProcessProbe.Stream = .captured,
        environment: [String: String]? = nil, timeout: Double = 60
    ) throws -> ProcessProbe.Result {
        try ProcessProbe.run(arguments, in: folder, stdout: stdout, stderr: stderr, environment: environment, timeout: timeout)
    }

    /// Exit 2 with exactly one `error:` line.
    func expectUsage(_ result: ProcessProbe.Result, containing words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderrLines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("error: "), sourceLocation: sourceLocation)
        for word in words { #expect(result.stderr.contains(word), "\(word) in \(result.stderr)", sourceLocation: sourceLocation) }
    }

    func fileType(_ name: String) -> mode_t {
        var info = stat()
        guard lstat(path(name), &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    func entries() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] }

    // MARK: 1. Failed writes to standard output and error

    @Test func failedWritesToStandardOutputAreExitOneNotACrash() throws {
        for arguments in [["describe", "--amount", "100"], ["render", "--format", "png", "-o", "-"], ["--help"], ["render", "--help"]] {
            let full = try ProcessProbe.run(arguments, in: folder, stdout: .path("/dev/full"))
            #expect(full.signal == nil && full.status == 1, "\(arguments): \(full)")
            #expect(full.stderr == "error: cannot write to standard output: no space left on the device\n", "\(arguments)")
            let closed = try ProcessProbe.run(arguments, in: folder, stdout: .closed)
            #expect(closed.signal == nil && closed.status == 1, "\(arguments) with stdout closed: \(closed)")
            #expect(closed.stderrLines.count == 1)
            let broken = try ProcessProbe.run(arguments, in: folder, stdout: .brokenPipe)
            #expect(broken.signal == nil && broken.status == 1, "\(arguments) into a pipe nobody reads: \(broken)")
        }
        // Bad input stays exit 2 even when stderr cannot be written.
        let usage = try run("render", "--amount", "abc", "-o", "x.png", stderr: .path("/dev/full"))
        #expect(usage.signal == nil && usage.status == 2)
        let both = try run("render", "--amount", "abc", "-o", "x.png", stdout: .path("/dev/full"), stderr: .closed)
        #expect(both.signal == nil && both.status == 2)
        #expect(!FileManager.default.fileExists(atPath: path("x.png")))
    }

    @Test func standardInputThatCannotBeReadIsExitTwoNotACrash() throws {
        // A folder as standard input: read(2) fails with EISDIR.
        let result = try ProcessProbe.run(["verify", "-", "--reference", "ref"], in: folder, stdin: .path("/"))
        #expect(result.signal == nil, "\(result.stderr.prefix(300))")
        expectUsage(result, containing: ["standard input", "Is a directory"])
    }

    @Test func batchSummaryToAFullStandardOutputIsExitOne() throws {
        try write(BatchTestSupport.ndjson(count: 2), "m.ndjson")
        let result = try run("batch", "m.ndjson", "-o", "out", stdout: .path("/dev/full"))
        #expect(result.signal == nil && result.status == 1, "\(result)")
        #expect(result.stderr.hasSuffix("error: cannot write to standard output: no space left on the device\n"))
        #expect(try BatchTestSupport.files(folder.appendingPathComponent("out"), ext: "png").count == 2)
    }

    // MARK: 2. FIFOs and other non-regular files as inputs

    @Test func aFIFOAsFontFileIsExitTwoWithoutBlocking() throws {
        #expect(mkfifo(path("font.ttf"), 0o600) == 0)
        let option = try run("render", "--font-file", "font.ttf", "-o", "x.png", timeout: 20)
        #expect(!option.timedOut)
        expectUsage(option, containing: ["font.ttf", "FIFO", "not a regular file"])

        try write("{\"amount\": \"10\", \"font-file\": \"font.ttf\"}\n{\"amount\": \"11\"}\n", "m.ndjson")
        let batch = try run("batch", "m.ndjson", "-o", "out", "--quiet", timeout: 20)
        #expect(!batch.timedOut && batch.status == 1, "\(batch)")
        #expect(batch.stderrLines.count == 1 && batch.stderr.contains("FIFO"), "\(batch.stderr)")
        #expect(try BatchTestSupport.files(folder.appendingPathComponent("out"), ext: "png").count == 1)

        // A kernel file that claims to be regular but blocks when read (root may open it): refused, at once.
        let kmsg = try run("render", "--font-file", "/proc/kmsg", "-o", "x.png", timeout: 20)
        #expect(!kmsg.timedOut)
        expectUsage(kmsg, containing: ["/proc/kmsg"])
        // A folder is refused too (only regular files are opened).
        try FileManager.default.createDirectory(atPath: path("fonts"), withIntermediateDirectories: true)
        expectUsage(try run("render", "--font-file", "fonts", "-o", "x.png"), containing: ["fonts", "a folder"])
    }

    @Test func aFIFOInTheArtworkFolderIsExitTwoWithoutBlocking() throws {
        let assets = folder.appendingPathComponent("assets")
        try ProjectResourcesLocator.copyArtwork(to: assets)
        let icon = assets.appendingPathComponent("icon-circled-info.svg").path
        unlink(icon)
        #expect(mkfifo(icon, 0o600) == 0)
        let result = try run("render", "--logo-assets", "assets", "-o", "x.png", timeout: 20)
        #expect(!result.timedOut)
        expectUsage(result, containing: ["icon-circled-info.svg", "FIFO"])
        // An artwork file over 4 MiB is refused, not read whole.
        unlink(icon)
        #expect(ftruncateFile(icon, 5 << 20))
        expectUsage(try run("render", "--logo-assets", "assets", "-o", "x.png"), containing: ["icon-circled-info.svg", "over the limit of 4.0 MiB"])
    }

    // MARK: 3 and 6. Giant images and text Pango cannot lay out

    @Test func imagesOverTheLimitAreRefusedFromTheLayout() throws {
        let lines = Array(repeating: "W", count: 14).joined(separator: "\n")
        let giant = try run(
            "render", "--font-size", "500", "--scale", "3", "--width", "10000", "--padding", "400", "--link-text", lines, "-o",
            "x.png")
        expectUsage(giant, containing: ["32400 × ", "px", "16384 px a side", "16777216 px"])
        #expect(giant.maxResidentKiB < 300 * 1024, "no pixel memory for the refused image: \(giant.maxResidentKiB) KiB")
        // The limit counts pixels, so scale 3 of an image that is fine at scale 1 can be over it.
        let wide = try run("render", "--width", "6000", "--scale", "3", "-o", "x.png")
        expectUsage(wide, containing: ["18000 × "])
        #expect(try run("render", "--width", "6000", "--scale", "2", "-o", "ok.png").status == 0)
        // Each side within the limit, the pixel count over it: 15000 × 6063 px.
        expectUsage(try run("render", "--width", "3000", "--padding", "1000", "--scale", "3", "-o", "x.png"), containing: ["15000 × ", "megapixels"])
        #expect(!entries().contains("x.png"))
    }

    @Test func markupSizesCountAgainstTheFontSizeLimit() throws {
        expectUsage(try run("render", "--link-text", "<span font='10000'>X</span>", "-o", "x.png"), containing: ["10000 pt", "500 pt"])
        // Pango would print three warnings and fontconfig more: exactly one line instead.
        expectUsage(try run("render", "--link-text", "<span size='1000000000'>X</span>", "-o", "x.png"), containing: ["500 pt"])
        expectUsage(try run("render", "--link-text", "<span size='600pt'>X</span>", "-o", "x.png"), containing: ["600 pt"])
        // Scaling on top of the font size counts too: 450 pt × 1.2 (big) is over 500 pt.
        expectUsage(try run("render", "--font-size", "450", "--link-text", "<big>X</big>", "-o", "x.png"), containing: ["500 pt"])
        #expect(try run("render", "--font-size", "400", "--link-text", "<big>X</big>", "-o", "ok.png").status == 0)
        #expect(try run("render", "--link-text", "<span size='500pt'>X</span>", "-o", "ok.png").status == 0)
        expectUsage(
            try run("render", "--link-text", "<span letter_spacing='2000000000'>XX</span>", "-o", "x.png"),
            containing: ["letter_spacing", "1000 pt"])
        expectUsage(try run("render", "--link-text", "<span rise='2000000000'>XX</span>", "-o", "x.png"), containing: ["rise"])
        #expect(!entries().contains("x.png"))
    }

    @Test func linesPangoCannotMeasureAreRefused() throws {
        // 6,000 W at 500 pt: about 2.8 million points, past Pango's 32-bit units.
        let many = String(repeating: "W", count: 6000)
        expectUsage(try run("render", "--font-size", "500", "--link-text", many, "-o", "x.png"), containing: ["cannot be laid out", "16384"])
        // A million characters in a batch record: that record fails, the next is drawn.
        let million = String(repeating: "W", count: 1_000_000)
        try write("{\"amount\": \"10\", \"link-text\": \"\(million)\"}\n{\"amount\": \"11\"}\n", "m.ndjson")
        let batch = try run("batch", "m.ndjson", "-o", "out", "--quiet")
        #expect(batch.status == 1 && batch.stderrLines.count == 1, "\(batch.stderr.prefix(300))")
        #expect(batch.stderr.contains("cannot be laid out"))
        #expect(try BatchTestSupport.files(folder.appendingPathComponent("out"), ext: "png").count == 1)
        // Many lines: the heights add up past the limit.
        let lines = Array(repeating: "W", count: 3000).joined(separator: "\n")
        expectUsage(try run("render", "--link-text", lines, "-o", "x.png"), containing: ["high"])
    }

    // MARK: 4. The renderer identity reads a few MiB at most

    @Test func batchIdentityDoesNotReadHugeFilesWhole() throws {
        let huge = path("huge.ttf")
        #expect(ftruncateFile(huge, 3 << 30))
        let assets = folder.appendingPathComponent("assets")
        try ProjectResourcesLocator.copyArtwork(to: assets)
        #expect(ftruncateFile(assets.appendingPathComponent("stray.bin").path, 2 << 30))
        try write(
            "{\"amount\": \"10\", \"font-file\": \"huge.ttf\"}\n{\"amount\": \"11\", \"logo-assets\": \"assets\"}\n", "m.ndjson")
        let result = try run("batch", "m.ndjson", "-o", "out", "--quiet")
        #expect(result.signal == nil && result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("huge.ttf") && result.stderrLines.count == 1)
        #expect(try BatchTestSupport.files(folder.appendingPathComponent("out"), ext: "png").count == 1)
        #expect(result.maxResidentKiB < 256 * 1024, "peak \(result.maxResidentKiB) KiB")
        // The identity still notices a change of the artwork: a rerun after touching a file renders again.
        let again = try run("batch", "m.ndjson", "-o", "out")
        #expect(again.stdout.hasPrefix("rendered 0, skipped 1"), "\(again.stdout)")
        try write("<svg xmlns='http://www.w3.org/2000/svg'/>", "assets/extra.svg")
        let changed = try run("batch", "m.ndjson", "-o", "out")
        #expect(changed.stdout.hasPrefix("rendered 1, skipped 0"), "\(changed.stdout)")
    }

    private func ftruncateFile(_ path: String, _ size: Int) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
        defer { close(descriptor) }
        return descriptor >= 0 && ftruncate(descriptor, off_t(size)) == 0
    }

    // MARK: 5. verify reads the header first and caps what it reads

    @Test func verifyComparesSizesFromTheHeaderBeforeDecoding() throws {
        try write("{\"name\": \"a\", \"amount\": \"10\"}\n{\"name\": \"b\", \"amount\": \"11\"}\n", "m.ndjson")
        #expect(try run("verify", "m.ndjson", "--reference", "ref", "--record").status == 0)
        // A PNG claiming 23000 × 23000 px (its data would be 2 GiB decoded).
        try Data(Self.pngHeader(width: 23000, height: 23000) + [UInt8](repeating: 0, count: 4096))
            .write(to: folder.appendingPathComponent("ref/a.png"))
        // A reference over the byte limit.
        #expect(ftruncateFile(path("ref/b.png"), 100 << 20))
        let result = try run("verify", "m.ndjson", "--reference", "ref", "--report", "report")
        #expect(result.signal == nil && result.status == 1, "\(result)")
        #expect(result.stdout.contains("FAIL a: image sizes differ: reference is 23000×23000"), "\(result.stdout)")
        #expect(result.stdout.contains("FAIL b: cannot read reference") && result.stdout.contains("over the limit"), "\(result.stdout)")
        #expect(result.maxResidentKiB < 256 * 1024, "peak \(result.maxResidentKiB) KiB")
        #expect(FileManager.default.fileExists(atPath: path("report/index.html")))
        // The decoder itself refuses a header over the pixel limit, before decoding.
        #expect(throws: PNGDecodingError(source: "big", reason: .tooLarge(width: 5000, height: 5000))) {
            try PNGDecoder.decode(Self.pngHeader(width: 5000, height: 5000), source: "big")
        }
    }

    /// The signature and an IHDR chunk (8-bit RGBA) claiming `width` × `height`.
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func be(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    // MARK: 8. Devices, FIFOs and links as outputs

    @Test func devicesAndFIFOsAreWrittenInPlaceByRenderAndNeverReplaced() throws {
        // A FIFO nobody reads: exit 2 at once, not a hang.
        #expect(mkfifo(path("pipe.png"), 0o600) == 0)
        let unread = try run("render", "-o", "pipe.png", timeout: 20)
        #expect(!unread.timedOut)
        expectUsage(unread, containing: ["no process is reading"])
        #expect(fileType("pipe.png") == S_IFIFO)
        // With a reader, the PNG goes through the FIFO.
        let fifoPath = path("pipe.png"), copyPath = path("read.png")
        let reader = Thread {
            let input = open(fifoPath, O_RDONLY)  // Blocks until the writer opens.
            let output = open(copyPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while case let count = read(input, &buffer, buffer.count), count > 0 { _ = Glibc.write(output, buffer, count) }
            close(input)
            close(output)
        }
        reader.start()
        var written: ProcessProbe.Result?
        for _ in 0..<50 {  // Until the reader has opened its end.
            usleep(100_000)
            written = try run("render", "-o", "pipe.png", timeout: 20)
            if written?.status == 0 { break }
        }
        #expect(written?.status == 0, "\(String(describing: written))")
        for _ in 0..<1200 where !BatchTestSupport.isWholePNG(folder.appendingPathComponent("read.png")) { usleep(50_000) }  // until the copy is whole (60 s only stops a hang)
        #expect(BatchTestSupport.isWholePNG(folder.appendingPathComponent("read.png")))
        #expect(fileType("pipe.png") == S_IFIFO)
        // A link through /proc/self/fd (what /dev/stdout is) writes to standard output; the link stays.
        #expect(symlink("/proc/self/fd/1", path("stdout.png")) == 0)
        let viaLink = try run("render", "-o", "stdout.png")
        #expect(viaLink.status == 0 && viaLink.stdoutBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(fileType("stdout.png") == S_IFLNK)
        // -o - is standard output.
        let dash = try run("render", "--format", "png", "-o", "-")
        #expect(dash.status == 0 && dash.stdoutBytes == viaLink.stdoutBytes)
        // A link to a regular file is replaced (the link, not its target); so is a dangling link.
        try write("keep", "target.png")
        #expect(symlink("target.png", path("link.png")) == 0)
        #expect(try run("render", "-o", "link.png").status == 0)
        #expect(fileType("link.png") == S_IFREG && BatchTestSupport.isWholePNG(folder.appendingPathComponent("link.png")))
        #expect(try String(contentsOf: folder.appendingPathComponent("target.png"), encoding: .utf8) == "keep")
        #expect(symlink("nowhere/x.png", path("dangling.png")) == 0)
        #expect(try run("render", "-o", "dangling.png").status == 0)
        #expect(fileType("dangling.png") == S_IFREG)
        // A folder is refused, with the reason.
        try FileManager.default.createDirectory(atPath: path("dir.png"), withIntermediateDirectories: true)
        expectUsage(try run("render", "-o", "dir.png"), containing: ["dir.png", "a folder"])
        expectUsage(try run("render", "-o", "x.png", "--metadata", "dir.png"), containing: ["a folder"])
        #expect(!entries().contains("x.png"), "a group lands together or not at all")
        // A FIFO as an existing reference when recording: refused, not read (which would block).
        try write("{\"name\": \"pipe\", \"amount\": \"10\"}\n", "v.ndjson")
        let record = try run("verify", "v.ndjson", "--reference", ".", "--record", timeout: 20)
        #expect(!record.timedOut)
        expectUsage(record, containing: ["pipe.png", "FIFO"])
        // A report or batch output that is a FIFO is refused, never replaced.
        try write(BatchTestSupport.ndjson(count: 1), "m.ndjson")
        expectUsage(try run("batch", "m.ndjson", "-o", "out", "--report", "pipe.png"), containing: ["FIFO"])
        #expect(fileType("pipe.png") == S_IFIFO)
    }

    /// Linux's device number for a small major and minor (what the C macro makedev gives).
    static func device(_ major: UInt64, _ minor: UInt64) -> dev_t { dev_t((major << 8) | minor) }

    @Test func privateDeviceNodesAreNeverReplacedAsRoot() throws {
        guard ProcessProbe.isRoot else { return }  // mknod needs root; the FIFO cases above run for everyone.
        #expect(mknod(path("full"), S_IFCHR | 0o666, Self.device(1, 7)) == 0)
        #expect(mknod(path("null"), S_IFCHR | 0o666, Self.device(1, 3)) == 0)
        #expect(symlink("full", path("full-link")) == 0)
        let full = try run("render", "--format", "png", "-o", "full")
        #expect(full.status == 1 && full.stderr == "error: cannot write full: no space left on the device\n", "\(full.stderr)")
        #expect(fileType("full") == S_IFCHR)
        let link = try run("render", "--format", "png", "-o", "full-link")
        #expect(link.status == 1)
        #expect(fileType("full-link") == S_IFLNK && fileType("full") == S_IFCHR)
        let null = try run("render", "--format", "png", "-o", "null", "--metadata", "null")
        #expect(null.status == 0, "\(null.stderr)")
        #expect(fileType("null") == S_IFCHR)
        // In a batch, the report and the outputs never replace or write into a device.
        try write("{\"amount\": \"10\", \"name\": \"null\"}\n", "m.ndjson")
        try FileManager.default.createDirectory(atPath: path("out"), withIntermediateDirectories: true)
        #expect(mknod(path("out/null.png"), S_IFCHR | 0o666, Self.device(1, 3)) == 0)
        let batch = try run("batch", "m.ndjson", "-o", "out", "--quiet")
        #expect(batch.status == 1 && batch.stderr.contains("character device"), "\(batch.stderr)")
        #expect(fileType("out/null.png") == S_IFCHR)
        expectUsage(try run("batch", "m.ndjson", "-o", "out2", "--report", "full-link"), containing: ["character device"])
        #expect(fileType("full-link") == S_IFLNK)
        // A block device is never written, even by render.
        #expect(mknod(path("block"), S_IFBLK | 0o600, Self.device(7, 0)) == 0)
        expectUsage(try run("render", "--format", "png", "-o", "block"), containing: ["block device"])
        #expect(fileType("block") == S_IFBLK)
        #expect(!entries().contains { $0.hasSuffix(".tmp") })
    }

    // MARK: 9. Outputs that are the inputs

    @Test func aReportThatIsTheManifestOrInsideTheReferencesIsRefused() throws {
        try write(BatchTestSupport.ndjson(count: 2), "m.ndjson")
        let before = try Data(contentsOf: folder.appendingPathComponent("m.ndjson"))
        expectUsage(try run("batch", "m.ndjson", "-o", "out", "--report", "m.ndjson"), containing: ["is the manifest"])
        #expect(link(path("m.ndjson"), path("hard.json")) == 0)
        expectUsage(try run("batch", "./m.ndjson", "-o", "out", "--report", "hard.json"), containing: ["is the manifest"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("m.ndjson")) == before)

        // render: the image and the metadata are two files, and neither is an input.
        expectUsage(try run("render", "-o", "same.png", "--metadata", "./same.png"), containing: ["name the same file"])
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        try FileManager.default.copyItem(atPath: dejaVu, toPath: path("font.png"))
        let fontBefore = try Data(contentsOf: folder.appendingPathComponent("font.png"))
        expectUsage(
            try run("render", "--font-file", "font.png", "--font", "DejaVu Sans", "-o", "./font.png"), containing: ["font file"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("font.png")) == fontBefore)
        try ProjectResourcesLocator.copyArtwork(to: folder.appendingPathComponent("assets"))
        expectUsage(try run("render", "--logo-assets", "assets", "-o", "assets/badge.svg"), containing: ["artwork folder"])
        #expect(!entries().contains("same.png"))

        try write("{\"name\": \"a\", \"amount\": \"10\"}\n", "v.ndjson")
        #expect(try run("verify", "v.ndjson", "--reference", "ref", "--record").status == 0)
        expectUsage(try run("verify", "v.ndjson", "--reference", "ref", "--report", "ref"), containing: ["inside the reference folder"])
        expectUsage(
            try run("verify", "v.ndjson", "--reference", "ref", "--report", "./ref/../ref/sub"), containing: ["inside the reference folder"])
        // The reference and its sidecars (metadata, library versions, words), nothing from the refused reports.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: path("ref")).sorted()
                == ["a.metadata.json", "a.png", "a.versions.txt", "a.words.json"])
    }

    // MARK: 12. Output folders that cannot be made, and full disks

    @Test func uncreatableOutputFoldersAreExitTwoForEveryCommand() throws {
        try write("not a folder", "file")
        try write(BatchTestSupport.ndjson(count: 1), "m.ndjson")
        try write("{\"name\": \"a\", \"amount\": \"10\"}\n", "v.ndjson")
        #expect(try run("verify", "v.ndjson", "--reference", "ref", "--record").status == 0)
        let cases: [[String]] = [
            ["render", "-o", "file/x.png"], ["batch", "m.ndjson", "-o", "file/out"], ["gallery", "-o", "file/out"],
            ["verify", "v.ndjson", "--reference", "ref", "--report", "file/report"],
            ["batch", "m.ndjson", "-o", "out", "--report", "file/report.json"],
        ]
        for arguments in cases {
            let result = try ProcessProbe.run(arguments, in: folder)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain") && result.stderr.contains("file"), "\(arguments): \(result.stderr)")
        }
        // Root writes where a mode allows nothing: a read-only mount instead (when mounting is allowed).
        let readOnly = folder.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        if ProcessProbe.isRoot, mount("tmpfs", readOnly.path, "tmpfs", UInt(MS_RDONLY), "size=64k") == 0 {
            defer { ProcessProbe.unmount(readOnly) }
            for arguments in [["batch", "m.ndjson", "-o", "ro/out"], ["gallery", "-o", "ro/out"], ["render", "-o", "ro/x.png"]] {
                let result = try ProcessProbe.run(arguments, in: folder)
                #expect(result.status == 2 && result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains("not writable"), "\(arguments): \(result.stderr)")
            }
        }
    }

    @Test func aFullDiskSaysSoAndStopsTheBatch() throws {
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        guard ProcessProbe.mountTmpfs(at: disk, kibibytes: 64) else {
            // Without root: /dev/full stands for a full disk where a single file is written.
            #expect(try run("describe", stdout: .path("/dev/full")).stderr.contains("no space left on the device"))
            return
        }
        defer { ProcessProbe.unmount(disk) }
        try write(BatchTestSupport.ndjson(count: 400), "m.ndjson")
        let batch = try run("batch", "m.ndjson", "-o", "disk/out", "--quiet", "--jobs", "2", "--report", "r.json")
        #expect(batch.status == 75, "a full disk is the machine's fault, exit 75: \(batch)")
        // The report, on another disk, says what stopped the run.
        let stoppedReport = try BatchTestSupport.report(folder.appendingPathComponent("r.json"))
        #expect(stoppedReport["stopped"] as? String == "unwritable", "\(stoppedReport["stopped"] ?? "none")")
        #expect(stoppedReport["interrupted"] is NSNull)
        #expect(batch.stderrLines.count == 1, "one line, not one per record: \(batch.stderr.prefix(500))")
        #expect(batch.stderr.contains("no space left on the device"))
        // Not "--fail-fast", which was not given: why it stopped.
        #expect(batch.stdout.contains("; stopped, as no later image could be written either"), "\(batch.stdout)")
        #expect(!batch.stdout.contains("--fail-fast"), "\(batch.stdout)")
        let written = try FileManager.default.contentsOfDirectory(atPath: disk.appendingPathComponent("out").path)
        #expect(!written.contains { $0.hasSuffix(".tmp") }, "\(written)")
        // The disk is now full: a report cannot be written, and leaves no temporary file.
        let fill = open(disk.appendingPathComponent("fill").path, O_WRONLY | O_CREAT, 0o644)
        let block = [UInt8](repeating: 1, count: 4096)
        while Glibc.write(fill, block, block.count) > 0 {}
        close(fill)
        try write(BatchTestSupport.ndjson(count: 2), "small.ndjson")
        let report = try run("batch", "small.ndjson", "-o", "out", "--quiet", "--report", "disk/report.json")
        #expect(report.status == 75 && report.stderr == "error: cannot write the report disk/report.json: no space left on the device\n", "\(report.stderr)")
        let render = try run("render", "-o", "disk/x.png")
        #expect(render.status == 1 && render.stderr == "error: cannot write disk/x.png: no space left on the device\n", "\(render.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.path)
        #expect(left.sorted() == ["fill", "out"], "\(left)")
    }

    // MARK: 13. Standard error hygiene

    @Test func controlCharactersAreEscapedAndNormalRunsAreQuiet() throws {
        let escape = try run("render", "--amount", "1\u{1B}[2J", "-o", "x.png")
        expectUsage(escape, containing: ["1\\x1B[2J"])
        #expect(!escape.stderr.contains("\u{1B}"))
        try write("{\"amount\": \"10\", \"locale\": \"xx\\u001b]0;owned\\u0007\"}\n", "m.ndjson")
        let batch = try run("batch", "m.ndjson", "-o", "out", "--quiet")
        #expect(batch.status == 1 && !batch.stderr.contains("\u{1B}") && !batch.stderr.contains("\u{07}"), "\(batch.stderr)")
        #expect(batch.stderr.contains("\\x1B]0;owned\\x07"))

        // A link text of control characters would be drawn as boxes: refused, each named by its
        // code point (issue 48), none of them written to standard error.
        let boxes = try run("describe", "--link-text", "a\u{7F}b\u{9B}c\u{1B}d")
        expectUsage(boxes, containing: ["U+007F (a control character, in the link text)", "U+009B", "U+001B"])
        #expect(!boxes.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7F || $0.value == 0x9B })
        // JSON on standard output escapes them the JSON way (and stays valid JSON): a consumer
        // locale is free text, and the view it hides draws nothing.
        let described = try run("describe", "--consumer-locale", "a\u{7F}b\u{9B}c\u{1B}d")
        #expect(described.status == 0 && !described.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7F || $0.value == 0x9B })
        #expect(described.stdout.contains("a\\u007Fb\\u009Bc\\u001Bd"), "\(described.stdout)")
        #expect((try? JSONSerialization.jsonObject(with: Data(described.stdout.utf8))) != nil)

        // No writable cache in HOME: the private configuration has a cache folder of its own.
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        chmod(home.path, 0o500)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = "/nonexistent/home"
        environment["XDG_CACHE_HOME"] = nil
        environment["TMPDIR"] = folder.path
        let quiet = try run("render", "--amount", "100", "-o", "quiet.png", environment: environment)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        environment["HOME"] = home.path
        let readOnlyHome = try run("render", "--amount", "100", "-o", "quiet.png", environment: environment)
        #expect(readOnlyHome.status == 0 && readOnlyHome.stderr.isEmpty, "\(readOnlyHome.stderr)")
    }

    // MARK: 16. Negative prices

    @Test func negativeAmountsAreRefused() throws {
        for command in [["describe"], ["render", "-o", "x.png"]] {
            expectUsage(try ProcessProbe.run(command + ["--amount", "-1"], in: folder), containing: ["--amount", "-1", "0 or more"])
            expectUsage(try ProcessProbe.run(command + ["--amount=-0.01"], in: folder), containing: ["0 or more"])
        }
        // `-0` is refused like every other sign (the one price rule), as batch refuses it.
        expectUsage(try ProcessProbe.run(["describe", "--amount", "-0"], in: folder), containing: ["--amount", "'-0' is negative", "without a sign"])
        try write("{\"amount\": \"-5\"}\n{\"amount\": \"5\"}\n", "m.ndjson")
        let batch = try run("batch", "m.ndjson", "-o", "out", "--quiet")
        #expect(batch.status == 1 && batch.stderr.contains("amount: '-5' is negative; prices are 0 or more"), "\(batch.stderr)")
        #expect(try BatchTestSupport.files(folder.appendingPathComponent("out"), ext: "png").count == 1)
    }
}

/// The project's artwork folder, found from this file's path.
enum ProjectResourcesLocator {
    static let logoAssets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("LogoAssets")

    /// A copy of the artwork's files, owned by whoever runs the tests (not a copy of ownership,
    /// which fails for a user other than the checkout's owner).
    static func copyArtwork(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: logoAssets.path) {
            var isDirectory: ObjCBool = false
            let source = logoAssets.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            try Data(contentsOf: source).write(to: folder.appendingPathComponent(name))
        }
    }
}
