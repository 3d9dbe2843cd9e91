import BreakdownContent
import BreakdownTestSupport
import Foundation
import Testing

/// `serve --logo-assets` takes what `render --logo-assets` takes: an asset catalog laid out as the
/// iOS SDK's (groups of `NAME.imageset` folders holding PDFs), a plain folder of SDK-named PDFs,
/// or the project's own folder, recognised and checked by the same code, with the same one-line
/// errors. The PDFs are made here from SVGs by `rsvg-convert` (an independent tool).
@Suite(.serialized) struct ServeOfficialArtworkTests {
    /// A colour of its own for each image name, so a wrong file would draw a wrong colour.
    static func color(_ name: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return String(format: "#%06X", hash & 0xFF_FFFF)
    }

    /// A one-page PDF of `width` × `height` points holding a rounded rectangle in the name's colour.
    static func pdf(for name: String, width: Double = 300, height: Double = 100, at url: URL) throws {
        let svg = url.deletingPathExtension().appendingPathExtension("svg")
        try Data(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\"><rect width=\"\(width)\" height=\"\(height)\" rx=\"\(height / 2)\" fill=\"\(color(name))\"/></svg>"
                .utf8
        ).write(to: svg)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        process.arguments = ["-f", "pdf", "-o", url.path, svg.path]
        SpawnLog.note()
        try process.run()
        process.waitUntilExit()
        try FileManager.default.removeItem(at: svg)
        guard process.terminationStatus == 0 else { throw ServerTestError("rsvg-convert failed for \(name)") }
    }

    /// A catalog as the SDK ships it: `Assets.xcassets/images/<group>/<name>.imageset/<name>.pdf`.
    static func sdkCatalog(in folder: URL) throws -> URL {
        let catalog = folder.appendingPathComponent("Assets.xcassets")
        let manager = FileManager.default
        try manager.createDirectory(at: catalog.appendingPathComponent("images"), withIntermediateDirectories: true)
        let info = "\"info\": {\"version\": 1, \"author\": \"xcode\"}"
        try Data("{\(info)}".utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        try Data("{\(info)}".utf8).write(to: catalog.appendingPathComponent("images/Contents.json"))
        for name in LogoChoice.allImageNames {
            let group = name.hasPrefix("compact") ? "compact-badge" : name.hasPrefix("badge") ? "badge" : "lockup"
            let imageset = catalog.appendingPathComponent("images/\(group)/\(name).imageset")
            try manager.createDirectory(at: imageset, withIntermediateDirectories: true)
            try pdf(for: name, at: imageset.appendingPathComponent("\(name).pdf"))
            try Data(
                "{\"images\": [{\"filename\": \"\(name).pdf\", \"idiom\": \"universal\"}], \(info), \"properties\": {\"preserves-vector-representation\": true}}"
                    .utf8
            ).write(to: imageset.appendingPathComponent("Contents.json"))
        }
        return catalog
    }

    /// The bytes `render` writes with these arguments, or its standard error when it fails.
    static func render(_ arguments: [String]) throws -> (bytes: Data?, stderr: String) {
        let folder = try ServeEndToEndTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("image.png").path
        let result = try BinaryRunner.run(["render", "-o", output] + arguments)
        return (result.status == 0 ? try Data(contentsOf: URL(fileURLWithPath: output)) : nil, "\(result.stderr)")
    }

    /// Variants that need a badge, a Clearpay badge, a compact badge, a Cash App lockup and a lockup.
    static let variants: [(query: String, arguments: [String])] = [
        ("amount=100&scale=2", ["--amount", "100", "--scale", "2"]),
        ("amount=129.95&locale=en_GB&scale=3&palette=alt", ["--amount", "129.95", "--locale", "en_GB", "--scale", "3", "--palette", "alt"]),
        ("amount=40&logo=compactBadge&appearance=dark", ["--amount", "40", "--logo", "compactBadge", "--appearance", "dark"]),
        ("amount=100&locale=en_US&logo=lockup", ["--amount", "100", "--locale", "en_US", "--logo", "lockup"]),
        ("amount=75&locale=en_NZ&logo=lockup&scale=2", ["--amount", "75", "--locale", "en_NZ", "--logo", "lockup", "--scale", "2"]),
    ]

    @Test func anSDKCatalogIsServedAsRenderDrawsIt() throws {
        let folder = try ServeEndToEndTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.sdkCatalog(in: folder)
        let server = try ServerProcess(["--allow-unsigned", "--threads", "2", "--logo-assets", catalog.path])
        #expect(!server.log.contains("warning"), "a complete catalog: \(server.log)")
        for (query, arguments) in Self.variants {
            let reply = try server.get("/v1/breakdown.png?" + query)
            #expect(reply.status == 200, "\(query): \(reply.text)")
            let rendered = try Self.render(arguments + ["--logo-assets", catalog.path])
            #expect(rendered.bytes != nil, "\(rendered.stderr)")
            #expect(reply.body == rendered.bytes, "\(query): served bytes differ from render --logo-assets")
            // And they are not the look-alike artwork's bytes: the catalog's file was drawn.
            #expect(reply.body != (try Self.render(arguments).bytes), "\(query): drawn with the project's artwork")
        }
        let json = try server.get("/v1/breakdown.json?amount=100&locale=en_GB").json()
        let metadata = try #require(json["metadata"] as? [String: Any])
        let artwork = try #require(metadata["logoArtwork"] as? [String: Any])
        #expect(artwork["image"] as? String == "badge-clearpay-mint-on-black")
        #expect(artwork["file"] as? String == "images/badge/badge-clearpay-mint-on-black.imageset/badge-clearpay-mint-on-black.pdf")
        #expect(server.stop() == 0)
    }

    @Test func aPlainFolderOfSDKNamedPDFsIsServedAndAMissingImageIsNamed() throws {
        let folder = try ServeEndToEndTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("brand-assets")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        let absent = "lockup-cashappafterpay-preferred"
        for name in LogoChoice.allImageNames where name != absent {
            try Self.pdf(for: name, width: 240, height: 80, at: plain.appendingPathComponent("\(name).pdf"))
        }
        let server = try ServerProcess(["--allow-unsigned", "--logo-assets", plain.path])
        // One start-up warning names what is missing and what happens to requests that need it.
        let warnings = server.log.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1, "\(server.log)")
        #expect(warnings.first?.contains(absent) == true && warnings.first?.contains("500") == true, "\(server.log)")
        #expect(warnings.first?.contains("1 of the SDK's 26") == true, "\(server.log)")
        for (query, arguments) in Self.variants where !query.contains("en_US") {
            let reply = try server.get("/v1/breakdown.png?" + query)
            #expect(reply.status == 200, "\(query): \(reply.text)")
            #expect(reply.body == (try Self.render(arguments + ["--logo-assets", plain.path])).bytes, "\(query)")
        }
        // The Cash App lockup is not there: a 500 naming it (the server's artwork, not the URL, is wrong),
        // as render fails naming it; the JSON endpoint too.
        for path in ["/v1/breakdown.png", "/v1/breakdown.json"] {
            let missing = try server.get(path + "?amount=100&locale=en_US&logo=lockup")
            #expect(missing.status == 500, "\(path): \(missing.text)")
            #expect(missing["content-type"] == "application/problem+json")
            #expect(try missing.json()["detail"] as? String ?? "" == "this server's artwork (folder of image files) has no logo image \(absent), which this request needs")
        }
        let rendered = try Self.render(["--amount", "100", "--locale", "en_US", "--logo", "lockup", "--logo-assets", plain.path])
        #expect(rendered.bytes == nil && rendered.stderr.contains(absent), "\(rendered.stderr)")
        // A hidden breakdown needs no artwork: still 204.
        #expect(try server.get("/v1/breakdown.png?amount=100&locale=en_US&consumer-locale=fr_FR").status == 204)
        #expect(server.stop() == 0)
    }

