import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import Foundation

/// The gallery's `index.html`: a contact sheet with a section per brand and theme, each tile
/// labelled with its options and the equivalent `breakdown render` command, images at their
/// size in points (the 2x PNGs then look as on a phone), dark variants on a dark ground.
package enum GalleryPage {
    package static func html(_ tiles: [GalleryTile], summary: String) -> String {
        var sections: [(title: String, groups: [(title: String, tiles: [GalleryTile])])] = []
        for tile in tiles {
            if sections.last?.title != tile.variant.section { sections.append((tile.variant.section, [])) }
            if sections[sections.count - 1].groups.last?.title != tile.variant.group {
                sections[sections.count - 1].groups.append((tile.variant.group, []))
            }
            let last = sections[sections.count - 1].groups.count - 1
            sections[sections.count - 1].groups[last].tiles.append(tile)
        }
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>breakdown gallery</title>
            <style>\(style)</style>
            </head>
            <body>
            <h1>Afterpay price breakdown: gallery</h1>
            <p class="intro">Every image is a 2x PNG shown at its size in points, as a phone shows it. Each tile
            names its options and the <code>breakdown render</code> command that draws it alone.
            \(escape(summary))</p>
            <nav>\(sections.map { "<a href=\"#\(anchor($0.title))\">\(escape($0.title))</a>" }.joined(separator: " · "))</nav>

            """
        for section in sections {
            out += "<section id=\"\(anchor(section.title))\">\n<h2>\(escape(section.title))</h2>\n"
            for group in section.groups {
                out += "<h3>\(escape(group.title))</h3>\n<div class=\"grid\">\n"
                for tile in group.tiles { out += self.tile(tile) }
                out += "</div>\n"
            }
            out += "</section>\n"
        }
        return out + "</body>\n</html>\n"
    }

    private static func tile(_ tile: GalleryTile) -> String {
        let variant = tile.variant
        var body: String
        if let file = tile.file {
            body = "<img src=\"\(escape(file))\" width=\"\(points(tile.width))\" height=\"\(points(tile.height))\" alt=\"\(escape(variant.title))\">"
        } else {
            body = "<div class=\"placeholder\"><strong>Not drawn</strong><br>\(escape(tile.note ?? "hidden"))</div>"
        }
        let kind = tile.file == nil ? "missing" : variant.isDark ? "dark" : "light"
        body = "<div class=\"picture\">\(body)</div>" + tile.warnings.map { "<p class=\"warning\">\(escape($0))</p>" }.joined()
        return """
            <figure class="tile \(kind)">\(body)<figcaption><b>\(escape(variant.title))</b>\
            <code>\(escape(variant.command))</code></figcaption></figure>

            """
    }

    private static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private static func anchor(_ title: String) -> String {
        String(title.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    private static func escape(_ text: String) -> String { HTMLText.escape(text) }

    private static let style = """

        body { font: 14px/1.4 -apple-system, "Inter", "Helvetica Neue", Arial, sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
        h1 { font-size: 24px; margin: 0 0 8px; }
        h2 { font-size: 20px; margin: 32px 0 4px; padding-top: 8px; border-top: 1px solid #c7c7cc; }
        h3 { font-size: 15px; margin: 16px 0 8px; color: #3a3a3c; }
        .intro { max-width: 900px; color: #3a3a3c; }
        nav a { color: #0a66c2; }
        .grid { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        .tile { margin: 0; padding: 10px; border-radius: 10px; background: #ffffff; border: 1px solid #d1d1d6; max-width: calc(100% - 22px); box-sizing: content-box; }
        .tile.dark { background: #000000; border-color: #3a3a3c; color: #f2f2f7; }
        .tile.missing { background: repeating-linear-gradient(45deg, #fafafa, #fafafa 8px, #f0f0f3 8px, #f0f0f3 16px); border-style: dashed; }
        .picture { display: block; overflow-x: auto; }
        .picture img { display: block; }
        .placeholder { min-width: 240px; padding: 12px; color: #6e6e73; font-size: 13px; }
        figcaption { margin-top: 6px; font-size: 12px; max-width: 520px; }
        figcaption b { display: block; }
        figcaption code { display: block; font: 10px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; color: #6e6e73; overflow-wrap: anywhere; margin-top: 2px; }
        .tile.dark figcaption code { color: #aeaeb2; }

        """
}
