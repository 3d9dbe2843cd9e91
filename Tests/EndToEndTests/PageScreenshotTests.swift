@testable import BreakdownBatch
import BreakdownDiff
import BreakdownEncode
import Foundation
import Testing
import BreakdownTestSupport

/// The gallery and the verify report as a person sees them: each page opened in headless Chromium
/// (Debian's `chromium`, installed by `make deps`) at 1280 and 390 CSS pixels, parts of it
/// screenshotted with `Tools/page-shots.py`, and the screenshots' pixels checked: what is light or
/// dark, how big the sentence is on screen, where the box of differences is.
@Suite(.serialized) struct PageScreenshotTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// An element's box in page pixels, and what it shows.
    struct Box: Decodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var text: String?
    }

    struct Shots {
        var boxes: [String: Box]
        var images: [String: PixelImage]

        func image(_ name: String) throws -> PixelImage { try #require(images[name], "no screenshot \(name)") }
        func box(_ name: String) throws -> Box { try #require(boxes[name], "no box \(name)") }
    }

    /// Screenshots of the elements `parts` names (name → CSS selector) at `width`, after clicking
    /// `click` if given.
    static func shots(_ page: URL, width: Int, _ parts: [String: String], click: String? = nil, in folder: URL) throws -> Shots {
        let out = folder.appendingPathComponent("shots-\(width)-\(click == nil ? "plain" : "clicked")")
        var arguments = [root.appendingPathComponent("Tools/page-shots.py").path, page.absoluteString, String(width), out.path]
        arguments += parts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if let click { arguments += ["--click", click] }
        let result = try BinaryRunner.run(command: "/usr/bin/python3", arguments)
        #expect(result.status == 0, "page-shots: \(result.stderr) (chromium is installed by make deps)")
        struct Report: Decodable { var elements: [String: Box] }
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        var images: [String: PixelImage] = [:]
        for name in parts.keys {
            images[name] = try PNGDecoder.decode(fileAtPath: out.appendingPathComponent(name + ".png").path)
        }
        return Shots(boxes: report.elements, images: images)
    }

    /// The bounding box of the pixels that differ from `background` by more than 60 in a channel
    /// (the drawing on it), in the image's pixels; nil when there are none.
    /// With `span`, only the `span` columns from the first one with ink (the sentence's start).
    static func ink(_ image: PixelImage, on background: SIMD4<UInt8>, span: Int? = nil) -> (x: Int, y: Int, width: Int, height: Int)? {
        var columns = 0..<image.width
        if let span {
            guard let whole = ink(image, on: background) else { return nil }
            columns = whole.x..<min(image.width, whole.x + span)
        }
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<image.height {
            for x in columns {
                let pixel = image[x, y]
                var differs = false
                for channel in 0..<3 where abs(Int(pixel[channel]) - Int(background[channel])) > 60 { differs = true }
                if differs {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                }
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// The colour most pixels have.
    static func commonest(_ image: PixelImage) -> SIMD4<UInt8> {
        var counts: [SIMD4<UInt8>: Int] = [:]
        for y in 0..<image.height { for x in 0..<image.width { counts[image[x, y], default: 0] += 1 } }
        return counts.max { $0.value < $1.value }!.key
    }

    static func count(_ image: PixelImage, where test: (SIMD4<UInt8>) -> Bool) -> Int {
        var total = 0
        for y in 0..<image.height { for x in 0..<image.width where test(image[x, y]) { total += 1 } }
        return total
    }

    static let white = SIMD4<UInt8>(255, 255, 255, 255)
    static let black = SIMD4<UInt8>(0, 0, 0, 255)
    /// White text on black, antialiased: every channel over half.
    static func isWhiteText(_ pixel: SIMD4<UInt8>) -> Bool { pixel[0] > 128 && pixel[1] > 128 && pixel[2] > 128 }
    /// The report's box (#FF2D55), not the green or black of the pictures.
    static func isBoxRed(_ pixel: SIMD4<UInt8>) -> Bool { pixel[0] > 200 && pixel[1] < 110 && pixel[2] < 150 }
    static func isNear(_ pixel: SIMD4<UInt8>, _ colour: SIMD4<UInt8>) -> Bool {
        (0..<3).allSatisfy { abs(Int(pixel[$0]) - Int(colour[$0])) <= 8 }
    }

    @Test(.timeLimit(.minutes(15))) func galleryAtTrueSizeOnAScreen() throws {
        let folder = try BatchTestSupport.temporaryFolder("gallery-screen")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gallery = try BinaryRunner.run("gallery", "-o", folder.path, "--quiet")
        #expect(gallery.status == 0, "\(gallery.stderr)")
        let page = folder.appendingPathComponent("index.html")
        // The gallery's PNGs are at scale 2: W pixels are W/2 points, shown as W/2 CSS pixels.
        let standardPNG = try PNGDecoder.decode(fileAtPath: folder.appendingPathComponent("brand-en_AU-in-badge-default-light.png").path)
        let standardInk = try #require(Self.ink(standardPNG, on: Self.white))
        let standardPNGStart = try #require(Self.ink(standardPNG, on: Self.white, span: 68))
        let parts = [
            "small": "#size-xSmall .picture", "big": "#size-accessibilityExtraExtraExtraLarge .picture",
            "smallImage": "#size-xSmall .picture img", "bigImage": "#size-accessibilityExtraExtraExtraLarge .picture img",
            "standard": "#brand-en_AU-in-badge-default-light .picture", "dark": "#brand-en_AU-in-badge-default-dark .picture",
        ]
        // Their sizes in points, from the PNGs the gallery wrote at scale 2 (not from the page).
        func points(_ name: String) throws -> Double {
            Double(try PNGDecoder.decode(fileAtPath: folder.appendingPathComponent(name + ".png").path).width) / 2
        }
        let bigPoints = try points("size-accessibilityExtraExtraExtraLarge"), smallPoints = try points("size-xSmall")
        for width in [1280, 390] {
            let shots = try Self.shots(page, width: width, parts, in: folder)
            let small = try #require(Self.ink(try shots.image("small"), on: Self.white), "\(width)")
            let big = try #require(Self.ink(try shots.image("big"), on: Self.white), "\(width)")
            // 53 pt against 14 pt: the sentence's first two ems on screen ("or 4" in Inter, about
            // 1.9 em: the 4's height) are over 3 times as tall (53/14 = 3.8, less antialiasing);
            // the image is wider, and at 1280 its ink too (at 390 both are cut at the tile's edge
            // and scroll).
            let smallStart = try #require(Self.ink(try shots.image("small"), on: Self.white, span: 28))
            let bigStart = try #require(Self.ink(try shots.image("big"), on: Self.white, span: 106))
            #expect(bigStart.height > 3 * smallStart.height, "\(width): \(bigStart) vs \(smallStart)")
            // One CSS pixel a point (within the half pixel an odd PNG width leaves).
            #expect(abs(try shots.box("bigImage").width - bigPoints) <= 0.5, "\(width): \(bigPoints)")
            #expect(abs(try shots.box("smallImage").width - smallPoints) <= 0.5, "\(width): \(smallPoints)")
            if width == 1280 { #expect(big.width > small.width + 300, "\(big) vs \(small)") }
            // True size: the standard tile's sentence starts as tall on screen as in its PNG at
            // scale 2 (within a pixel of rounding); at 1280 the whole drawing is as wide too, at
            // 390 it is cut by the tile (and scrolls).
            let standardShot = try shots.image("standard")
            let standard = try #require(Self.ink(standardShot, on: Self.white), "\(width)")
            let standardStart = try #require(Self.ink(standardShot, on: Self.white, span: 34))
            #expect(abs(Double(standardStart.height) - Double(standardPNGStart.height) / 2) <= 1.5, "\(width): \(standardStart) vs \(standardPNGStart)")
            if width == 1280 {
                #expect(abs(Double(standard.width) - Double(standardInk.width) / 2) <= 1.5, "\(standard) vs \(standardInk)")
                #expect(abs(Double(standard.height) - Double(standardInk.height) / 2) <= 1.5, "\(standard) vs \(standardInk)")
            } else {
                #expect(Double(standard.width) < Double(standardInk.width) / 2 - 50, "\(standard) vs \(standardInk)")
                #expect(try shots.box("standard").width <= 374)
            }
            // A dark tile: a black page colour around white text.
            let dark = try shots.image("dark")
            #expect(Self.commonest(dark) == Self.black, "\(width)")
            #expect(Self.count(dark, where: Self.isWhiteText) > 400, "\(width)")
        }
        // The fit box scales the 53 pt image into its column at 390, and says by how much.
        let fitted = try Self.shots(page, width: 390, ["bigImage": parts["bigImage"]!, "big": "#size-accessibilityExtraExtraExtraLarge"], click: "#fit", in: folder)
        let shown = try fitted.box("bigImage").width
        #expect(shown < 374)
        let percent = Int((shown * 100 / bigPoints).rounded())
        #expect(try fitted.box("big").text?.contains("scaled to \(percent)%") == true, "\(String(describing: fitted.boxes["big"]?.text))")
        let bigFitted = try #require(Self.ink(try fitted.image("bigImage"), on: Self.white))
        #expect(bigFitted.width < 374)
    }

    @Test(.timeLimit(.minutes(15))) func verifyReportShowsDarkImagesOnBlack() throws {
        let folder = try BatchTestSupport.temporaryFolder("verify-screen")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson"), references = folder.appendingPathComponent("refs")
        let report = folder.appendingPathComponent("report")
        // A dark record with no background (transparent: white text) and a light one.
        func write(_ dark: String, _ light: String) throws {
            let lines = [
                // A fixed width: the two prices' images are the same size whatever their digits' widths.
                #"{"name": "us-dark", "amount": "\#(dark)", "locale": "en_US", "appearance": "dark", "scale": 2, "width": 560}"#,
                #"{"name": "au", "amount": "\#(light)", "scale": 2}"#,
            ]
            try Data(lines.joined(separator: "\n").utf8).write(to: manifest)
        }
        try write("40", "100")
        #expect(try BinaryRunner.run("verify", manifest.path, "--reference", references.path, "--record").status == 0)
        try write("41", "120")
        let verified = try BinaryRunner.run("verify", manifest.path, "--reference", references.path, "--report", report.path)
        #expect(verified.status == 1, "\(verified.stdout)\(verified.stderr)")

        // The differing pixels' box, found here from the two images.
        let reference = try PNGDecoder.decode(fileAtPath: report.appendingPathComponent("us-dark.reference.png").path)
        let actual = try PNGDecoder.decode(fileAtPath: report.appendingPathComponent("us-dark.actual.png").path)
        #expect(reference.width == actual.width && reference.height == actual.height)
        var left = Int.max, right = -1
        for y in 0..<reference.height {
            for x in 0..<reference.width where reference[x, y] != actual[x, y] {
                left = min(left, x)
                right = max(right, x)
            }
        }
        #expect(right > left)

        let page = report.appendingPathComponent("index.html")
        let parts = [
            "referenceFrame": "#us-dark figure.reference .frame", "actualFrame": "#us-dark figure.actual .frame",
            "reference": "#us-dark figure.reference", "actual": "#us-dark figure.actual", "light": "#au figure.actual .frame",
        ]
        for width in [1280, 390] {
            let shots = try Self.shots(page, width: width, parts, in: folder)
            for kind in ["reference", "actual"] {
                let frame = try shots.image(kind + "Frame")
                // On black, the white sentence stands out: most pixels are the page colour, and
                // hundreds are white text (the sentence's 40 letters, 17 pt, shown at 1x or smaller).
                #expect(Self.commonest(frame) == Self.black, "\(width) \(kind)")
                #expect(Self.count(frame, where: Self.isWhiteText) > 250, "\(width) \(kind)")
                // The red box around the differences, on this image: its left edge where the first
                // differing pixel is (at the image's scale on screen), less the box's 3 px offset and 2 px line.
                let figure = try shots.image(kind), figureBox = try shots.box(kind)
                let frameBox = try shots.box(kind + "Frame")
                let red = try #require(Self.redExtent(figure), "\(width) \(kind): no box")
                let perPixel = frameBox.width / Double(reference.width)
                let expectedLeft = frameBox.x - figureBox.x + Double(left) * perPixel - 5
                #expect(abs(Double(red.minX) - expectedLeft) <= 3, "\(width) \(kind): box at \(red.minX), expected \(expectedLeft)")
                #expect(red.count > 100, "\(width) \(kind)")
            }
            #expect(Self.commonest(try shots.image("light")) == Self.white, "\(width)")
        }
        // The checkerboard is there only when asked for: then the dark image's ground is no longer black.
        let checkered = try Self.shots(page, width: 1280, ["referenceFrame": parts["referenceFrame"]!], click: "#checker", in: folder)
        let frame = try checkered.image("referenceFrame")
        #expect(!Self.isNear(Self.commonest(frame), Self.black))
    }

    /// The leftmost column of the report box's red pixels, and how many there are.
    static func redExtent(_ image: PixelImage) -> (minX: Int, count: Int)? {
        var minX = Int.max, total = 0
        for y in 0..<image.height {
            for x in 0..<image.width where isBoxRed(image[x, y]) {
                minX = min(minX, x)
                total += 1
            }
        }
        return total == 0 ? nil : (minX, total)
    }
}
