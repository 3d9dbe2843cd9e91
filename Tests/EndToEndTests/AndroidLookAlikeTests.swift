import BreakdownDiff
import BreakdownEncode
import BreakdownLayout
@testable import BreakdownPaint
import Foundation
import Testing
import BreakdownTestSupport

/// The project's own look-alike Android drawables (`LogoAssets/android/drawable`, made by
/// Tools/artwork/make_artwork.py): each converts with `VectorDrawable.svg`, has the size the
/// Android SDK's drawable declares, and, rasterised by rsvg-convert, has its ink where android.md
/// section 5.2 puts the SDK's content and in the colours of its section 5.6. Every number below
/// is android.md's, not read from the files.
@Suite struct AndroidLookAlikeTests {
    /// android.md 5.2: each drawable's declared size in dp, which is also its viewport.
    static let declared: [String: (width: Double, height: Double)] = [
        "afterpay_badge_bg": (1582, 551), "afterpay_badge_fg": (1582, 551), "clearpay_badge_fg": (1620, 551),
        "afterpay_badge_fg_cropped": (1148.9, 220.8), "clearpay_badge_fg_cropped": (1186.5, 220.8),
        "afterpay_badge_narrow_bg": (100, 21), "afterpay_lockup": (1152, 224), "clearpay_lockup": (1188, 223),
        "afterpay_cash_app_lockup_monochrome": (130, 32), "afterpay_cash_app_lockup_polychrome_light": (130, 32),
        "afterpay_cash_app_lockup_polychrome_dark": (130, 32), "icon_circled_question": (15, 15),
        "afterpay_logo_small": (50, 50),
    ]

    /// The drawables the view tints (SRC_IN, android.md 5.1 and 5.6): drawn in #000000 only.
    static let tinted = [
        "afterpay_badge_bg", "afterpay_badge_fg", "clearpay_badge_fg", "afterpay_badge_fg_cropped", "clearpay_badge_fg_cropped",
        "afterpay_badge_narrow_bg", "afterpay_lockup", "clearpay_lockup", "afterpay_cash_app_lockup_monochrome",
        "icon_circled_question",
    ]

    static let folder = ProjectResources.androidLogoAssetsDirectory.appendingPathComponent("drawable")

