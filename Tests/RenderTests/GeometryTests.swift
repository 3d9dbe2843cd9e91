import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import Foundation
import Testing
@testable import RenderTestSupport

/// The logo and icons are placed by the reference's formulas (behavior.md section 6).
@Suite struct GeometryTests {
    /// Expected rectangles derived by hand from behavior.md section 6, Inter's font file and the
    /// artwork's viewBox sizes (never from the product's constants):
    ///   Inter-Regular.otf (fonts-inter): 2816 units an em, hhea ascender 2728, descender -680, so
    ///   at size s: a = 0.96875 s, d = -0.241477 s, fontHeight fh = a - d = 1.210227 s.
    ///   badge (1186.5 × 413.25, multipliers 1.8 and 1.0): h = 1.8 fh, w = h × 1186.5 / 413.25,
    ///     bottom = fh/2 - h/2 + d = -0.4 fh + d.
    ///   lockup (864 × 168, 1.0 and 1.2): h = fh, w = fh × 864 / 168, bottom = 1.2 d.
    ///   compact badge (75 × 15.75, 1.0 and 1.2): h = fh, w = fh × 75 / 15.75, bottom = 1.2 d.
    /// e.g. badge at 17: fh = 20.5739, h = 37.0330, w = 37.0330 × 2.871143 = 106.3269,
    /// bottom = -8.2296 - 4.1051 = -12.3347. Every width here is above the 64 pt floor.
    /// Pango reports Inter's descent about 0.5 % larger than the file's (its own rounding), so sizes
    /// may be off by 0.3 % and positions by 0.003 × s; a wrong formula moves them by 5 % or more.
    @Test(arguments: [
        (LogoType.badge, 14.0, 87.5633, 30.4977, -10.1580),
        (.badge, 17.0, 106.3269, 37.0330, -12.3347),
        (.badge, 33.0, 206.3993, 71.8875, -23.9438),
        (.lockup, 14.0, 87.1364, 16.9432, -4.0568),
        (.lockup, 17.0, 105.8084, 20.5739, -4.9261),
        (.lockup, 33.0, 205.3929, 39.9375, -9.5625),
        (.compactBadge, 14.0, 80.6818, 16.9432, -4.0568),
        (.compactBadge, 17.0, 97.9708, 20.5739, -4.9261),
        (.compactBadge, 33.0, 190.1786, 39.9375, -9.5625),
    ])
    func logoRectangleFollowsTheFormulas(type: LogoType, size: Double, width: Double, height: Double, bottom: Double) throws {
        let renderer = try Fixtures.renderer()
        let layout = try renderer.layout(Fixtures.breakdown(kind: type), style: LayoutStyle(fontSize: size))
        let frame = try #require(layout.logoFrame)
        #expect(abs(frame.width - width) < 0.003 * width, "width \(frame.width)")
        #expect(abs(frame.height - height) < 0.003 * height, "height \(frame.height)")
        let baseline = try #require(layout.baselines.first)
        // Measured upward from the baseline to the logo's bottom edge (negative: below the baseline).
        #expect(abs((baseline - frame.maxY) - bottom) < 0.003 * size, "bottom \(baseline - frame.maxY)")
        // One space of the text font between the sentence and the logo.
        #expect(frame.x > 0)
        #expect(frame.maxX <= layout.size.width + 0.01)
    }

    /// The whole chain: a breakdown computed by the content stage (en_AU, 100, default badge) and
    /// laid out at 17 pt has the badge of the hand-derived numbers above (106.3269 × 37.0330).
    @Test func computedBreakdownHasTheHandDerivedBadge() throws {
        let configuration = try Configuration(
            minimumAmount: "1", maximumAmount: "2000", currencyCode: "AUD", locale: "en_AU", consumerLocale: nil)
        let breakdown = PriceBreakdown(configuration: configuration, deviceLocale: "en_AU", amount: 100)
        let layout = try Fixtures.renderer().layout(breakdown, style: LayoutStyle(fontSize: 17))
        let frame = try #require(layout.logoFrame)
        #expect(abs(frame.width - 106.3269) < 0.003 * 106.3269)
        #expect(abs(frame.height - 37.0330) < 0.003 * 37.0330)
        let baseline = try #require(layout.baselines.first)
        #expect(abs((baseline - frame.maxY) + 12.3347) < 0.003 * 17)
    }

    @Test func pangoMetricsOfInter17() throws {
        let metrics = try Fixtures.renderer().typesetter.metrics(family: "Inter", size: 17)
        // Inter's hhea ascender and descender are 2728 and -680 of 2816 units: 0.96875 em and -0.241477 em.
        #expect(abs(metrics.ascender - 16.47) < 0.05)
        #expect(abs(metrics.descender + 4.12) < 0.05)
    }

    @Test func badgeIsTallerThanTheTextAndGrowsTheLine() throws {
        let renderer = try Fixtures.renderer()
        let badge = try renderer.layout(Fixtures.breakdown(kind: .badge), style: LayoutStyle())
        let lockup = try renderer.layout(Fixtures.breakdown(kind: .lockup), style: LayoutStyle())
        #expect(badge.size.height > lockup.size.height + 10)
        let frame = try #require(badge.logoFrame)
        #expect(abs(frame.y) < 0.01)
        #expect(abs(frame.maxY - badge.size.height) < 0.01)
    }

