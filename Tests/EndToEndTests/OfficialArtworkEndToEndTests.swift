import BreakdownContent
import BreakdownDiff
import Foundation
import Testing
import BreakdownTestSupport

/// `--logo-assets` with an asset catalog and a plain folder through the binary: `assets`, `render`
/// (errors, contrast warnings), `batch` per record and `gallery`. The catalogs are made here.
@Suite struct OfficialArtworkEndToEndTests {
    /// Every official image as a solid magenta SVG of the real ratio's viewBox.
    static let magenta = "#FF00FF"

    static func svg(width: Double, height: Double) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\"><rect width=\"\(width)\" height=\"\(height)\" fill=\"\(magenta)\"/></svg>"
    }

    /// A catalog with an imageset for every image name (groups by logo type, as the SDK's), or all but `leaving`.
    static func catalog(in folder: URL, leaving missing: String? = nil) throws -> URL {
        let catalog = folder.appendingPathComponent("Assets.xcassets")
        let manager = FileManager.default
        try manager.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data("{\"info\": {\"version\": 1, \"author\": \"xcode\"}}".utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        for name in LogoChoice.allImageNames where name != missing {
            let group = name.hasPrefix("compact") ? "compact-badge" : name.hasPrefix("badge") ? "badge" : "lockup"
            let imageset = catalog.appendingPathComponent("images/\(group)/\(name).imageset")
            try manager.createDirectory(at: imageset, withIntermediateDirectories: true)
            try Data(svg(width: 300, height: 100).utf8).write(to: imageset.appendingPathComponent("art.svg"))
            try Data("{\"images\": [{\"filename\": \"art.svg\", \"idiom\": \"universal\"}], \"info\": {\"version\": 1, \"author\": \"xcode\"}}".utf8)
                .write(to: imageset.appendingPathComponent("Contents.json"))
        }
        return catalog
    }

    @Test func assetsListsEveryNameAndFailsWhenOneIsMissing() throws {
        let folder = try BatchTestSupport.temporaryFolder("assets")
        defer { try? FileManager.default.removeItem(at: folder) }
        let complete = try Self.catalog(in: folder.appendingPathComponent("complete"))
        let result = try BinaryRunner.run("assets", complete.path)
        #expect(result.status == 0, "\(result.stderr)")
        for name in LogoChoice.allImageNames { #expect(result.stdout.contains("\(name) "), "\(name)") }
        #expect(result.stdout.contains("26 image names: 26 found, 0 missing"))
        #expect(result.stdout.contains("images/badge/badge-afterpay-mint-on-black.imageset/art.svg"))

        let partial = try Self.catalog(in: folder.appendingPathComponent("partial"), leaving: "lockup-clearpay-white")
        let missing = try BinaryRunner.run("assets", partial.path)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("25 found, 1 missing"))
        let line = missing.stdout.split(separator: "\n").first { $0.contains("lockup-clearpay-white") }
        #expect(line?.contains("MISSING") == true)
        // A render of that variant: exit 2, one line naming the image and the catalog; no file.
        let output = folder.appendingPathComponent("x.png").path
        let render = try BinaryRunner.run(
            "render", "--amount", "100", "--locale", "en_GB", "--logo", "lockup", "--palette", "darkMono", "--logo-assets", partial.path,
            "-o", output)
        #expect(render.status == 2)
        #expect(render.stderr.split(separator: "\n").count == 1)
        #expect(render.stderr.contains("lockup-clearpay-white") && render.stderr.contains(partial.path), "\(render.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        // Another variant of the same catalog draws.
        let other = try BinaryRunner.run("render", "--amount", "100", "--locale", "en_GB", "--logo-assets", partial.path, "-o", output)
        #expect(other.status == 0, "\(other.stderr)")

        let nothing = try BinaryRunner.run("assets", folder.appendingPathComponent("nowhere").path)
        #expect(nothing.status == 2)
        #expect(nothing.stderr.split(separator: "\n").count == 1 && nothing.stderr.contains("nowhere"))
    }

    @Test func aPlainFolderWorksLikeTheCatalog() throws {
        let folder = try BatchTestSupport.temporaryFolder("plain")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.svg(width: 98, height: 24).utf8).write(to: folder.appendingPathComponent("lockup-cashappafterpay-preferred.svg"))
        // The outputs go beside the artwork folder: writing into it is refused (it is an input).
        let out = try BatchTestSupport.temporaryFolder("plain-out")
        defer { try? FileManager.default.removeItem(at: out) }
        let png = out.appendingPathComponent("a.png").path, json = out.appendingPathComponent("a.json").path
        let result = try BinaryRunner.run(
            "render", "--amount", "100", "--locale", "en_US", "--logo-assets", folder.path, "--scale", "2", "-o", png, "--metadata", json)
        #expect(result.status == 0, "\(result.stderr)")
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let artwork = try #require(metadata["logoArtwork"] as? [String: Any])
        #expect(artwork["image"] as? String == "lockup-cashappafterpay-preferred")
        // Relative to the artwork folder, so metadata does not depend on where the folder is.
        #expect(artwork["file"] as? String == "lockup-cashappafterpay-preferred.svg")
        let logo = try #require(metadata["logo"] as? [String: Double])
        let image = try PNGDecoder.decode(fileAtPath: png)
        let centre = image[Int((logo["x"]! + logo["width"]! / 2) * 2), Int((logo["y"]! + logo["height"]! / 2) * 2)]
        #expect(centre == SIMD4(255, 0, 255, 255))
        let assets = try BinaryRunner.run("assets", folder.path)
        #expect(assets.status == 1)
        #expect(assets.stdout.contains("folder of image files") && assets.stdout.contains("1 found, 25 missing"))
    }

    @Test func lowContrastWarnsOnStderrAndIsRecorded() throws {
        let folder = try BatchTestSupport.temporaryFolder("contrast")
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("a.png").path, json = folder.appendingPathComponent("a.json").path
        let white = try BinaryRunner.run(
            "render", "--amount", "100", "--logo", "lockup", "--palette", "darkMono", "--appearance", "light", "-o", png, "--metadata", json)
        #expect(white.status == 0)
        #expect(white.stderr.hasPrefix("warning: low contrast"), "\(white.stderr)")
        #expect(white.stderr.split(separator: "\n").count == 1)
        #expect(FileManager.default.fileExists(atPath: png), "still drawn")
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let contrast = try #require(metadata["contrast"] as? [String: Any])
        #expect(contrast["logo"] as? Double == 1)
        #expect((contrast["warnings"] as? [String])?.count == 1)
        #expect(contrast["page"] as? String == "#FFFFFF")

        let plain = try BinaryRunner.run("render", "--amount", "100", "-o", png, "--metadata", json)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        let quiet = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(((quiet["contrast"] as? [String: Any])?["warnings"] as? [String])?.isEmpty == true)
    }

    @Test func batchTakesTheArtworkPerRecordAndWarns() throws {
        let folder = try BatchTestSupport.temporaryFolder("batch-artwork")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.catalog(in: folder.appendingPathComponent("art"))
        let manifest = folder.appendingPathComponent("m.ndjson")
        try BatchTestSupport.write(
            """
            {"name": "official", "amount": "100", "logo-assets": "\(catalog.path)"}
            {"name": "own", "amount": "100"}
            {"name": "white", "amount": "100", "logo": "lockup", "palette": "darkMono"}

            """, to: manifest)
        let out = folder.appendingPathComponent("out")
        let result = try BinaryRunner.run("batch", manifest.path, "-o", out.path, "--metadata", "--jobs", "2")
        #expect(result.status == 0, "\(result.stderr)")
        func artwork(_ name: String) throws -> [String: Any] {
            let data = try Data(contentsOf: out.appendingPathComponent("\(name).png.json"))
            let metadata = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try #require(metadata["logoArtwork"] as? [String: Any])
        }
        #expect(try artwork("official")["image"] as? String == "badge-afterpay-mint-on-black")
        #expect(try artwork("official")["recoloured"] as? Bool == false)
        #expect(try artwork("own")["image"] as? String == "badge-afterpay")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1 && warnings.first?.contains("white") == true && warnings.first?.contains("line 3") == true, "\(result.stderr)")
        // A bad catalog in one record fails that record only, with one line.
        try BatchTestSupport.write("{\"name\": \"bad\", \"amount\": \"100\", \"logo-assets\": \"\(folder.path)/nowhere\"}\n{\"name\": \"good\", \"amount\": \"100\"}\n", to: manifest)
        let bad = try BinaryRunner.run("batch", manifest.path, "-o", out.path)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("nowhere"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("good.png").path))
    }

    @Test(.timeLimit(.minutes(15))) func galleryDrawsFromTheCatalogAndSaysSo() throws {
        let folder = try BatchTestSupport.temporaryFolder("gallery-artwork")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.catalog(in: folder.appendingPathComponent("art"))
        let out = folder.appendingPathComponent("out")
        let result = try BinaryRunner.run("gallery", "-o", out.path, "--logo-assets", catalog.path, "--quiet")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "warnings go on the page, not stderr: \(result.stderr)")
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("Logo artwork: asset catalog \(catalog.path)"))
        #expect(html.contains("low contrast — as the SDK shows it"))
        // Every brand tile's logo is the catalog's magenta file.
        let image = try PNGDecoder.decode(fileAtPath: out.appendingPathComponent("brand-en_GB-in-lockup-darkMono-light.png").path)
        var magenta = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] == SIMD4(255, 0, 255, 255) { magenta += 1 } }
        #expect(magenta > 100)
        let bad = try BinaryRunner.run("gallery", "-o", out.path, "--logo-assets", folder.appendingPathComponent("out").path)
        #expect(bad.status == 2 && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
    }
}