    static func xml(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name + ".xml"), encoding: .utf8)
    }

    /// A drawable rasterised: its SVG through rsvg-convert at `zoom` pixels per viewport unit.
    struct Raster {
        let image: PixelImage
        let zoom: Double

        /// The pixel under the viewport point (x, y).
        subscript(x x: Double, y y: Double) -> SIMD4<UInt8> {
            image[min(max(Int(x * zoom), 0), image.width - 1), min(max(Int(y * zoom), 0), image.height - 1)]
        }

        /// The pixels whose alpha is above `alpha` and that `where` accepts, as a box in viewport
        /// units (pixel edges), with their count; nil when there are none.
        func ink(
            alpha: UInt8 = 0, in region: (x0: Double, y0: Double, x1: Double, y1: Double)? = nil,
            where accept: (SIMD4<UInt8>) -> Bool = { _ in true }
        ) -> (x0: Double, y0: Double, x1: Double, y1: Double, count: Int)? {
            var box: (Int, Int, Int, Int)?
            var count = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    if let region {
                        let cx = (Double(x) + 0.5) / zoom
                        let cy = (Double(y) + 0.5) / zoom
                        guard cx >= region.x0, cx <= region.x1, cy >= region.y0, cy <= region.y1 else { continue }
                    }
                    let pixel = image[x, y]
                    guard pixel[3] > alpha, accept(pixel) else { continue }
                    count += 1
                    box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x + 1), max($0.3, y + 1)) } ?? (x, y, x + 1, y + 1)
                }
            }
            return box.map { (Double($0.0) / zoom, Double($0.1) / zoom, Double($0.2) / zoom, Double($0.3) / zoom, count) }
        }
    }

    static func raster(_ name: String, zoom: Double) throws -> Raster {
        let svg = try VectorDrawable.svg(fromXML: try xml(name))
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("lookalike-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let svgPath = work.appendingPathComponent("\(name).svg").path
        let pngPath = work.appendingPathComponent("\(name).png").path
        try svg.write(toFile: svgPath, atomically: false, encoding: .utf8)
        let result = try ExternalTool.run("rsvg-convert", ["-z", String(zoom), "-o", pngPath, svgPath])
        #expect(result.status == 0, "\(result.output)")
        let image = try PNGDecoder.decode(fileAtPath: pngPath)
        let size = try #require(declared[name])
        #expect(abs(Double(image.width) - size.width * zoom) <= 1 && abs(Double(image.height) - size.height * zoom) <= 1, "\(name): \(image)")
        return Raster(image: image, zoom: zoom)
    }

    static func isBlack(_ pixel: SIMD4<UInt8>) -> Bool { pixel[3] > 0 && pixel[0] == 0 && pixel[1] == 0 && pixel[2] == 0 }

    static func isDark(_ pixel: SIMD4<UInt8>) -> Bool { pixel[0] < 64 && pixel[1] < 64 && pixel[2] < 64 }

    static func isColor(_ pixel: SIMD4<UInt8>, _ hex: UInt32, tolerance: Int = 2) -> Bool {
        let rgb = [Int(hex >> 16 & 0xFF), Int(hex >> 8 & 0xFF), Int(hex & 0xFF)]
        return pixel[3] == 255 && (0..<3).allSatisfy { abs(Int(pixel[$0]) - rgb[$0]) <= tolerance }
    }

    /// `inner` lies inside `outer`, give or take `slack` (antialiased edge pixels).
    static func within(
        _ inner: (x0: Double, y0: Double, x1: Double, y1: Double, count: Int), _ outer: (Double, Double, Double, Double), slack: Double
    ) -> Bool {
        inner.x0 >= outer.0 - slack && inner.y0 >= outer.1 - slack && inner.x1 <= outer.2 + slack && inner.y1 <= outer.3 + slack
    }

    @Test func theFolderHoldsExactlyTheViewsDrawables() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".xml") }
        #expect(Set(files.map { String($0.dropLast(4)) }) == Set(Self.declared.keys))
        #expect(Set(AndroidLogoSize.drawableSizes.keys) == Set(Self.declared.keys))
    }

    @Test(arguments: declared.keys.sorted())
    func convertsWithTheDeclaredSize(name: String) throws {
        let xml = try Self.xml(name)
        let svg = try VectorDrawable.svg(fromXML: xml)
        let size = try VectorDrawable.size(fromXML: xml)
        let expected = try #require(Self.declared[name])
        #expect(size.width == expected.width && size.height == expected.height, "\(name): \(size)")
        // The viewport equals the declared size (android.md 5.2).
        let number = { (value: Double) in value == value.rounded() ? String(Int(value)) : String(value) }
        #expect(svg.contains("viewBox=\"0 0 \(number(expected.width)) \(number(expected.height))\""), "\(svg.prefix(200))")
        #expect(xml.contains("drawn from scratch"))
    }

    @Test(arguments: tinted)
    func tintedDrawablesAreBlackOnly(name: String) throws {
        let size = try #require(Self.declared[name])
        let raster = try Self.raster(name, zoom: 400 / size.width)
        let inked = try #require(raster.ink())
        let black = try #require(raster.ink(where: Self.isBlack))
        #expect(black.count == inked.count, "\(name): \(inked.count - black.count) pixels are not #000000")
    }

    @Test func badgeGroundsArePillsFillingTheViewport() throws {
        // afterpay_badge_bg: 1582 × 551, end radius 275.2; afterpay_badge_narrow_bg: 100 × 21, end radius 10.42.
        for (name, width, height, radius, zoom) in [
            ("afterpay_badge_bg", 1582.0, 551.0, 275.2, 0.25), ("afterpay_badge_narrow_bg", 100, 21, 10.42, 4),
        ] {
            let raster = try Self.raster(name, zoom: zoom)
            let edge = 1.5 / zoom
            #expect(raster[x: width / 2, y: height / 2][3] == 255, "\(name): centre")
            #expect(raster[x: width / 2, y: edge][3] == 255 && raster[x: width / 2, y: height - edge][3] == 255, "\(name): top and bottom")
            #expect(raster[x: edge, y: height / 2][3] == 255 && raster[x: width - edge, y: height / 2][3] == 255, "\(name): ends")
            for (x, y) in [(edge, edge), (width - edge, edge), (edge, height - edge), (width - edge, height - edge)] {
                #expect(raster[x: x, y: y][3] == 0, "\(name): corner \(x), \(y)")
            }
            // Along the diagonal from each end's centre: inside the radius opaque, outside transparent.
            let step = radius * 0.08
            for (cx, sign) in [(radius, -1.0), (width - radius, 1.0)] {
                for dy in [-1.0, 1.0] {
                    let unit = 1 / 2.0.squareRoot()
                    let inside = (cx + sign * unit * (radius - step), height / 2 + dy * unit * (radius - step))
                    let outside = (cx + sign * unit * (radius + step), height / 2 + dy * unit * (radius + step))
                    #expect(raster[x: inside.0, y: inside.1][3] == 255, "\(name): inside the end at \(inside)")
                    #expect(raster[x: outside.0, y: outside.1][3] == 0, "\(name): outside the end at \(outside)")
                }
            }
        }
    }

    @Test func badgeForegroundsFillTheirBox() throws {
        for (name, box) in [
            ("afterpay_badge_fg", (216.6, 164.9, 1365.5, 385.8)), ("clearpay_badge_fg", (216.5, 164.9, 1403.0, 385.8)),
            ("afterpay_badge_fg_cropped", (0, 0, 1148.9, 220.8)), ("clearpay_badge_fg_cropped", (0, 0, 1186.5, 220.8)),
            // afterpay_lockup: wordmark from x 1.6, arrow to x 1150.4; the height as the cropped mark's.
            ("afterpay_lockup", (1.6, 1.6, 1150.4, 222.4)), ("clearpay_lockup", (0, 0, 1188, 223)),
        ] {
            let raster = try Self.raster(name, zoom: 0.5)
            let ink = try #require(raster.ink(), "\(name) is blank")
            let slack = 1 / raster.zoom
            #expect(Self.within(ink, box, slack: slack), "\(name): ink \(ink) outside \(box)")
            let width = box.2 - box.0
            let height = box.3 - box.1
            #expect(ink.x1 - ink.x0 >= 0.97 * width, "\(name): ink \(ink) is narrower than \(box)")
            #expect(ink.y1 - ink.y0 >= 0.94 * height, "\(name): ink \(ink) is lower than \(box)")
            if name == "afterpay_lockup" {
                #expect(abs(ink.x0 - 1.6) <= 2 * slack && abs(ink.x1 - 1150.4) <= 2 * slack, "\(name): \(ink)")
            }
            // Letters, not a block: between a sixth and a half of the box is inked.
            let share = Double(ink.count) / (width * height * raster.zoom * raster.zoom)
            #expect(share > 0.17 && share < 0.5, "\(name): \(share) of the box inked")
            // The arrow: ink in the last fifth of the box, from its top to its bottom half.
            let arrow = try #require(raster.ink(in: (box.2 - 0.2 * width, box.1, box.2, box.3)), "\(name): no arrow")
            #expect(arrow.y1 - arrow.y0 >= 0.9 * height, "\(name): arrow \(arrow)")
        }
    }

    @Test func cashAppLockups() throws {
        // 130 × 32: square #00D633 at x 0–32 with a "$" (#FFFFFF; cut out in the monochrome one), the
        // wordmark at x 41.0–129.9 (dark: 40.0–129.0), y 7.8–28.2.
        for (name, wordmark, word, square, dollar) in [
            ("afterpay_cash_app_lockup_monochrome", (41.0, 7.8, 129.9, 28.2), 0x000000, 0x000000, nil),
            ("afterpay_cash_app_lockup_polychrome_light", (41.0, 7.8, 129.9, 28.2), 0xFFFFFF, 0x00D633, 0xFFFFFF),
            ("afterpay_cash_app_lockup_polychrome_dark", (40.0, 7.8, 129.0, 28.2), 0x000000, 0x00D633, 0xFFFFFF),
        ] as [(String, (Double, Double, Double, Double), UInt32, UInt32, UInt32?)] {
            let raster = try Self.raster(name, zoom: 8)
            let slack = 1.5 / raster.zoom
            // The square fills x 0–32 and the full height; its corners are rounded.
            let squareInk = try #require(raster.ink(in: (0, 0, 32.5, 32)))
            #expect(Self.within(squareInk, (0, 0, 32, 32), slack: slack), "\(name): square \(squareInk)")
            #expect(squareInk.x0 <= slack && squareInk.x1 >= 32 - slack && squareInk.y0 <= slack && squareInk.y1 >= 32 - slack, "\(name)")
            #expect(raster[x: 0.2, y: 0.2][3] == 0 && raster[x: 31.8, y: 31.8][3] == 0, "\(name): square corners")
            for (x, y) in [(2.0, 16.0), (16.0, 2.0), (30.0, 16.0), (16.0, 30.0), (4.0, 4.0), (28.0, 28.0)] {
                #expect(Self.isColor(raster[x: x, y: y], square), "\(name): square at \(x), \(y) is \(raster[x: x, y: y])")
            }
            // The "$" in the middle of the square: white, or see-through in the monochrome one.
            let middle = (8.0, 4.0, 24.0, 28.0)
            let middlePixels = Int(16 * raster.zoom) * Int(24 * raster.zoom)
            if let dollar {
                let white = try #require(raster.ink(in: middle, where: { Self.isColor($0, dollar) }), "\(name): no $")
                #expect(white.count > middlePixels / 20, "\(name): $ \(white)")
                #expect(raster.ink(alpha: 254, in: middle)?.count == middlePixels, "\(name): the square has holes")
            } else {
                let clear = middlePixels - (raster.ink(in: middle)?.count ?? 0)
                #expect(clear > middlePixels / 20, "\(name): the $ is not cut out (\(clear) clear pixels)")
            }
            // Nothing between the square and the wordmark.
            #expect(raster.ink(in: (33, 0, wordmark.0 - 0.5, 32)) == nil, "\(name): ink between square and word")
            let wordInk = try #require(raster.ink(in: (33, 0, 130, 32)), "\(name): no word")
            #expect(Self.within(wordInk, wordmark, slack: slack), "\(name): word \(wordInk) outside \(wordmark)")
            #expect(wordInk.x0 <= wordmark.0 + 0.5 && wordInk.x1 >= wordmark.2 - 0.5, "\(name): word \(wordInk)")
            #expect(wordInk.y0 <= wordmark.1 + 0.5 && wordInk.y1 >= wordmark.3 - 0.5, "\(name): word \(wordInk)")
            let solid = try #require(raster.ink(alpha: 254, in: (33, 0, 130, 32)))
            let coloured = raster.ink(alpha: 254, in: (33, 0, 130, 32), where: { Self.isColor($0, word, tolerance: 0) })
            #expect(coloured?.count == solid.count, "\(name): the word is not #\(String(word, radix: 16))")
        }
    }

    @Test func circledQuestion() throws {
        // 15 × 15: a ring centred at (7.3, 7.3), radius 6.3, stroke 1.17, with a filled "?", all #000000.
        let raster = try Self.raster("icon_circled_question", zoom: 16)
        let (cx, cy, r, half) = (7.3, 7.3, 6.3, 1.17 / 2)
        for step in 0..<24 {
            let angle = Double(step) * .pi / 12
            let (dx, dy) = (cos(angle), sin(angle))
            #expect(Self.isBlack(raster[x: cx + r * dx, y: cy + r * dy]) && raster[x: cx + r * dx, y: cy + r * dy][3] == 255, "ring at \(step * 15)°")
            // The stroke is 1.17 wide: inked just inside both of its edges.
            for edge in [r - half + 0.15, r + half - 0.15] {
                #expect(raster[x: cx + edge * dx, y: cy + edge * dy][3] >= 128, "ring edge at radius \(edge), \(step * 15)°")
            }
            #expect(raster[x: cx + (r + half + 0.25) * dx, y: cy + (r + half + 0.25) * dy][3] == 0, "outside the ring at \(step * 15)°")
            #expect(raster[x: cx + (r - half - 0.25) * dx, y: cy + (r - half - 0.25) * dy][3] == 0, "inside the ring at \(step * 15)°")
        }
        let ring = try #require(raster.ink())
        let outer = (cx - r - half, cy - r - half, cx + r + half, cy + r + half)
        #expect(Self.within(ring, outer, slack: 1 / raster.zoom), "\(ring)")
        // The "?" is filled and fills much of the middle: a glyph about half the ring's height.
        let inner = r - half - 0.3
        let glyph = try #require(raster.ink(alpha: 128, in: (cx - inner * 0.7, cy - inner * 0.7, cx + inner * 0.7, cy + inner * 0.7)))
        #expect(glyph.y1 - glyph.y0 >= 5 && glyph.y1 - glyph.y0 <= 2 * inner * 0.7, "? \(glyph)")
        #expect(abs((glyph.x0 + glyph.x1) / 2 - cx) < 0.8 && abs((glyph.y0 + glyph.y1) / 2 - cy) < 0.8, "? off centre: \(glyph)")
        #expect(glyph.count > 600, "? is not filled: \(glyph)")
    }

    @Test func smallLogo() throws {
        // 50 × 50: a #B2FCE4 circle filling the viewport, a black arrow mark at x 9–41, y 11–39.
        let raster = try Self.raster("afterpay_logo_small", zoom: 8)
        let disc = try #require(raster.ink())
        #expect(Self.within(disc, (0, 0, 50, 50), slack: 0) && disc.x0 < 0.3 && disc.x1 > 49.7 && disc.y0 < 0.3 && disc.y1 > 49.7, "\(disc)")
        #expect(raster[x: 1, y: 1][3] == 0 && raster[x: 49, y: 49][3] == 0, "corners")
        for (x, y) in [(2.0, 25.0), (48.0, 25.0), (25.0, 2.0), (25.0, 48.0), (10.0, 10.0)] {
            #expect(Self.isColor(raster[x: x, y: y], 0xB2FCE4), "mint at \(x), \(y): \(raster[x: x, y: y])")
        }
        let mark = try #require(raster.ink(alpha: 128, where: Self.isDark), "no arrow mark")
        let box = (9.0, 11.0, 41.0, 39.0)
        #expect(Self.within(mark, box, slack: 0.3), "mark \(mark) outside \(box)")
        #expect(mark.x1 - mark.x0 >= 0.9 * 32 && mark.y1 - mark.y0 >= 0.9 * 28, "mark \(mark)")
        // Everything not the mark is mint: no third colour.
        let other = raster.ink(alpha: 254, where: { !Self.isColor($0, 0xB2FCE4, tolerance: 0) && !Self.isColor($0, 0x000000, tolerance: 0) })
        #expect((other?.count ?? 0) < mark.count / 2, "other colours: \(String(describing: other))")
    }
}
