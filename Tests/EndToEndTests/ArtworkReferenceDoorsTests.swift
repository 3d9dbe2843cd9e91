import Foundation
import Testing
import BreakdownTestSupport

/// An SVG logo that points at a file beside it is refused by every command, in the same one line
/// naming the file, what it references and what is accepted: `render` (exit 2, no image),
/// `batch` (the record failed, exit 1, no image), `assets` (the name listed as not drawable,
/// exit 1) and `serve` (exit 2, never listens).
@Suite struct ArtworkReferenceDoorsTests {
    @Test func everyCommandRefusesAnSVGThatReferencesAFile() throws {
        let root = try BatchTestSupport.temporaryFolder("artwork-references")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("off-ext")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // One opaque blue pixel: a file librsvg could draw, were it to fetch it.
        let pixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/5ncLrgAAAABJRU5ErkJggg=="
        try Data(base64Encoded: pixel)!.write(to: folder.appendingPathComponent("red.png"))
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 35">\
            <rect width="100" height="35" rx="17" fill="#000"/><image x="10" y="5" width="80" height="25" xlink:href="red.png"/></svg>
            """
        try Data(svg.utf8).write(to: folder.appendingPathComponent("badge-afterpay-mint-on-black.svg"))
        let message =
            "badge-afterpay-mint-on-black.svg in the folder of image files \(folder.path): the SVG references 'red.png' (xlink:href); artwork may point only at its own elements (#id) and at PNG or JPEG images embedded as data: URLs"

        let output = root.appendingPathComponent("off-ext.png")
        let render = try ArtworkBoundsTests.bounded(["render", "--amount", "100", "--logo-assets", folder.path, "--scale", "2", "-o", output.path])
        #expect(render.status == 2, "\(render.status) \(render.stderr)")
        #expect(render.stderr.split(separator: "\n").count == 1 && render.stderr.contains(message), "\(render.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "no image")

        let assets = try ArtworkBoundsTests.bounded(["assets", folder.path])
        #expect(assets.status == 1 && assets.stdout.contains(message), "\(assets.status) \(assets.stdout) \(assets.stderr)")

        let manifest = root.appendingPathComponent("manifest.csv")
        try Data("name,amount\none,100\n".utf8).write(to: manifest)
        let images = root.appendingPathComponent("images")
        let batch = try ArtworkBoundsTests.bounded(["batch", manifest.path, "--logo-assets", folder.path, "-o", images.path])
        #expect(batch.status == 1 && batch.stderr.contains(message), "\(batch.status) \(batch.stderr)")
        #expect(!FileManager.default.fileExists(atPath: images.appendingPathComponent("one.png").path), "no image")

        let serve = try ArtworkBoundsTests.bounded(["serve", "--allow-unsigned", "--port", "0", "--logo-assets", folder.path])
        #expect(serve.status == 2 && serve.stderr.contains(message), "\(serve.status) \(serve.stderr)")
        #expect(serve.stdout.isEmpty, "serve never listened: \(serve.stdout)")
    }
}
