import BreakdownContent
import BreakdownEncode
@testable import BreakdownGallery
import BreakdownLayout
import BreakdownOptions
import BreakdownPipeline
import BreakdownTestSupport
import Foundation
import Testing

/// The Android view drawn (`--platform android`): sizes and positions from android.md's rules
/// (sections 4, 5.3–5.5, 8) with Roboto's own numbers, and the layers painted from a res folder
/// of our own VectorDrawables, compared pixel by pixel with `rsvg-convert` of SVG written by hand.
///
/// Roboto-Regular.ttf (Debian fonts-roboto), read with Python's struct module: 2048 units per em,
/// hhea ascender 1900 and descender −500, head yMax 2163 and yMin −555. Symbola (the fallback of ⓘ):
/// hhea 1896 / −700. At 14 dp and density 2 (28 px): ascent round(−25.98) = −26, descent
/// round(6.84) = 7, font height 32.8125 px, top floor(−29.57) = −30, bottom ceil(7.59) = 8;
/// Symbola's descent round(9.57) = 10.
@Suite(.serialized) struct AndroidRenderingTests {
    static let groups = [ContentOptions.group, RenderOptions.drawing]

    static func render(_ arguments: [String], format: OutputFormat = .png) throws -> RenderedImage {
        let request = try RenderRequest(ParsedOptions(arguments: ["--platform", "android"] + arguments, groups: groups))
        let renderer = try BreakdownRenderer(fontFiles: request.fontFiles, logoAssets: request.logoAssets)
        return try renderer.render(request.view, settings: request.settings, format: format)
    }

    @Test func aBadgeLineIsAsTallAsTheBadgeAndCentredOnTheMidpoint() throws {
        let image = try Self.render(["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000", "--scale", "2"])
        let metadata = image.metadata
        // Badge: height int(32.8125 × 2.5) = 82 px, width int(82.03 × 1582 / 551) = 235 px.
        let logo = try #require(metadata.logo)
        #expect(logo.height * 2 == 82 && logo.width * 2 == 235, "\(logo)")
        // Centre line c = (−26 + 7) / 2 = −9 (toward zero); the badge spans c − 41 … c + 41: −50 … 32,
        // so the line (and the image: one line, no spacing below the last) is 82 px, baseline at 50.
        #expect(metadata.pixelSize.height == 82)
        #expect(metadata.baselines.map { $0 * 2 } == [50])
        #expect(logo.y == 0)
    }

    @Test func wrappedLinesGetAndroidsLineSpacingAndFallbackLineHeight() throws {
        let base = ["--amount", "5000", "--locale", "en_AU", "--currency", "AUD", "--min", "10", "--max", "2000", "--width", "300", "--scale", "2"]
        let withInfo = try Self.render(base).metadata
        // Line 1 (the badge's): 82 px plus round(0.2 × 82) = 16 px of spacing; line 2 starts at 98 px
        // and its baseline is 26 px lower (its ascent; font padding only tops the first line).
        #expect(withInfo.baselines.map { $0 * 2 } == [50, 124], "\(withInfo.baselines)")
        // Line 2 is the last: it ends at the larger of the font's bottom (8) and ⓘ's fallback
        // font's descent (10): 124 + 10.
        #expect(withInfo.pixelSize.height == 134)
        let noLink = try Self.render(base + ["--link-style", "none"]).metadata
        // Without ⓘ: the font's bottom, 8 px (font padding below the last line).
        #expect(noLink.baselines.map { $0 * 2 } == [50, 124])
        #expect(noLink.pixelSize.height == 132)
        #expect(noLink.link == nil && withInfo.link != nil)
    }