    @Test func smallLogosAreAtLeast64PointsWide() throws {
        // At 9 pt the compact badge's formula width is about 52 pt: the 64 pt floor applies,
        // and the height follows the artwork's ratio from that width.
        let layout = try Fixtures.renderer().layout(Fixtures.breakdown(kind: .compactBadge), style: LayoutStyle(fontSize: 9))
        let frame = try #require(layout.logoFrame)
        #expect(abs(frame.width - 64) < 0.001)
        #expect(abs(frame.height - 64 * 15.75 / 75) < 0.001)
    }

    @Test func usBadgeIsALargerCashAppLockup() throws {
        let renderer = try Fixtures.renderer()
        let large = try renderer.layout(Fixtures.breakdown(kind: .lockup, brand: .cashAppAfterpay, requested: .badge), style: LayoutStyle())
        let small = try renderer.layout(Fixtures.breakdown(kind: .lockup, brand: .cashAppAfterpay, requested: .lockup), style: LayoutStyle())
        let largeFrame = try #require(large.logoFrame), smallFrame = try #require(small.logoFrame)
        #expect(abs(largeFrame.width / largeFrame.height - 98.0 / 24.0) < 0.001)
        #expect(largeFrame.height > smallFrame.height * 1.5)
    }

    @Test func logoFirstOutsideLimits() throws {
        let layout = try Fixtures.renderer().layout(
            Fixtures.breakdown(text: "available for orders between $1 – $2,000", placement: .start), style: LayoutStyle(padding: 4))
        let logo = try #require(layout.logoFrame)
        let link = try #require(layout.linkFrame)
        #expect(abs(logo.x - 4) < 0.001)
        #expect(link.x > logo.maxX + 100)
        #expect(layout.dump.contains("\"[logo] available for orders between $1 – $2,000 [icon]\""))
    }

    @Test func imageLinkIconsFollowTheFormula() throws {
        // At 17 pt (numbers and tolerances as above): height 0.8 fh = 0.8 × 20.5739 = 16.4591;
        // bottom 0.6 d = 0.6 × -4.1051 = -2.4631.
        // The circled question and circled logo links are drawn only from an image the artwork
        // holds (docs/fidelity.md section 2): given one here, square like the circled i.
        let renderer = try Fixtures.renderer()
        let square = LogoArtwork(imageName: "circled-question-icon", file: "circled-question-icon.svg", width: 24, height: 24, isRecoloured: false)
        for link in [LinkContent.circledInfoIcon, .circledQuestionIcon, .circledLogo(.afterpay)] {
            let layout = try renderer.typesetter.layout(Fixtures.breakdown(link: link), style: LayoutStyle(), linkArtwork: square)
            let frame = try #require(layout.linkFrame)
            let baseline = try #require(layout.baselines.first)
            #expect(abs(frame.height - 16.4591) < 0.003 * 16.4591)
            #expect(abs((baseline - frame.maxY) + 2.4631) < 0.003 * 17)
        }
    }

    @Test func wrapsToTheWidthWithoutSplittingTheLogoOrLink() throws {
        let renderer = try Fixtures.renderer()
        let wide = try renderer.layout(Fixtures.breakdown(link: .text("More Info")), style: LayoutStyle())
        #expect(wide.baselines.count == 1)
        for width in [120.0, 200.0, 300.0] {
            let narrow = try renderer.layout(Fixtures.breakdown(link: .text("More Info")), style: LayoutStyle(width: width))
            #expect(narrow.baselines.count > 1)
            #expect(abs(narrow.size.width - width) < 0.001)
            let logo = try #require(narrow.logoFrame), link = try #require(narrow.linkFrame)
            // The link is one run on one line: its height is one line's, not two.
            #expect(link.height < 30)
            #expect(logo.maxX <= width + 0.01)
        }
    }

    @Test func noLinkMeansNoTrailingSpace() throws {
        let renderer = try Fixtures.renderer()
        let none = try renderer.layout(Fixtures.breakdown(link: .none), style: LayoutStyle())
        #expect(none.linkFrame == nil)
        #expect(abs((none.logoFrame?.maxX ?? 0) - none.size.width) < 0.01)
    }

    @Test func paddingSurroundsTheContent() throws {
        let renderer = try Fixtures.renderer()
        let plain = try renderer.layout(Fixtures.breakdown(), style: LayoutStyle())
        let padded = try renderer.layout(Fixtures.breakdown(), style: LayoutStyle(padding: 8))
        #expect(abs(padded.size.width - plain.size.width - 16) < 0.001)
        #expect(abs(padded.size.height - plain.size.height - 16) < 0.001)
        #expect(abs((padded.logoFrame?.x ?? 0) - (plain.logoFrame?.x ?? 0) - 8) < 0.001)
    }

    @Test func layoutDumpIsStable() throws {
        let a = try Fixtures.renderer().layout(Fixtures.breakdown(), style: LayoutStyle())
        let b = try Fixtures.renderer().layout(Fixtures.breakdown(), style: LayoutStyle())
        #expect(a.dump == b.dump)
        #expect(a.dump.contains("logo badge-afterpay default"))
    }
}