extension OfficialArtworkEndToEndTests {
    @Test func benchGainsTheOfficialArtworkLine() throws {
        let folder = try BatchTestSupport.temporaryFolder("bench-artwork")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.catalog(in: folder)
        let result = try BinaryRunner.run(
            "bench", "--count", "10", "--runs", "1", "--memory-count", "0", "--baseline", "/dev/null", "--logo-assets", catalog.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("PNG --jobs 1, official artwork (--logo-assets)"), "\(result.stdout)")
        #expect(result.stdout.contains("official artwork PNG ≥ 0.9× own artwork"))
    }
}

extension OfficialArtworkEndToEndTests {
    @Test func verifyTakesTheArtworkOnTheCommandLineAndPerRecord() throws {
        let folder = try BatchTestSupport.temporaryFolder("verify-artwork")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.catalog(in: folder.appendingPathComponent("art"))
        let manifest = folder.appendingPathComponent("m.ndjson")
        try BatchTestSupport.write("{\"name\": \"au\", \"amount\": \"100\"}\n", to: manifest)
        let refs = folder.appendingPathComponent("refs").path
        let record = try BinaryRunner.run("verify", manifest.path, "--reference", refs, "--record", "--logo-assets", catalog.path)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(try BinaryRunner.run("verify", manifest.path, "--reference", refs, "--logo-assets", catalog.path).status == 0)
        // The own artwork draws another badge: a difference.
        #expect(try BinaryRunner.run("verify", manifest.path, "--reference", refs).status == 1)
        // The same artwork given per record.
        try BatchTestSupport.write("{\"name\": \"au\", \"amount\": \"100\", \"logo-assets\": \"\(catalog.path)\"}\n", to: manifest)
        #expect(try BinaryRunner.run("verify", manifest.path, "--reference", refs).status == 0)
    }
}
