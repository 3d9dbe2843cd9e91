import BreakdownTestSupport
import Foundation
import Testing

/// Artwork that a library cannot draw within bounds, or survives only by chance: every file is
/// first drawn by a bounded child process (`ArtworkTrial`), so each of these ends in one line
/// and a non-zero exit from `render`, `assets` and `serve` (which never listens), under an
/// address-space cap too; a page size that would overflow the typesetter is refused by its
/// ratio; a blank or off-page drawing is refused. The fixtures are written here, small.
@Suite struct ArtworkTrialTests {
    /// Writes the fixture `kind` (a PDF or an SVG, a few KiB) to `path` with Python.
    static func fixture(_ kind: String, to path: String) throws {
        let script = PDFFixtureScript.prelude + """
            kind, path = sys.argv[1], sys.argv[2]
            def page(box=b"0 0 300 100", resources=b""):
                return b"<< /Type /Page /Parent 2 0 R /MediaBox [" + box + b"] /Contents 4 0 R /Resources << " + resources + b" >> >>"
            def svg(body, size='viewBox="0 0 300 100"'):
                open(path, "w").write('<svg xmlns="http://www.w3.org/2000/svg" ' + size + '>' + body + '</svg>')
            if kind == "nested-forms":
                # Form n draws form n+1 four times: 4^40 drawings of a line.
                depth = 40
                forms = []
                for n in range(depth):
                    body = b"/F%d Do /F%d Do /F%d Do /F%d Do" % ((n + 1,) * 4) if n + 1 < depth else b"0 0 m 300 100 l S"
                    res = b"/Resources << /XObject << /F%d %d 0 R >> >>" % (n + 1, 6 + n) if n + 1 < depth else b""
                    forms.append(stream(b"/Type /XObject /Subtype /Form /BBox [0 0 300 100] " + res, body))
                pdf(head + [page(resources=b"/XObject << /F0 5 0 R >>"), stream(b"", b"/F0 Do")] + forms)
            elif kind == "image-3000":
                # One 1000 x 1000 image (a 1 MiB stream, within the decoding bound) drawn 3,000 times.
                image = stream(b"/Type /XObject /Subtype /Image /Width 1000 /Height 1000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode", zlib.compress(bytes(range(256)) * 3907))
                pdf(head + [page(resources=b"/XObject << /Im1 5 0 R >>"), stream(b"", b"q 300 0 0 100 0 0 cm /Im1 Do Q\\n" * 3000), image])
            elif kind == "sampled-function":
                # A shading whose sampled function has 16000 x 16000 samples: 2 GB as doubles.
                function = stream(b"/FunctionType 0 /Domain [0 1 0 1] /Range [0 1] /Size [16000 16000] /BitsPerSample 8", b"\\x80" * 64)
                shading = b"<< /ShadingType 1 /ColorSpace /DeviceGray /Domain [0 1 0 1] /Function 6 0 R >>"
                pdf(head + [page(resources=b"/Shading << /Sh1 5 0 R >>"), stream(b"", b"q 300 0 0 100 0 0 cm /Sh1 sh Q"), shading, function])
            elif kind == "wide-page":
                pdf(head + [page(box=b"0 0 1000000 1"), stream(b"", b"0 0 1000000 1 re f")])
            elif kind == "empty-page":
                pdf(head + [page(), stream(b"", b"")])
            elif kind == "off-page":
                pdf(head + [page(), stream(b"", b"1000 1000 300 100 re f")])
            elif kind == "fine-page":
                pdf(head + [page(), stream(b"", b"0 0 1 rg 10 10 280 80 re f")])
            elif kind == "turbulence":
                svg('<filter id="t"><feTurbulence baseFrequency="0.05" numOctaves="1000000"/></filter><rect width="300" height="100" filter="url(#t)"/>')
            elif kind == "convolve":
                svg('<filter id="c"><feConvolveMatrix order="32" kernelMatrix="' + " ".join(["1"] * 1024) + '"/></filter><rect width="300" height="100" filter="url(#c)"/>')
            elif kind == "font-size":
                svg('<text x="0" y="90" font-size="10000000">A</text>')
            elif kind == "wide-svg":
                svg('<rect width="100000" height="1"/>', size='width="100000" height="1"')
            elif kind == "off-svg":
                svg('<rect x="1000" y="1000" width="300" height="100"/>')
            elif kind == "speck-page":
                # A 100 x 35 logo on a page 100 times wider and taller.
                pdf(head + [page(box=b"0 0 10000 3500"), stream(b"", b"0 0 1 rg 4950 1730 100 35 re f")])
            elif kind == "blurred-svg":
                # The whole viewBox filled, then blurred until no pixel is half opaque.
                svg('<filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="30"/></filter><rect x="140" y="45" width="20" height="10" filter="url(#b)"/>')
            """
        let result = try BinaryRunner.run(command: "/usr/bin/env", ["python3", "-c", script, kind, path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// The hostile cases: the fixture, its format, and what its one line says.
    static let hostile: [(kind: String, format: String, message: String)] = [
        // Processor time (or, on a machine so loaded that 2 s of it take over 20 s, the clock:
        // both lines name the 2 s budget).
        ("nested-forms", "pdf", "2 s of processor time"),
        ("turbulence", "svg", "2 s of processor time"),
        // Memory: poppler says "Out of memory" (the sampled function), or the child grows to
        // its bound and dies there (each of the 3,000 drawings of the image is kept).
        ("image-3000", "pdf", "drawing it needs more than 256 MiB of memory, the bound for an artwork file (poppler ran out)"),
        ("sampled-function", "pdf", "drawing it needs more than 256 MiB of memory, the bound for an artwork file (poppler ran out)"),
        // librsvg aborts (a Rust panic): the child dies, the line names librsvg.
        ("convolve", "svg", "librsvg crashed drawing it (signal 6)"),
        // A glyph 10,000,000 px tall: nothing of it falls inside the viewBox.
        ("font-size", "svg", "it draws nothing inside its viewBox"),
        ("wide-page", "pdf", "is 1000000 × 1 (a ratio of 1000000 : 1); artwork may be at most 20 times wider than tall"),
        ("wide-svg", "svg", "is 100000 × 1 (a ratio of 100000 : 1); artwork may be at most 20 times wider than tall"),
        ("empty-page", "pdf", "it draws nothing inside its page"),
        ("off-page", "pdf", "it draws nothing inside its page"),
        ("off-svg", "svg", "it draws nothing inside its viewBox"),
        // Nearly blank: a speck on a huge page (1% of each side), a drawing blurred away.
        ("speck-page", "pdf", "it draws almost nothing inside its page: what it draws at least half opaque spans 1% of its width and 1% of its height"),
        ("blurred-svg", "svg", "it draws almost nothing inside its viewBox: what it draws at least half opaque spans 0% of its width and 0% of its height"),
    ]

    static func folder(_ kind: String, format: String, in root: URL) throws -> URL {
        let folder = root.appendingPathComponent(kind)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try fixture(kind, to: folder.appendingPathComponent("badge-afterpay-mint-on-black.\(format)").path)
        return folder
    }

    /// Every hostile file, in `render`, `assets` and `serve`, under `ArtworkBoundsTests.bounded`'s
    /// 512 MiB address-space cap: one line naming the file and the problem, a non-zero exit, no
    /// image, and no server.
    @Test(arguments: hostile.map(\.kind)) func hostileArtworkEndsInOneLine(kind: String) throws {
        let (_, format, message) = try #require(Self.hostile.first { $0.kind == kind })
        let root = try BatchTestSupport.temporaryFolder("artwork-trial-\(kind)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try Self.folder(kind, format: format, in: root)
        let output = root.appendingPathComponent("out.png")
        let render = try ArtworkBoundsTests.bounded(["render", "--amount", "100", "--logo-assets", folder.path, "-o", output.path])
        let lines = render.stderr.split(separator: "\n")
        #expect(render.status == 2, "\(kind): \(render.status) \(render.stderr)")
        // On a machine so loaded that the child's work takes over 20 s of the clock, the clock
        // ends it first, whatever bound it was heading for: one line naming the 2 s budget.
        let clock = "did not end within 20 s on the clock (an artwork file must draw within 2 s of processor time)"
        #expect(lines.count == 1 && (lines.first?.contains(message) == true || lines.first?.contains(clock) == true), "\(kind): \(render.stderr)")
        #expect(lines.first?.contains("badge-afterpay-mint-on-black.\(format)") == true, "\(kind): names the file: \(render.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "\(kind): no image")
        let assets = try ArtworkBoundsTests.bounded(["assets", folder.path])
        #expect(assets.status == 1 && (assets.stdout.contains(message) || assets.stdout.contains(clock)), "\(kind): \(assets.status) \(assets.stdout) \(assets.stderr)")
        let serve = try ArtworkBoundsTests.bounded(["serve", "--allow-unsigned", "--port", "0", "--logo-assets", folder.path])
        #expect(serve.status == 2 && (serve.stderr.contains(message) || serve.stderr.contains(clock)), "\(kind): \(serve.status) \(serve.stderr)")
        #expect(serve.stdout.isEmpty, "\(kind): serve never listened: \(serve.stdout)")
    }

    /// A tighter cap, as `prlimit --as` gives (300 MiB: less than the child's own bound above
    /// what it holds): the 2 GB sampled function still ends in one line and exit 2, naming what
    /// the cap left, never "Out of memory" with exit 0 and the logo missing (what it did).
    @Test func underAMemoryCapTheSampledFunctionIsRefused() throws {
        let root = try BatchTestSupport.temporaryFolder("artwork-trial-cap")
        defer { try? FileManager.default.removeItem(at: root) }
        let executable = try #require(BinaryRunner.executable).path
        for kind in ["sampled-function", "image-3000"] {
            let folder = try Self.folder(kind, format: "pdf", in: root)
            let output = root.appendingPathComponent("\(kind).png")
            let render = try BinaryRunner.run(
                command: "/usr/bin/prlimit", ["--as=\(300 << 20)", executable, "render", "--amount", "100", "--logo-assets", folder.path, "-o", output.path])
            #expect(render.status == 2 && render.stderr.split(separator: "\n").count == 1, "\(kind): \(render.status) \(render.stderr)")
            #expect(render.stderr.contains("MiB of memory, what the process's own limit left of the bound of 256 MiB"), "\(kind): \(render.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    /// The child bounds itself before it reads a byte of the file (the event: its first line,
    /// written once the limits are set): processor time and address space are finite.
    @Test func theChildIsBoundedBeforeItReads() throws {
        let process = Process()
        let executable: URL = try #require(BinaryRunner.executable)
        process.executableURL = executable
        process.arguments = ["__artwork-trial"]
        let input = Pipe(), out = Pipe()
        process.standardInput = input
        process.standardOutput = out
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var first = [UInt8]()
        var byte: UInt8 = 0
        while read(out.fileHandleForReading.fileDescriptor, &byte, 1) == 1, byte != 10 { first.append(byte) }
        let line = String(decoding: first, as: UTF8.self)
        #expect(line.hasPrefix("__artwork-trial: room 268435456 "), "\(line)")
        let limits = try String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8)
        func soft(_ name: String) -> String? {
            limits.split(separator: "\n").first { $0.hasPrefix(name) }.map { String($0.dropFirst(26).split(separator: " ").first ?? "") }
        }
        // At most 2 s more than it had used (under a second): 3 s at most.
        let cpu = try #require(soft("Max cpu time").flatMap { Int($0) }, "\(limits)")
        #expect(cpu <= 3, "\(limits)")
        // SIGXCPU (24) reaches it whatever mask the parent had (this test runner blocks most).
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        let blocked = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }.flatMap { UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) })
        #expect(blocked & (1 << 23) == 0, "SIGXCPU blocked: \(String(blocked, radix: 16))")
        // What it held (its first line's last number is resident; the address space is more)
        // plus 256 MiB: finite, and under 1 GiB for a process that holds a few hundred MiB.
        let space = try #require(soft("Max address space").flatMap { Int($0) }, "\(limits)")
        #expect(space > 256 << 20 && space < 1 << 30, "\(limits)")
        // No file given: it ends at once.
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// A small page that draws inside its box passes the trial and is drawn.
    @Test func artworkWithinTheBoundsIsDrawn() throws {
        let root = try BatchTestSupport.temporaryFolder("artwork-trial-fine")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try Self.folder("fine-page", format: "pdf", in: root)
        let output = root.appendingPathComponent("out.png")
        let render = try ArtworkBoundsTests.bounded(["render", "--amount", "100", "--logo-assets", folder.path, "-o", output.path])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    /// The project's own artwork, installed with the binary, is not tried in a child: a plain
    /// `render` starts no process (counted by strace's execve calls: the binary itself only). The
    /// same files copied to a folder of the user's are tried (more execve calls: a trial child for
    /// the logo and one for the link's icon); a folder that links to the project's is the project's.
    @Test func onlyArtworkFromOutsideTheProjectIsTriedInAChild() throws {
        let root = try BatchTestSupport.temporaryFolder("artwork-trial-own")
        defer { try? FileManager.default.removeItem(at: root) }
        let binary = try #require(BinaryRunner.executable).path
        func execs(_ arguments: [String], _ name: String) throws -> Int {
            let log = root.appendingPathComponent("\(name).strace").path
            let output = root.appendingPathComponent("\(name).png").path
            let run = try BinaryRunner.run(
                command: "/usr/bin/strace", ["-f", "-qq", "-e", "trace=execve", "-o", log, binary, "render", "--amount", "100", "-o", output] + arguments)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            return lines.filter { $0.contains("execve(") && !$0.contains("= -1") }.count
        }
        #expect(try execs([], "own") == 1, "the project's artwork started a trial child")
        let copy = root.appendingPathComponent("copy")
        try ProjectResourcesLocator.copyArtwork(to: copy)
        #expect(try execs(["--logo-assets", copy.path], "copy") >= 2, "a copy of it outside the project was not tried")
        // A folder that links to the project's files is the project's files.
        let linked = root.appendingPathComponent("linked")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: ProjectResourcesLocator.logoAssets)
        #expect(try execs(["--logo-assets", linked.path], "linked") == 1)
    }

    /// `serve` takes SIGTERM while it is still trying its artwork (the event: the trial's child
    /// process exists): it stops at once with 128 + 15 and one line, never listening.
    @Test func serveStopsOnSIGTERMWhileItChecksArtwork() throws {
        let root = try BatchTestSupport.temporaryFolder("artwork-trial-sigterm")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try Self.folder("turbulence", format: "svg", in: root)
        let process = Process()
        let executable: URL = try #require(BinaryRunner.executable)
        process.executableURL = executable
        process.arguments = ["serve", "--allow-unsigned", "--port", "0", "--logo-assets", folder.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let serverID = process.processIdentifier
        // The trial's child: a process whose parent is the server and whose command is the trial.
        func trialRunning() -> Bool {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
            for entry in entries where Int32(entry) != nil {
                guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { continue }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                guard fields.count > 2, Int32(fields[1]) == serverID else { continue }
                let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline"))) ?? Data()
                if String(decoding: command, as: UTF8.self).contains("__artwork-trial") { return true }
            }
            return false
        }
        #expect(waitFor(deadline: 60, trialRunning), "the server started a trial")
        kill(serverID, SIGTERM)
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + SIGTERM, "\(process.terminationStatus) \(stderr)")
        #expect(stderr.contains("received signal 15 while starting: stopped before listening"), "\(stderr)")
        #expect(out.fileHandleForReading.readDataToEndOfFile().isEmpty, "never listened")
    }
}
