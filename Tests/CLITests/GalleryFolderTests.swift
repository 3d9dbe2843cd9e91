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
}
