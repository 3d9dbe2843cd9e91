import BreakdownContent
@testable import BreakdownLayout
import Foundation
import Testing

/// The Android view's text size, logo sizes and span geometry, against android.md's numbers
/// (sections 4, 5.3, 5.4, 5.5 and 8), with Roboto (Debian fonts-roboto) read by Pango.
@Suite struct AndroidLayoutMetricsTests {
    static let roboto = "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf"

    /// Roboto's descent − ascent at 14 px, from Pango.
    static func robotoFontHeight(size: Double = 14) throws -> Double {
        let fonts = try FontLibrary(fontFiles: [roboto])
        return try Typesetter(fonts: fonts).metrics(family: "Roboto", size: size).fontHeight
    }

    @Test func fontScalingIsAndroid14s() {
        // android.md section 8: 14 sp at these scales.
        let listed: [(Double, Double)] = [
            (1.05, 14.8), (1.1, 15.6), (1.15, 16.4), (1.2, 17.2), (1.3, 18.8), (1.5, 22), (1.8, 24.4), (2.0, 26),
        ]
        for (scale, size) in listed {
            #expect(abs(AndroidFontScale.textSize(fontScale: scale)! - size) < 1e-9, "\(scale)")
            #expect(abs(size - 14 * scale) > 0.09 || scale < 1.1, "the table is not linear at \(scale)")
        }
        #expect(AndroidFontScale.textSize(fontScale: 1) == 14)
        #expect(AndroidFontScale.textSize(fontScale: 0.85) == 14 * 0.85)
        // Between listed scales: on the line between them (1.4 is halfway from 18.8 to 22).
        #expect(abs(AndroidFontScale.textSize(fontScale: 1.4)! - 20.4) < 1e-9)
        #expect(AndroidFontScale.textSize(fontScale: 2.5) == nil)
        #expect(AndroidFontScale.textSize(fontScale: .nan) == nil)
    }

    @Test func robotoFontHeightIsAbout1point17Em() throws {
        // android.md 5.3 and 8: ascent ≈ −0.928 em, descent ≈ 0.244 em, so about 16.4 dp at 14 sp.
        let height = try Self.robotoFontHeight()
        #expect(abs(height - 14 * (0.928 + 0.244)) < 0.02, "\(height)")
    }

    @Test func logoSizesAt14sp() throws {
        let fontHeight = try Self.robotoFontHeight()
        func size(_ type: LogoType, _ brand: Brand, _ scheme: AndroidColorScheme) -> [Int] {
            let size = AndroidLogoSize.size(AndroidLogo(type: type, brand: brand, scheme: scheme), fontHeight: fontHeight, density: 1)
            return size.map { [$0.width, $0.height] } ?? []
        }
        // android.md 5.3's table, as truncated pixels at density 1: 41.0 × 117.8 / 120.6 (badge),
        // 16.4 × 84.4 / 87.4 / 66.7 (lockup).
        #expect(size(.badge, .afterpay, .blackOnMint) == [117, 41])
        // The Clearpay badge's intrinsic width is its larger layer's (1620), the pill stretched.
        #expect(size(.badge, .clearpay, .blackOnMint) == [120, 41])
        #expect(size(.lockup, .afterpay, .blackOnMint) == [84, 16])
        #expect(size(.lockup, .clearpay, .blackOnMint) == [87, 16])
        #expect(size(.lockup, .cashAppAfterpay, .cashAppDefault) == [66, 16])
    }

    @Test func compactBadgeDependsOnDensity() throws {
        let fontHeight = try Self.robotoFontHeight()
        let logo = AndroidLogo(type: .compactBadge, brand: .afterpay, scheme: .blackOnMint)
        // android.md 5.4: the mark is 291 × 56 px at every density; the box by density.
        let boxes: [(Double, [Int])] = [(2.0, [238, 45]), (2.625, [313, 60]), (3.0, [328, 68]), (4.0, [437, 91])]
        for (density, box) in boxes {
            let mark = try #require(AndroidLogoSize.compactMarkSize(drawable: "afterpay_badge_fg_cropped", density: density))
            #expect(mark.width == 291 && mark.height == 56, "\(density)")
            let size = try #require(AndroidLogoSize.size(logo, fontHeight: fontHeight * density, density: density))
            #expect([size.width, size.height] == box, "\(density)")
        }
        let clearpay = try #require(AndroidLogoSize.compactMarkSize(drawable: "clearpay_badge_fg_cropped", density: 3))
        #expect((300...301).contains(clearpay.width))
    }

    @Test func spansAreCentredOnTheAscentDescentMidpoint() {
        // Roboto at 14 px: ascent −12.99 → −13, descent 3.42 → 3 (rounded, as getFontMetricsInt
        // rounds them; a floor/ceil would give 4).
        let metrics = AndroidFontMetricsInt(ascent: -12.99, descent: 3.42)
        #expect(metrics == AndroidFontMetricsInt(ascent: -13, descent: 3))
        #expect(AndroidFontMetricsInt(ascent: -12.4, descent: 3.6) == AndroidFontMetricsInt(ascent: -12, descent: 4))
        // c = baseline + (A + D) / 2 with integer division toward zero: (−13 + 3) / 2 = −5.
        #expect(AndroidSpanGeometry.centreLine(baseline: 100, metrics: metrics) == 95)
        #expect(AndroidSpanGeometry.centreLine(baseline: 0, metrics: AndroidFontMetricsInt(ascent: -13, descent: 4)) == -4)
        // A 41 px badge spans c − 20 … c + 20 and grows the line evenly.
        let extent = AndroidSpanGeometry.spanExtent(height: 41, metrics: metrics)
        #expect(extent.top == -25 && extent.bottom == 15)
        let line = AndroidSpanGeometry.lineExtent(metrics: metrics, spanHeights: [41])
        #expect(line == AndroidFontMetricsInt(ascent: -25, descent: 15))
        // A 16 px lockup (1.0×) stays inside the font box: c − 8 = −13, c + 8 = 3.
        #expect(AndroidSpanGeometry.lineExtent(metrics: metrics, spanHeights: [16]) == metrics)
        // Line spacing 1.2: round(0.2 × 40) = 8 below a badge line; round(0.2 × 16) = 3 otherwise.
        #expect(AndroidSpanGeometry.extraBelow(line: line) == 8)
        #expect(AndroidSpanGeometry.extraBelow(line: metrics) == 3)
    }
}
