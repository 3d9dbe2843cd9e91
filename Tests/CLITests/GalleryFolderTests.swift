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
}
