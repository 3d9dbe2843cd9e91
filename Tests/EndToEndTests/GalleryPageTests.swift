@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
@testable import BreakdownDiff
import BreakdownEncode
import BreakdownContent
@testable import BreakdownGallery
import Foundation
import Testing
import BreakdownTestSupport

/// The gallery page as a designer uses it: loads `index.html` and checks every tile's picture,
/// alt text, caption, tooltip and command, and that a tile's command draws the tile's bytes.
@Suite struct GalleryPageTests {
    /// One `<figure>` of the page, taken apart.
    struct Tile {
        var id: String
        var classes: [String]
        var image: String?
        var alt: String?
        var link: String?
        var caption: String
        var tooltip: String
        var command: String
        var width: String?
    }

    static func tiles(_ html: String) -> [Tile] {
        html.components(separatedBy: "<figure class=\"").dropFirst().map { part in
            let figure = String(part.prefix { $0 != "\n" })
            func between(_ start: String, _ end: String) -> String? {
                guard let from = figure.range(of: start), let to = figure.range(of: end, range: from.upperBound..<figure.endIndex)
                else { return nil }
                return unescaped(String(figure[from.upperBound..<to.lowerBound]))
            }
            return Tile(
                id: between("id=\"", "\"") ?? "", classes: String(figure.prefix { $0 != "\"" }).split(separator: " ").map(String.init),
                image: between("<img src=\"", "\""), alt: between(" alt=\"", "\""), link: between("<a class=\"picture\" href=\"", "\""),
                caption: between("\">", "</b>").map { String($0.split(separator: ">").last ?? "") } ?? "",
                tooltip: between("<b title=\"", "\"") ?? "", command: between("<code>", "</code>") ?? "",
                width: between(" width=\"", "\""))
        }
    }

    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Splits a command line as a POSIX shell does for plain words and single quotes.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], current = "", inWord = false, quoted = false, escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if quoted {
                if character == "'" { quoted = false } else { current.append(character) }
            } else if character == "'" {
                quoted = true
                inWord = true
            } else if character == "\\" {
                inWord = true
                escaped = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    @Test func shellWordsSplitLikeAShell() {
        #expect(Self.shellWords("a 'b c' '#FF' 'it'\\''s'") == ["a", "b c", "#FF", "it's"])
    }

    @Test(.timeLimit(.minutes(15))) func pageForDesigners() throws {
        let folder = try BatchTestSupport.temporaryFolder("gallery-page")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Drawing options, as the README says gallery takes them: under every tile.
        let result = try BinaryRunner.run("gallery", "-o", folder.path, "--font-size", "20", "--scale", "1")
        #expect(result.status == 0, "\(result.stderr)")
        // It ends with the page's path, not macOS's `open`.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("index: " + folder.appendingPathComponent("index.html").standardizedFileURL.path))
        #expect(!lines.contains { $0.hasPrefix("open ") })

        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let tiles = Self.tiles(html)
        // 254 of the iOS view (4 of them iOS's accessibility settings, issue 48) and 68 of the Android view.
        #expect(tiles.count == 322)
        #expect(tiles.filter { $0.id.hasPrefix("android-") }.count == 68)
        let byID = Dictionary(tiles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byID.count == tiles.count)

        for tile in tiles {
            #expect(!tile.caption.isEmpty && !tile.tooltip.isEmpty, "\(tile.id)")
            #expect(tile.command.hasPrefix("breakdown render "), "\(tile.id)")
            if let image = tile.image {
                // Linked to the full size; alt is the written text, never VoiceOver's spelling.
                #expect(tile.link == image, "\(tile.id)")
                let alt = try #require(tile.alt, "\(tile.id)")
                #expect(!alt.contains("after pay") && !alt.contains("clear pay") && alt != tile.caption, "\(tile.id): \(alt)")
                // At scale 1 the width in points is the PNG's width in pixels.
                let png = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent(image))), source: image)
                #expect(tile.width == String(png.width), "\(tile.id)")
                // Drawn on its appearance's page colour.
                let corner = png[0, 0]
                let dark = tile.classes.contains("dark")
                #expect(corner == (dark ? [0, 0, 0, 255] : [255, 255, 255, 255]), "\(tile.id): \(corner)")
                #expect(tile.command.contains(dark ? "--background '#000000'" : "--background '#FFFFFF'"), "\(tile.id)")
            } else {
                #expect(tile.classes.contains("missing"), "\(tile.id)")
            }
            // Tiles that set a text size (font size or Dynamic Type size) keep it; the others take the given one.
            if tile.id.hasPrefix("font-size-") {
                #expect(tile.command.contains("--font-size \(tile.id.dropFirst(10))") && !tile.command.contains("--font-size 20"))
            } else if tile.id.hasPrefix("android-font-scale-") {
                #expect(tile.command.contains("--font-scale ") && !tile.command.contains("--font-size"), "\(tile.id)")
            } else if tile.id.hasPrefix("size-") || tile.id == "width-300" {
                #expect(tile.command.contains("--content-size ") && !tile.command.contains("--font-size"), "\(tile.id)")
            } else {
                #expect(tile.command.contains("--font-size 20"), "\(tile.id)")
            }
            #expect(tile.command.contains("--scale 1") && !tile.command.contains("--scale 2"), "\(tile.id)")
        }

        // Captions for a person, option words in the tooltip, alt texts with the written brand.
        let expected: [(id: String, caption: String, tooltip: String, alt: String?)] = [
            (
                "brand-en_AU-in-lockup-darkMono-light", "Lockup, dark mono palette, light appearance", "lockup · darkMono · light",
                "or 4 interest-free payments of $25.00 with Afterpay"
            ),
            (
                "brand-en_GB-in-badge-darkMono-dark", "Badge, dark mono palette, dark appearance", "badge · darkMono · dark",
                "or 4 payments of £25.00 with Clearpay"
            ),
            (
                "brand-en_US-out-compactBadge-alt-light", "Compact badge, alt palette, light appearance", "compactBadge · alt · light",
                "Cash App Afterpay available for orders between $1 – $2,000"
            ),
            ("intro-empty", "No intro word", "intro empty", "4 interest-free payments of $25.00 with Afterpay"),
            ("size-xxxLarge", "Extra extra extra large, 23 pt", "xxxLarge (23 pt)", "or 4 interest-free payments of $25.00 with Afterpay"),
            ("link-none", "No info link", "link none", "or 4 interest-free payments of $25.00 with Afterpay"),
            ("brand-en_GB-hidden-no-config", "No merchant configuration", "no configuration", nil),
        ]
        for item in expected {
            let tile = try #require(byID[item.id], "\(item.id)")
            #expect(tile.caption == item.caption, "\(item.id)")
            #expect(tile.tooltip == item.tooltip, "\(item.id)")
            #expect(tile.alt == item.alt, "\(item.id)")
        }
        #expect(try #require(byID["brand-en_AU-in-badge-default-dark"]).classes == ["tile", "dark"])
        #expect(try #require(byID["brand-en_AU-in-badge-default-light"]).classes == ["tile", "light"])

        // The grid: images at their true size (no max-width unless the fit box is ticked), each
        // group's columns wide enough for its widest image and the tile's padding (12 px a side and
        // a 1 px border), or the whole page when it is narrower.
        #expect(html.contains(".picture img { display: block; flex: none; margin: auto; }"))
        #expect(html.contains("body:has(#fit:checked) .picture img { flex: 0 1 auto; min-width: 0; max-width: 100%; height: auto; }"))
        #expect(html.contains("<input type=\"checkbox\" id=\"fit\"> Fit to column: scale wide images down"))
        #expect(html.contains("minmax(min(100%, var(--column, 360px)), 1fr)") && html.contains("grid-auto-rows: 1fr"))
        #expect(html.contains("overflow-x: auto"))
        let groups = html.components(separatedBy: "<h3>").dropFirst()
        // 21 groups of the iOS view (one of them iOS's accessibility settings), 18 of the Android view.
        #expect(groups.count == 39)
        for group in groups {
            let title = String(group.prefix { $0 != "<" })
            let style = try #require(group.range(of: "--column: "), "\(title)")
            let column = try #require(Int(group[style.upperBound...].prefix { $0.isNumber }), "\(title)")
            let widths = Self.tiles(String(group)).compactMap { $0.width.flatMap(Double.init) }
            #expect(column >= Int((widths.max() ?? 0).rounded(.up)) + 26, "\(title): \(column) for \(widths.max() ?? 0)")
        }
        // The Dynamic Type group grows from 14 pt to 53 pt: so do its images' widths, at true size.
        let dynamic = ContentSizeCategory.allCases.map { byID["size-\($0.rawValue)"]?.width.flatMap(Double.init) ?? 0 }
        #expect(dynamic == dynamic.sorted() && Set(dynamic).count == dynamic.count && (dynamic.last ?? 0) > 3 * (dynamic.first ?? 0))

        // Each tile's command draws the tile's bytes: a plain one, a quoted one, a dark one.
        for id in ["brand-en_GB-in-badge-darkMono-dark", "link-custom", "font-size-12", "more-dynamic-dark", "size-accessibilityLarge"] {
            let tile = try #require(byID[id])
            var words = Self.shellWords(tile.command)
            #expect(words.prefix(2) == ["breakdown", "render"])
            let output = try #require(words.firstIndex(of: "-o"))
            #expect(words[output + 1] == id + ".png")
            let again = folder.appendingPathComponent("again-\(id).png")
            words[output + 1] = again.path
            let run = try BinaryRunner.run(Array(words.dropFirst()))
            #expect(run.status == 0, "\(id): \(run.stderr)")
            #expect(try Data(contentsOf: again) == Data(contentsOf: folder.appendingPathComponent(id + ".png")), "\(id)")
        }
    }

    @Test func warningsAreShownOnTheTile() throws {
        var tile = GalleryTile(variant: try #require(GalleryCatalog.variants.first))
        tile.file = "a.png"
        tile.warnings = ["low contrast — as the SDK shows it"]
        let html = GalleryPage.html([tile], summary: "")
        #expect(html.contains("<p class=\"warning\">\u{26A0}\u{FE0E} low contrast — as the SDK shows it</p>"))
    }

    /// `make gallery LOGO_ASSETS=path` runs the gallery with `--logo-assets path` (a path with a
    /// space stays one word); without it, with the project's artwork. `make -n` prints the
    /// commands without running them.
    @Test func makeGalleryPassesLogoAssets() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let given = try BinaryRunner.run(command: "/usr/bin/make", ["-n", "-s", "-C", root.path, "gallery", "LOGO_ASSETS=/x/a b"])
        #expect(given.status == 0, "\(given.stderr)")
        let line = try #require(given.stdout.split(separator: "\n").last { $0.contains("breakdown gallery") })
        #expect(Self.shellWords(String(line)).suffix(4) == ["-o", "Output", "--logo-assets", "/x/a b"], "\(line)")
        let plain = try BinaryRunner.run(command: "/usr/bin/make", ["-n", "-s", "-C", root.path, "gallery"])
        let plainLine = try #require(plain.stdout.split(separator: "\n").last { $0.contains("breakdown gallery") })
        #expect(!plainLine.contains("--logo-assets"), "\(plainLine)")
    }

    @Test func galleryRejectsUnknownOptionsAndTakesDrawingOnes() throws {
        let help = try BinaryRunner.run("gallery", "--help")
        for option in ["--font-size", "--font-file", "--logo-assets", "--font", "--scale"] { #expect(help.stdout.contains(option)) }
        let bad = try BinaryRunner.run("gallery", "--font-size", "0", "-o", "unused")
        #expect(bad.status == 2)
        #expect(bad.stderr.split(separator: "\n").count == 1)
    }
}