    @Test func brokenOfficialArtworkStopsStartWithRendersMessage() throws {
        let folder = try ServeEndToEndTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.sdkCatalog(in: folder)
        // A clearpay lockup that is not a PDF: render fails on that variant, the server at start.
        let name = "lockup-clearpay-black"
        let file = catalog.appendingPathComponent("images/lockup/\(name).imageset/\(name).pdf")
        try Data("%PDF-1.4 not really".utf8).write(to: file)
        let rendered = try Self.render(["--amount", "100", "--locale", "en_GB", "--logo", "lockup", "--palette", "lightMono", "--logo-assets", catalog.path])
        #expect(rendered.bytes == nil)
        let renderLine = rendered.stderr.split(separator: "\n").map(String.init).first { $0.hasPrefix("error: ") } ?? ""
        #expect(renderLine.contains(name) && renderLine.contains(file.path), "\(renderLine)")

        let result = try BinaryRunner.run("serve", "--allow-unsigned", "--port", "0", "--logo-assets", catalog.path)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "no URL printed")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.trimmingCharacters(in: .newlines) == renderLine, "the same words as render: \(result.stderr)")

        // A file that is no artwork folder at all: render's words too.
        let notFolder = folder.appendingPathComponent("file.txt")
        try Data("x".utf8).write(to: notFolder)
        let renderNotFolder = try Self.render(["--amount", "100", "--logo-assets", notFolder.path])
        let serveNotFolder = try BinaryRunner.run("serve", "--allow-unsigned", "--port", "0", "--logo-assets", notFolder.path)
        #expect(serveNotFolder.status == 2)
        #expect(serveNotFolder.stderr == renderNotFolder.stderr, "\(serveNotFolder.stderr) vs \(renderNotFolder.stderr)")
    }
}
