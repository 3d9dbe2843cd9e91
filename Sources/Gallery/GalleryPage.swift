import BreakdownEncode
import Foundation
import BreakdownIO

/// The gallery's `index.html`: a contact sheet for the designer who reviews every variant. A
/// section per brand and theme; in each group a grid of equal columns (at least as wide as the
/// group's widest image, or the page) and equal rows; each tile drawn on the page colour of its
/// appearance, its image at its true size (one CSS pixel per point, as on a phone), scrolling
/// sideways inside the tile when wider than the column, unless the page's "fit to column" box
/// scales it down; a caption written for a person, the option words as a tooltip, any warning
/// (e.g. low contrast, as the SDK shows it), and a copyable `breakdown render` command that
/// draws the same image alone.
package enum GalleryPage {
    /// Whether the file at `page` is missing or an `index.html` the gallery wrote (its title).
    static func isGalleryPage(_ page: String) -> Bool { OutputPath.page(at: page, marker: "<title>breakdown gallery</title>") != .someoneElses }

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
            <p class="intro">Every variant of the price breakdown, drawn as the iOS SDK draws it, and in the
            "Android" sections as the Android SDK does (Roboto, its styles and layered logos), each on the page
            colour of its appearance (white in light, black in dark). Images are shown at their true size,
            one CSS pixel per point (dp on Android), as on a phone at 100% zoom: an image wider than its column scrolls
            sideways inside its tile. Hover a caption for the option words; each tile's command draws the
            same image alone. Some combinations are hard to see (a white wordmark on white): the SDK shows
            them so, and the tile says it.
            \(escape(summary))</p>
            <p class="controls"><label><input type="checkbox" id="fit"> Fit to column: scale wide images down
            to their column (they are then smaller than their true size, and each scaled tile says by how much)</label></p>
            <nav>\(sections.map { "<a href=\"#\(anchor($0.title))\">\(escape($0.title))</a>" }.joined(separator: " · "))</nav>

            """
        for section in sections {
            out += "<section id=\"\(anchor(section.title))\">\n<h2>\(escape(section.title))</h2>\n"
            for group in section.groups {
                // One picture height for the group: its tallest image at true size (scaled-down ones only get
                // shorter); columns at least as wide as its widest image and the tile's padding, or the page.
                let tallest = group.tiles.map(\.height).max() ?? 0
                let pictureHeight = Int(max(tallest, 40).rounded(.up)) + 24
                let column = Int(max(group.tiles.map(\.width).max() ?? 0, 280).rounded(.up)) + columnPadding
                out += "<h3>\(escape(group.title))</h3>\n<div class=\"grid\" style=\"--picture-height: \(pictureHeight)px; --column: \(column)px\">\n"
                for tile in group.tiles { out += self.tile(tile) }
                out += "</div>\n"
            }
            out += "</section>\n"
        }
        return out + "<script>\(script)</script>\n</body>\n</html>\n"
    }

    private static func tile(_ tile: GalleryTile) -> String {
        let variant = tile.variant
        let appearance = variant.isDark ? "dark" : "light"
        var picture: String
        var fullSize = ""
        if let file = tile.file {
            let alt = tile.altText ?? variant.caption
            picture = "<a class=\"picture\" href=\"\(escape(file))\"><img src=\"\(escape(file))\" width=\"\(points(tile.width))\""
                + " height=\"\(points(tile.height))\" alt=\"\(escape(alt))\"></a>"
            fullSize = " <a class=\"full\" href=\"\(escape(file))\">\(points(tile.width)) × \(points(tile.height)) pt</a><span class=\"scaled\"></span>"
        } else {
            picture = "<div class=\"picture placeholder\"><strong>Not drawn</strong> \(escape(tile.note ?? "hidden"))</div>"
        }
        let warnings = tile.warnings.map { "<p class=\"warning\">\u{26A0}\u{FE0E} \(escape($0))</p>" }.joined()
        return """
            <figure class="tile \(appearance)\(tile.file == nil ? " missing" : "")" id="\(escape(variant.name))">\(picture)\
            <figcaption><b title="\(escape(variant.optionWords))">\(escape(variant.caption))</b>\(fullSize)\(warnings)\
            <div class="command"><code>\(escape(variant.command))</code><button type="button" class="copy">Copy</button></div>\
            </figcaption></figure>

            """
    }

    /// A column's width beyond its image: the picture's padding (12 px a side) and the tile's border.
    static let columnPadding = 26

    private static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private static func anchor(_ title: String) -> String {
        String(title.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    private static func escape(_ text: String) -> String { HTMLText.escape(text) }

    private static let style = """

        * { box-sizing: border-box; }
        body { font: 14px/1.4 -apple-system, "Inter", "Helvetica Neue", Arial, sans-serif; margin: 16px; color: #1c1c1e; background: #e5e5ea; }
        h1 { font-size: 24px; margin: 0 0 8px; }
        h2 { font-size: 20px; margin: 32px 0 4px; padding-top: 8px; border-top: 1px solid #aeaeb2; }
        h3 { font-size: 15px; margin: 16px 0 8px; color: #3a3a3c; }
        .intro { max-width: 900px; color: #3a3a3c; }
        nav a { color: #0a66c2; }
        .controls { margin: 8px 0; font-size: 13px; }
        .controls label { display: inline-block; padding: 4px 8px; border-radius: 6px; background: #ffffff; border: 1px solid #c7c7cc; cursor: pointer; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, var(--column, 360px)), 1fr)); grid-auto-rows: 1fr; gap: 12px; }
        .tile { margin: 0; min-width: 0; display: flex; flex-direction: column; border-radius: 10px; overflow: hidden; border: 1px solid #c7c7cc; }
        .tile.light { background: #ffffff; color: #1c1c1e; }
        .tile.dark { background: #000000; color: #f2f2f7; border-color: #48484a; }
        .picture { flex: none; min-height: var(--picture-height, 88px); display: flex; align-items: center; padding: 12px; overflow-x: auto; overflow-y: hidden; }
        .picture img { display: block; flex: none; margin: auto; }
        body:has(#fit:checked) .picture { overflow-x: hidden; }
        body:has(#fit:checked) .picture img { flex: 0 1 auto; min-width: 0; max-width: 100%; height: auto; }
        .scaled { font-size: 11px; font-weight: 600; margin-left: 6px; }
        .placeholder { flex-direction: column; gap: 4px; color: #8e8e93; font-size: 13px; text-align: center; overflow-wrap: anywhere;
          background: repeating-linear-gradient(45deg, transparent, transparent 8px, rgba(128, 128, 128, 0.12) 8px, rgba(128, 128, 128, 0.12) 16px); }
        .placeholder strong { display: block; }
        figcaption { flex: 1; padding: 8px 12px 10px; font-size: 13px; border-top: 1px solid rgba(128, 128, 128, 0.3); }
        figcaption b { font-weight: 600; }
        .full { font-size: 11px; color: inherit; opacity: 0.7; white-space: nowrap; }
        .warning { margin: 4px 0 0; padding: 2px 6px; border-radius: 4px; background: #fff4ce; color: #5c4400; font-size: 12px; }
        .command { display: flex; gap: 6px; align-items: flex-start; margin-top: 6px; }
        .command code { flex: 1; min-width: 0; font: 10px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; opacity: 0.75; overflow-wrap: anywhere; user-select: all; }
        @media (max-width: 600px) {
          body { margin: 8px; }
          .picture { padding: 12px 8px; }
          .command code { white-space: nowrap; overflow-x: auto; overflow-wrap: normal; padding-bottom: 2px; }
        }
        .copy { font-size: 11px; padding: 1px 6px; border-radius: 4px; border: 1px solid #8e8e93; background: transparent; color: inherit; cursor: pointer; }

        """

    /// The copy buttons (`HTMLText.copyButtonScript`), and the fit box: on from `?fit` in the address; when on, each scaled tile says its scale.
    private static let script = """

        var fit = document.getElementById('fit');
        function noteScales() {
          document.querySelectorAll('.tile').forEach(function (tile) {
            var image = tile.querySelector('.picture img'), note = tile.querySelector('.scaled');
            if (!image || !note) return;
            var shown = image.getBoundingClientRect().width, size = Number(image.getAttribute('width'));
            note.textContent = fit.checked && shown < size - 0.5 ? 'scaled to ' + Math.round(shown * 100 / size) + '%' : '';
          });
        }
        if (/[?&]fit(=|&|$)/.test(location.search)) fit.checked = true;
        fit.addEventListener('change', noteScales);
        window.addEventListener('resize', noteScales);
        noteScales();

        \(HTMLText.copyButtonScript)

        """
}