    @Test func aLockupLineGetsTheFontPaddingAboveAndBelow() throws {
        let base = ["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000", "--scale", "2", "--logo", "lockup"]
        // The lockup: int(32.8125 × 1.0) = 32 px, spanning c ± 16 = −25 … 7, inside the font box.
        // The only line is the first and the last: it runs from the top (−30) to the bottom (8).
        let none = try Self.render(base + ["--link-style", "none"]).metadata
        #expect(try #require(none.logo).height * 2 == 32)
        #expect(none.pixelSize.height == 38 && none.baselines.map { $0 * 2 } == [30], "\(none)")
        // The lockup's top is c − 16 = −25 below the baseline at 30: 5 px from the top.
        #expect(try #require(none.logo).y * 2 == 5)
        // With ⓘ the line reaches Symbola's descent (10) instead of the bottom (8).
        let info = try Self.render(base).metadata
        #expect(info.pixelSize.height == 40 && info.baselines.map { $0 * 2 } == [30], "\(info)")
    }

    @Test func theGalleryHasAndroidTilesAndGivesEachPlatformItsOwnOptions() throws {
        let all = GalleryCatalog.variants(drawing: [("content-size", "large"), ("font-scale", "1.3")])
        let android = all.filter { $0.platform == .android }
        let ios = all.filter { $0.platform == .ios }
        #expect(android.count > 40 && ios.count > 100)
        #expect(android.allSatisfy { variant in !variant.options.contains { $0.key == "content-size" } })
        #expect(ios.allSatisfy { variant in !variant.options.contains { $0.key == "font-scale" } })
        #expect(ios.contains { variant in variant.options.contains { $0.key == "content-size" } })
        #expect(android.contains { variant in variant.options.contains { $0.key == "font-scale" && $0.value == "1.3" } })
        #expect(GalleryCatalog.variants(drawing: [], platforms: [.ios]).allSatisfy { $0.platform == .ios })
        #expect(GalleryCatalog.variants(drawing: [], platforms: [.android]).allSatisfy { $0.platform == .android })
        // Every Android tile is a request the Android view accepts.
        for variant in android {
            let record = Dictionary(uniqueKeysWithValues: variant.options.map { ($0.key, $0.value) })
            let request = try RenderRequest(ParsedOptions(record: record, groups: Self.groups))
            #expect(request.view.platform == .android, "\(variant.name)")
        }
    }

    @Test func fontScaleIsAndroid14sNonLinearScale() throws {
        // 14 sp at font scale 2.0 is 26 dp (not 28): 52 px at density 2, font height 60.94 px,
        // badge int(152.34) = 152 px.
        let image = try Self.render(["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000", "--scale", "2", "--font-scale", "2"])
        #expect(try #require(image.metadata.logo).height * 2 == 152)
        let linear = try Self.render(["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000", "--scale", "2", "--font-size", "28"])
        // 28 dp: font height 65.625 px, badge int(164.06) = 164 px.
        #expect(try #require(linear.metadata.logo).height * 2 == 164)
    }

