import Foundation
import Testing
import BreakdownTestSupport

/// Artwork that would make poppler, librsvg or Cairo decode without bound (decompression bombs,
/// huge images), given to the binary under a 512 MiB address-space limit: refused in one line
/// before any library decodes it, by `render`, `assets` and `serve`; and catalog files that
/// resolve outside the catalog refused like `../` names.
@Suite struct ArtworkBoundsTests {
    /// Writes the PDF (or other) fixtures with Python's zlib: a page whose content or image is `kind`.
    static func fixture(_ kind: String, to path: String) throws {
        let script = PDFFixtureScript.prelude + """
            kind, path = sys.argv[1], sys.argv[2]
            page = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>"
            def inflating(megabytes):
                c = zlib.compressobj(9); z = b""; chunk = b"0 0 m 1 1 l S\\n" * 65536
                for _ in range(megabytes * 2**20 // len(chunk)): z += c.compress(chunk)
                return z + c.flush()
            def image(width, height, data):
                return stream(b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode" % (width, height), zlib.compress(data))
            draw = stream(b"", b"q 300 0 0 100 0 0 cm /Im1 Do Q")
            if kind == "huge-image":
                pdf(head + [page, draw, image(28000, 28000, b"\\0" * 28000 * 4)])
            elif kind == "small-image":
                pdf(head + [page, draw, image(300, 100, b"\\x80" * 300 * 100)])
            elif kind == "inflating":
                pdf(head + [page, stream(b"/Filter /FlateDecode", inflating(64))])
            elif kind == "escaped-filter":
                pdf(head + [page, stream(b"/Filt#65r /Fl#61teDecode", inflating(64))])
            elif kind == "lzw":
                pdf(head + [page, stream(b"/Filter /LZWDecode", b"\\x80\\x0b\\x60\\x50\\x22\\x0c\\x0c\\x85\\x01")])
            elif kind == "inline-image":
                pdf(head + [page, stream(b"", b"q BI /W 30000 /H 30000 /CS /G /BPC 8 ID \\0\\0 EI Q")])
            elif kind.startswith("png-"):
                side = int(kind[4:])
                ihdr = b"IHDR" + side.to_bytes(4, "big") + (4096).to_bytes(4, "big") + bytes([8, 0, 0, 0, 0])
                open(path, "wb").write(b"\\x89PNG\\r\\n\\x1a\\n" + (13).to_bytes(4, "big") + ihdr + zlib.crc32(ihdr).to_bytes(4, "big"))
            """
        let result = try BinaryRunner.run(command: "/usr/bin/env", ["python3", "-c", script, kind, path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// The binary under `ulimit -v` 512 MiB (and a 100 MiB file-size cap), stopped after a minute
    /// (a server that starts when it should have refused runs until then).
    static func bounded(_ arguments: [String]) throws -> BinaryRunner.Result {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try BinaryRunner.run(
            command: "/bin/sh", ["-c", "ulimit -v 524288; ulimit -f 102400; exec timeout 60 '\(try #require(BinaryRunner.executable).path)' \(quoted)"])
    }

    /// A folder of image files whose badge for en_US (light) is a `kind` fixture.
    static func folder(with kind: String, format: String = "pdf", in root: URL) throws -> URL {
        let folder = root.appendingPathComponent(kind)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try fixture(kind, to: folder.appendingPathComponent("badge-afterpay-mint-on-black.\(format)").path)
        return folder
    }

    @Test func bombsAreRefusedInOneLineBeforeAnyLibraryDecodesThem() throws {
        let root = try BatchTestSupport.temporaryFolder("artwork-bounds")
        defer { try? FileManager.default.removeItem(at: root) }
        let cases: [(kind: String, format: String, message: String)] = [
            ("huge-image", "pdf", "is 28000 × 28000 pixels; artwork images may have at most 16777216 pixels (4096 × 4096)"),
            ("inflating", "pdf", "the PDF's streams inflate to more than 8 MiB"),
            ("escaped-filter", "pdf", "the PDF's streams inflate to more than 8 MiB"),
            ("lzw", "pdf", "has the filter LZWDecode, whose output this check cannot bound"),
            ("inline-image", "pdf", "the PDF's inline image in the stream at byte"),
            ("png-4097", "png", "the PNG image is 4097 × 4096 pixels"),
        ]
        for (kind, format, message) in cases {
            let folder = try Self.folder(with: kind, format: format, in: root)
            let output = root.appendingPathComponent("\(kind).png")
            // No clock: `bounded` caps the address space at 512 MiB and stops the run after 60 s;
            // decoding any of these bombs needs far more than the cap, so a refusal in one line
            // under it shows nothing was decoded.
            let render = try Self.bounded(["render", "--amount", "100", "--logo-assets", folder.path, "-o", output.path])
            #expect(render.status == 2, "\(kind): \(render.stderr)")
            let lines = render.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines.first?.contains(message) == true, "\(kind): \(render.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output.path), "\(kind): no image")
            let assets = try Self.bounded(["assets", folder.path])
            #expect(assets.status == 1 && assets.stdout.contains(message), "\(kind): \(assets.stdout)")
            // serve checks (and draws) every artwork before it listens: it does not start.
            let serve = try Self.bounded(["serve", "--allow-unsigned", "--port", "0", "--logo-assets", folder.path])
            #expect(serve.status != 0 && serve.stderr.contains(message), "\(kind): \(serve.status) \(serve.stderr)")
        }
        // Within the bounds: an image the size of the logo, and a PNG of exactly 4096 pixels a
        // side passes the size check (the fixture's data is no image: Cairo's own error follows).
        let small = try Self.folder(with: "small-image", in: root)
        let drawn = try Self.bounded(["render", "--amount", "100", "--logo-assets", small.path, "-o", root.appendingPathComponent("small.png").path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let edge = try Self.folder(with: "png-4096", format: "png", in: root)
        let read = try Self.bounded(["render", "--amount", "100", "--logo-assets", edge.path, "-o", root.appendingPathComponent("edge.png").path])
        #expect(read.status == 2 && read.stderr.contains("not a PNG file that Cairo reads") && !read.stderr.contains("pixels;"), "\(read.stderr)")
    }

    @Test func svgsEmbedOnlyImagesWhoseSizeIsCheckedFirst() throws {
        let root = try BatchTestSupport.temporaryFolder("artwork-svg-bounds")
        defer { try? FileManager.default.removeItem(at: root) }
        // A PNG header claiming 5000 × 5000, embedded as base64.
        func png(_ side: Int) -> String {
            var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            for value in [side, side] { bytes += [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
            bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
            return Data(bytes).base64EncodedString()
        }
        func svg(_ body: String, prolog: String = "") -> String {
            "<?xml version=\"1.0\"?>\(prolog)<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 300 100\">\(body)</svg>"
        }
        let cases: [(name: String, text: String, message: String)] = [
            ("huge", svg("<image width=\"300\" height=\"100\" href=\"data:image/png;base64,\(png(5000))\"/>"), "the SVG's embedded image is 5000 × 5000 pixels"),
            (
                "referenced", svg("<image width=\"300\" height=\"100\" xlink:href=\"&#100;ata:image/png;base64,\(png(5000))\"/>"),
                "the SVG's embedded image is 5000 × 5000 pixels"
            ),
            (
                "entity", svg("<image width=\"300\" height=\"100\" href=\"&d;\"/>", prolog: "<!DOCTYPE svg [<!ENTITY d \"data:image/png;base64,\(png(5000))\">]>"),
                "the SVG declares entities"
            ),
            ("gif", svg("<image width=\"300\" height=\"100\" href=\"data:image/gif;base64,R0lGODlh\"/>"), "the SVG embeds data of type 'image/gif'"),
        ]
        for (name, text, message) in cases {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("badge-afterpay-mint-on-black.svg"))
            let render = try Self.bounded(["render", "--amount", "100", "--logo-assets", folder.path, "-o", root.appendingPathComponent("\(name).png").path])
            #expect(render.status == 2 && render.stderr.contains(message), "\(name): \(render.stderr)")
        }
        // A small embedded image is drawn (one opaque blue pixel, stretched over the logo's box).
        let fine = root.appendingPathComponent("fine")
        try FileManager.default.createDirectory(at: fine, withIntermediateDirectories: true)
        let pixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/5ncLrgAAAABJRU5ErkJggg=="
        try Data(svg("<image width=\"300\" height=\"100\" href=\"data:image/png;base64,\(pixel)\"/>").utf8)
            .write(to: fine.appendingPathComponent("badge-afterpay-mint-on-black.svg"))
        let drawn = try Self.bounded(["render", "--amount", "100", "--logo-assets", fine.path, "-o", root.appendingPathComponent("fine.png").path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
    }

    @Test func filesThatResolveOutsideTheCatalogAreRefused() throws {
        let root = try BatchTestSupport.temporaryFolder("artwork-links")
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = try OfficialArtworkEndToEndTests.catalog(in: root.appendingPathComponent("inside"))
        let outside = root.appendingPathComponent("outside.svg")
        try Data(OfficialArtworkEndToEndTests.svg(width: 300, height: 100).utf8).write(to: outside)
        let imageset = catalog.appendingPathComponent("images/badge/badge-afterpay-mint-on-black.imageset")
        let art = imageset.appendingPathComponent("art.svg")
        try FileManager.default.removeItem(at: art)
        try FileManager.default.createSymbolicLink(at: art, withDestinationURL: outside)
        let render = try BinaryRunner.run(["render", "--amount", "100", "--logo-assets", catalog.path, "-o", root.appendingPathComponent("a.png").path])
        #expect(render.status == 2, "\(render.stderr)")
        #expect(render.stderr.contains("resolves to \(outside.resolvingSymlinksInPath().path), outside the asset catalog"), "\(render.stderr)")
        // A link that stays inside the catalog is read.
        let sibling = catalog.appendingPathComponent("images/badge/badge-afterpay-white-on-black.imageset/art.svg")
        try FileManager.default.removeItem(at: art)
        try FileManager.default.createSymbolicLink(at: art, withDestinationURL: sibling)
        let inside = try BinaryRunner.run(["render", "--amount", "100", "--logo-assets", catalog.path, "-o", root.appendingPathComponent("b.png").path])
        #expect(inside.status == 0, "\(inside.stderr)")
    }

    /// The Android view's res folder holds to the same rule.
    @Test func androidDrawablesThatResolveOutsideTheResFolderAreRefused() throws {
        let root = try BatchTestSupport.temporaryFolder("android-links")
        defer { try? FileManager.default.removeItem(at: root) }
        let drawables = ProjectFolder.root.appendingPathComponent("LogoAssets/android/drawable")
        let outside = root.appendingPathComponent("outside"), res = root.appendingPathComponent("res/drawable")
        for folder in [outside, res] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for name in try FileManager.default.contentsOfDirectory(atPath: drawables.path) where name.hasSuffix(".xml") {
            try FileManager.default.copyItem(at: drawables.appendingPathComponent(name), to: outside.appendingPathComponent(name))
            try FileManager.default.createSymbolicLink(at: res.appendingPathComponent(name), withDestinationURL: outside.appendingPathComponent(name))
        }
        let arguments = ["render", "--platform", "android", "--amount", "100", "--logo-assets", res.deletingLastPathComponent().path, "-o", root.appendingPathComponent("a.png").path]
        let linked = try BinaryRunner.run(arguments)
        #expect(linked.status == 2 && linked.stderr.contains("outside the Android res folder"), "\(linked.stderr)")
        // Copied in, the same files draw.
        for name in try FileManager.default.contentsOfDirectory(atPath: outside.path) {
            try FileManager.default.removeItem(at: res.appendingPathComponent(name))
            try FileManager.default.copyItem(at: outside.appendingPathComponent(name), to: res.appendingPathComponent(name))
        }
        let copied = try BinaryRunner.run(arguments)
        #expect(copied.status == 0, "\(copied.stderr)")
    }
}
