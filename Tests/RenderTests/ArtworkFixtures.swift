import BreakdownContent
import BreakdownEncode
import BreakdownPaint
import CPangoCairo
import Foundation

/// Small official-style artwork made in the test: solid-colour PDFs drawn with Cairo, SVGs, PNG
/// sets, asset catalogs with `Contents.json` files, and broken ones. Each test gets its own folder.
enum ArtworkFixtures {
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-artwork-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A one-page PDF of `width` × `height` points filled with `color`, written by Cairo.
    static func pdf(width: Double, height: Double, color: RGBAColor) throws -> Data {
        let surface = try CairoSurface.pdf(width: width, height: height)
        let context = try CairoContext(surface: surface)
        let c = color.fractions
        cairo_set_source_rgb(context.pointer, c.red, c.green, c.blue)
        cairo_paint(context.pointer)
        try context.check()
        return try surface.finish()
    }

    /// An SVG with a viewBox of `width` × `height` filled with `color`.
    static func svg(width: Double, height: Double, color: RGBAColor) -> Data {
        Data(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) \(height)"><rect width="\(width)" height="\(height)" fill="\(color)"/></svg>
            """.utf8)
    }

    /// A PNG of `width` × `height` pixels filled with `color`.
    static func png(width: Int, height: Int, color: RGBAColor) throws -> Data {
        let image = PixelImage(width: width, height: height, filledWith: SIMD4(color.red, color.green, color.blue, 255))
        return Data(try PNGEncoder().encode(image))
    }

    /// `Contents.json` of an imageset listing `files` (name, optional scale) for the universal idiom.
    static func contents(_ files: [(name: String, scale: String?)]) -> Data {
        let images = files.map { file in
            "{\"filename\": \"\(file.name)\", \"idiom\": \"universal\"" + (file.scale.map { ", \"scale\": \"\($0)\"" } ?? "") + "}"
        }
        return Data("{\"images\": [\(images.joined(separator: ", "))], \"info\": {\"author\": \"xcode\", \"version\": 1}}".utf8)
    }

    /// Writes `NAME.imageset/` with `files` and their `Contents.json` under `group` in `catalog`.
    static func imageset(_ name: String, in catalog: URL, group: String = "images", files: [(name: String, scale: String?, data: Data)])
        throws
    {
        let folder = catalog.appendingPathComponent(group).appendingPathComponent("\(name).imageset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in files { try file.data.write(to: folder.appendingPathComponent(file.name)) }
        try contents(files.map { ($0.name, $0.scale) }).write(to: folder.appendingPathComponent("Contents.json"))
    }

    /// An empty catalog folder `NAME.xcassets` with its top `Contents.json`.
    static func catalog(in folder: URL, name: String = "Assets") throws -> URL {
        let catalog = folder.appendingPathComponent("\(name).xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data("{\"info\": {\"author\": \"xcode\", \"version\": 1}}".utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        return catalog
    }
}
