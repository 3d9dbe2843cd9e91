@testable import BreakdownGallery
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// `gallery -o DIR` never replaces someone else's `index.html` with its contact sheet: refused
/// before anything is drawn. An earlier gallery's page (its title) is the gallery's to replace.
@Suite struct GalleryFolderTests {
    @Test(.timeLimit(.minutes(2))) func someoneElsesPageIsRefusedAndAGallerysIsNot() throws {
        let folder = try BatchTestSupport.temporaryFolder("gallery-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data("<h1>my site</h1>\n".utf8).write(to: site.appendingPathComponent("index.html"))
        let refused = try InProcessCLI.run("gallery", "-o", site.path, "--quiet")
        #expect(refused.status == 2)
        #expect(
            refused.stderr == "error: --output \(site.path) holds an index.html that is not a page of breakdown gallery, which the gallery would replace: give a new or empty folder, or an earlier gallery's\n",
            "\(refused.stderr)")
        #expect(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8) == "<h1>my site</h1>\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path) == ["index.html"])
        // What the gallery itself writes is its own; no page at all is fine too.
        let page = GalleryPage.html([], summary: "none")
        try Data(page.utf8).write(to: site.appendingPathComponent("index.html"))
        #expect(GalleryPage.isGalleryPage(site.appendingPathComponent("index.html").path))
        #expect(GalleryPage.isGalleryPage(folder.appendingPathComponent("nothing/index.html").path))
        // A FIFO of that name is neither waited on nor taken for a page of the gallery's.
        let pipe = folder.appendingPathComponent("pipe")
        try FileManager.default.createDirectory(at: pipe, withIntermediateDirectories: true)
        #expect(mkfifo(pipe.appendingPathComponent("index.html").path, 0o600) == 0)
        #expect(!GalleryPage.isGalleryPage(pipe.appendingPathComponent("index.html").path))
    }

    /// A folder of the project's file names without `android/drawable` (a copy of LogoAssets'
    /// SVGs, one of the README's three forms of --logo-assets) is iOS artwork: the Android tiles
    /// are left out and said so, as for the SDK's catalog, instead of failing each of them.
    @Test(.timeLimit(.minutes(5))) func theProjectsFileNamesWithoutAndroidDrawablesLeaveTheAndroidTilesOut() throws {
        let folder = try BatchTestSupport.temporaryFolder("gallery-own-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let art = folder.appendingPathComponent("own")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        let assets = ProjectFolder.root.appendingPathComponent("LogoAssets")
        for name in try FileManager.default.contentsOfDirectory(atPath: assets.path) where name.hasSuffix(".svg") {
            try FileManager.default.copyItem(at: assets.appendingPathComponent(name), to: art.appendingPathComponent(name))
        }
        let out = folder.appendingPathComponent("out")
        let run = try InProcessCLI.run("gallery", "-o", out.path, "--logo-assets", art.path)
        #expect(run.status == 0, "\(run.stderr.prefix(600))")
        #expect(run.stdout.contains("The Android tiles are left out: iOS artwork has no Android drawables"), "\(run.stdout.prefix(600))")
        let images = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
        #expect(!images.isEmpty && !images.contains { $0.contains("android") }, "\(images.filter { $0.contains("android") }.prefix(5))")
    }

    /// `--scale 1.5` (an Android density) draws the Android tiles at 1.5 and leaves the iOS tiles
    /// out, said once, instead of failing each of them with a line of its own; with artwork that
    /// draws only the iOS view nothing could be drawn, so it is refused in one line.
    @Test(.timeLimit(.minutes(5))) func anAndroidDensityDrawsTheAndroidTilesOnly() throws {
        let folder = try BatchTestSupport.temporaryFolder("gallery-density")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let run = try InProcessCLI.run("gallery", "-o", out.path, "--scale", "1.5")
        #expect(run.status == 0, "\(run.stderr.prefix(600))")
        #expect(run.stderr.isEmpty, "\(run.stderr.prefix(600))")
        #expect(run.stdout.hasPrefix("gallery: The iOS tiles are left out: --scale 1.5 is an Android density (the iOS view takes 1, 2 or 3).\n"), "\(run.stdout.prefix(600))")
        #expect(run.stdout.contains(", failed 0"), "\(run.stdout.prefix(600))")
        let images = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
        #expect(images.count > 20 && images.allSatisfy { $0.hasPrefix("android") }, "\(images.filter { !$0.hasPrefix("android") }.prefix(5))")
        // Drawn at 1.5: the same bytes as the command the page gives under the tile.
        let tile = "android-en_AU-in-badge-default"
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        let command = "breakdown render --platform android --locale en_AU --amount 100 --logo badge --palette default --background &#39;#FFFFFF&#39; --padding 8 --scale 1.5 -o \(tile).png"
        #expect(html.contains(command), "the page's command for \(tile)")
        let alone = folder.appendingPathComponent("alone.png")
        let rendered = try InProcessCLI.run(
            "render", "--platform", "android", "--locale", "en_AU", "--amount", "100", "--logo", "badge", "--palette", "default", "--background", "#FFFFFF",
            "--padding", "8", "--scale", "1.5", "-o", alone.path)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent(tile + ".png")) == Data(contentsOf: alone))
        // iOS artwork only (the project's file names without android/drawable): nothing to draw.
        let art = folder.appendingPathComponent("own")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        let assets = ProjectFolder.root.appendingPathComponent("LogoAssets")
        for name in try FileManager.default.contentsOfDirectory(atPath: assets.path) where name.hasSuffix(".svg") {
            try FileManager.default.copyItem(at: assets.appendingPathComponent(name), to: art.appendingPathComponent(name))
        }
        let refused = try InProcessCLI.run("gallery", "-o", folder.appendingPathComponent("none").path, "--scale", "1.5", "--logo-assets", art.path)
        #expect(refused.status == 2)
        #expect(refused.stderr == "error: --scale 1.5 is an Android density, and this artwork draws the iOS view only, which takes 1, 2 or 3\n", "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none").path))
    }
}
