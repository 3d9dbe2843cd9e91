import BreakdownContent
import BreakdownEncode
@testable import BreakdownGallery
@testable import CLITestSupport
import BreakdownLayout
import BreakdownOptions
import BreakdownPipeline
import BreakdownTestSupport
import Foundation
import Testing

/// The tests of AndroidRenderingTests that start a process; the rest are AndroidRenderingTests, in CLITests.
@Suite(.serialized) struct AndroidRenderingEndToEndTests {
    @Test func theLayersArePaintedFromTheResFolderAsRsvgDrawsThem() throws {
        let res = try AndroidFixture.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: res) }
        // Outside limits: the logo starts the first line, at the image's corner (0, 0).
        let image = try AndroidView.render([
            "--amount", "5000", "--locale", "en_AU", "--currency", "AUD", "--min", "10", "--max", "2000", "--scale", "2",
            "--logo-assets", res.path, "--background", "#FFFFFF",
        ])
        let logo = try #require(image.metadata.logo)
        #expect(logo.x == 0 && logo.y == 0)
        let width = Int(logo.width * 2), height = Int(logo.height * 2)
        let png = res.appendingPathComponent("render.png").path
        try Data(image.bytes).write(to: URL(fileURLWithPath: png))
        // By hand: the pill's layer tinted mint fills the box; the mark's rectangle tinted black.
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 1582 551" preserveAspectRatio="none">
            <rect width="1582" height="551" fill="#FFFFFF"/><rect width="1582" height="551" fill="#B2FCE4"/>
            <rect x="400" y="150" width="782" height="251" fill="#000000"/></svg>
            """
        let svgPath = res.appendingPathComponent("hand.svg").path
        let reference = res.appendingPathComponent("hand.png").path
        try svg.write(toFile: svgPath, atomically: false, encoding: .utf8)
        let converted = try BinaryRunner.run(command: "/usr/bin/rsvg-convert", ["-o", reference, svgPath])
        #expect(converted.status == 0, "\(converted.stderr)")
        let script = """
            import sys
            from PIL import Image
            a = Image.open(sys.argv[1]).convert('RGB'); b = Image.open(sys.argv[2]).convert('RGB')
            a = a.crop((0, 0) + b.size)
            x = a.tobytes(); y = b.tobytes()
            d = [abs(p - q) for p, q in zip(x, y)]
            print(sum(d) / len(d), max(d), a.getpixel((3, b.size[1] // 2)), a.getpixel((b.size[0] // 2, b.size[1] // 2)))
            """
        let output = try PythonScript.output(script, [png, reference])
        let fields = output.split(separator: " ", maxSplits: 2)
        let mean = try #require(Double(String(fields[0])), "\(output)")
        #expect(mean <= 0.5, "\(output)")
        // Mint at the left edge, black in the middle: the tints, not the files' red and black.
        #expect(output.contains("(178, 252, 228) (0, 0, 0)"), "\(output)")
    }

    @Test func theCompactBadgesMarkKeepsItsPixelSizeAndOverflowsAtDensity2() throws {
        let res = try AndroidFixture.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: res) }
        let image = try AndroidView.render([
            "--amount", "5000", "--locale", "en_AU", "--currency", "AUD", "--min", "10", "--max", "2000", "--scale", "2",
            "--logo-assets", res.path, "--background", "#FFFFFF", "--logo", "compactBadge", "--palette", "alt",
        ])
        let logo = try #require(image.metadata.logo)
        // android.md 5.4 at density 2: box 238 × 45 px, mark int(40 × (2297 / 441) × 1.4) = 291 × 56 px,
        // centred: x from (238 − 291) / 2 = −26 to 265, y from (45 − 56) / 2 = −5.
        #expect(Int(logo.width * 2) == 238 && Int(logo.height * 2) == 45, "\(logo)")
        let png = res.appendingPathComponent("compact.png").path
        try Data(image.bytes).write(to: URL(fileURLWithPath: png))
        let script = """
            import sys
            from PIL import Image
            a = Image.open(sys.argv[1]).convert('RGB')
            y = 22
            print(a.getpixel((120, y)), a.getpixel((262, y)), a.getpixel((268, y)))
            """
        let output = try PythonScript.output(script, [png])
        // Alt is mint on black: the mark (mint) covers the pill and reaches x 264, past the box.
        #expect(output.hasPrefix("(178, 252, 228) (178, 252, 228) "), "\(output)")
        #expect(!output.hasSuffix("(178, 252, 228)"), "\(output)")
        // Above the view it is cut at the view's edge, as a parent view clips it: with 10 pt of
        // padding (20 px) the mark would reach y = 20 − 5 = 15 px; row 17 is the page's white.
        let padded = try AndroidView.render([
            "--amount", "5000", "--locale", "en_AU", "--currency", "AUD", "--min", "10", "--max", "2000", "--scale", "2",
            "--logo-assets", res.path, "--background", "#FFFFFF", "--logo", "compactBadge", "--palette", "alt", "--padding", "10",
        ])
        try Data(padded.bytes).write(to: URL(fileURLWithPath: png))
        let edge = try PythonScript.output(
            "import sys\nfrom PIL import Image\na = Image.open(sys.argv[1]).convert('RGB')\nprint(a.getpixel((140, 17)), a.getpixel((140, 22)))", [png])
        #expect(edge == "(255, 255, 255) (178, 252, 228)", "\(edge)")
    }

    @Test func reviewFindings() throws {
        let base = ["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000", "--scale", "2"]
        // The custom link keeps its own spans (android.md 6): a red span stays red (in the link
        // colour's alpha); iOS drops it for the link colour.
        let markup = ["--link-text", "<span foreground=\"#FF0000\">How it works</span>", "--background", "#FFFFFF"]
        func redPixels(_ image: RenderedImage) throws -> Int {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("android-red-\(UUID().uuidString).png")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data(image.bytes).write(to: file)
            let script = "import sys\nfrom PIL import Image\na = Image.open(sys.argv[1]).convert('RGB')\nprint(sum(1 for p in a.getdata() if p[0] > 200 and p[0] - p[1] > 100 and abs(p[1] - p[2]) < 20))"
            return Int(try PythonScript.output(script, [file.path])) ?? -1
        }
        #expect(try redPixels(AndroidView.render(base + markup)) > 50)
        let ios = try RenderRequest(ParsedOptions(arguments: base + markup, groups: AndroidView.groups))
        let iosImage = try BreakdownRenderer().render(ios.breakdown, settings: ios.settings, format: .png)
        #expect(try redPixels(iosImage) == 0)
        // The compact badge's fixed-pixel mark larger than its pill is drawn, and said.
        let compact = try AndroidView.render(base + ["--logo", "compactBadge"])
        #expect(compact.warnings.contains { $0.hasPrefix("the compact badge's mark is a fixed 291 × 56 px") && $0.contains("238 × 45 px pill") })
        #expect(try AndroidView.render(Array(base.dropLast(2)) + ["--logo", "compactBadge", "--scale", "3"]).warnings.isEmpty)
        // A word wider than the view is broken between characters, as StaticLayout does, without a
        // hyphen: a link word at 84 pt, the narrowest width the lockup (a picture, never broken)
        // allows. A price broken across lines is refused (issue 44), and so is a width narrower
        // than the logo (NarrowWidthTests).
        let word = "Somewhereoverthemoon"
        let narrowOptions = ["--amount", "10"] + base.dropFirst(2) + ["--logo", "lockup", "--link-text", word, "--width", "84"]
        let request = try RenderRequest(ParsedOptions(arguments: ["--platform", "android"] + narrowOptions, groups: AndroidView.groups))
        let layout = try BreakdownRenderer().layout(request.view, style: request.settings.style, scale: .x2)
        var texts: [String] = []
        for case .textLine(_, let text, _, let frame) in layout.elements where !text.contains("[logo]") {
            texts.append(text)
            #expect(frame.width <= 84.01, "\(text): \(frame.width)")
        }
        let pieces = texts.filter { word.contains($0) }
        #expect(pieces.count >= 2 && pieces.joined() == word, "the word in whole pieces, in order: \(texts)")
        let first = try #require(pieces.first, "\(texts)")
        // No hyphen is drawn after the broken word: its first line has the ink of its letters only,
        // one mark a letter (none of them has a dot), not one more.
        var band: Rect?
        for case .textLine(_, let text, _, let frame) in layout.elements where text == first { band = frame }
        let line = try #require(band, "\(texts)")
        let narrow = try AndroidView.render(narrowOptions + ["--background", "#FFFFFF"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("android-narrow-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(narrow.bytes).write(to: file)
        let marks = """
            import sys
            from PIL import Image
            a = Image.open(sys.argv[1]).convert('L')
            top, bottom = int(float(sys.argv[2])), int(float(sys.argv[3]))
            dark = {(x, y) for y in range(top, bottom) for x in range(a.size[0]) if a.getpixel((x, y)) < 128}
            blobs = 0
            while dark:
                blobs += 1
                stack = [dark.pop()]
                while stack:
                    x, y = stack.pop()
                    for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1), (x + 1, y + 1), (x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1)):
                        if n in dark:
                            dark.remove(n)
                            stack.append(n)
            print(blobs)
            """
        #expect(try PythonScript.output(marks, [file.path, String(line.y * 2), String(line.maxY * 2)]) == String(first.count), "\(first)")
        // A copy of the project's iOS look-alikes without android/: one line saying so.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("ios-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../LogoAssets").standardized
        for file in try FileManager.default.contentsOfDirectory(atPath: project.path) where file.hasSuffix(".svg") {
            try FileManager.default.copyItem(at: project.appendingPathComponent(file), to: copy.appendingPathComponent(file))
        }
        #expect(throws: (any Error).self) { try AndroidView.render(base + ["--logo-assets", copy.path]) }
        do {
            _ = try AndroidView.render(base + ["--logo-assets", copy.path])
        } catch {
            #expect("\(error)".contains("holds the project's iOS artwork and no android/drawable folder"), "\(error)")
        }
    }
}