    @Test func theLayersArePaintedFromTheResFolderAsRsvgDrawsThem() throws {
        let res = try AndroidFixture.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: res) }
        // Outside limits: the logo starts the first line, at the image's corner (0, 0).
        let image = try Self.render([
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
        let image = try Self.render([
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
        let padded = try Self.render([
            "--amount", "5000", "--locale", "en_AU", "--currency", "AUD", "--min", "10", "--max", "2000", "--scale", "2",
            "--logo-assets", res.path, "--background", "#FFFFFF", "--logo", "compactBadge", "--palette", "alt", "--padding", "10",
        ])
        try Data(padded.bytes).write(to: URL(fileURLWithPath: png))
        let edge = try PythonScript.output(
            "import sys\nfrom PIL import Image\na = Image.open(sys.argv[1]).convert('RGB')\nprint(a.getpixel((140, 17)), a.getpixel((140, 22)))", [png])
        #expect(edge == "(255, 255, 255) (178, 252, 228)", "\(edge)")
    }

    @Test func resFoldersAndAndroidOptionsAreRefusedWhereTheyDoNotApply() throws {
        let res = try AndroidFixture.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: res) }
        let groups = Self.groups
        func problem(_ arguments: [String]) -> String? {
            do {
                let request = try RenderRequest(ParsedOptions(arguments: arguments, groups: groups))
                let renderer = try BreakdownRenderer(fontFiles: request.fontFiles, logoAssets: request.logoAssets)
                _ = try renderer.render(request.view, settings: request.settings, format: .png)
                return nil
            } catch {
                return "\(error)"
            }
        }
        let amount = ["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000"]
        #expect(problem(amount + ["--logo-assets", res.path])?.contains("Android SDK's res folder: it draws the Android view only") == true)
        #expect(problem(amount + ["--font-scale", "1.5"])?.contains("--font-scale is Android's font size setting") == true)
        #expect(problem(["--platform", "android"] + amount + ["--content-size", "large"])?.contains("--content-size is iOS's Dynamic Type") == true)
        #expect(problem(["--platform", "android"] + amount + ["--tracking", "sf"])?.contains("--tracking is iOS's letter spacing") == true)
        #expect(problem(["--platform", "android"] + amount + ["--font-scale", "3"]) != nil)
        // A folder of the iOS SDK's image files has no Android drawables.
        let images = res.appendingPathComponent("ios-images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"4\"/>".write(
            to: images.appendingPathComponent("badge-afterpay-black-on-mint.svg"), atomically: false, encoding: .utf8)
        #expect(problem(["--platform", "android"] + amount + ["--logo-assets", images.path])?.contains("is iOS artwork (folder of image files)") == true)
        // The project's own folder holds both: the iOS look-alikes and LogoAssets/android.
        #expect(problem(["--platform", "android"] + amount + ["--logo-assets", "LogoAssets"]) == nil)
        // The res folder draws the Android view (a badge needs only its two layers).
        #expect(problem(["--platform", "android"] + amount + ["--logo-assets", res.path]) == nil)
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
        #expect(try redPixels(Self.render(base + markup)) > 50)
        let ios = try RenderRequest(ParsedOptions(arguments: base + markup, groups: Self.groups))
        let iosImage = try BreakdownRenderer().render(ios.breakdown, settings: ios.settings, format: .png)
        #expect(try redPixels(iosImage) == 0)
        // The compact badge's fixed-pixel mark larger than its pill is drawn, and said.
        let compact = try Self.render(base + ["--logo", "compactBadge"])
        #expect(compact.warnings.contains { $0.hasPrefix("the compact badge's mark is a fixed 291 × 56 px") && $0.contains("238 × 45 px pill") })
        #expect(try Self.render(Array(base.dropLast(2)) + ["--logo", "compactBadge", "--scale", "3"]).warnings.isEmpty)
        // A word wider than the view is broken between characters, as StaticLayout does, without a
        // hyphen: a link word at 84 pt, the narrowest width the lockup (a picture, never broken)
        // allows. A price broken across lines is refused (issue 44), and so is a width narrower
        // than the logo (NarrowWidthTests).
        let word = "Somewhereoverthemoon"
        let narrowOptions = ["--amount", "10"] + base.dropFirst(2) + ["--logo", "lockup", "--link-text", word, "--width", "84"]
        let request = try RenderRequest(ParsedOptions(arguments: ["--platform", "android"] + narrowOptions, groups: Self.groups))
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
        let narrow = try Self.render(narrowOptions + ["--background", "#FFFFFF"])
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
        #expect(throws: (any Error).self) { try Self.render(base + ["--logo-assets", copy.path]) }
        do {
            _ = try Self.render(base + ["--logo-assets", copy.path])
        } catch {
            #expect("\(error)".contains("holds the project's iOS artwork and no android/drawable folder"), "\(error)")
        }
    }

    @Test func iosOutputIgnoresTheAndroidFields() throws {
        // The same request without --platform is the iOS view: its own logo rule (1.8 × the font
        // height, at least 64 pt), not the Android badge.
        let request = try RenderRequest(
            ParsedOptions(arguments: ["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000"], groups: Self.groups))
        #expect(request.view.platform == .ios)
        let android = try RenderRequest(
            ParsedOptions(arguments: ["--platform", "android", "--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000"], groups: Self.groups))
        #expect(android.view.platform == .android)
        #expect(android.breakdown.accessibilityLabel == "or 4 interest-free payments of $25.00 with After pay")
        #expect(android.settings.style.fontFamily == "Roboto" && android.settings.style.fontSize == 14)
    }
}
