import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import Foundation
import Testing

/// The logo and icons are placed by the reference's formulas (behavior.md section 6).
@Suite struct GeometryTests {
    @Test(arguments: [LogoType.badge, .lockup, .compactBadge], [14.0, 17.0, 33.0])
    func logoRectangleFollowsTheFormulas(type: LogoType, size: Double) throws {
        let renderer = try Fixtures.renderer()
        let metrics = try renderer.typesetter.metrics(family: "Inter", size: size)
        let breakdown = Fixtures.breakdown(kind: type)
        let layout = try renderer.layout(breakdown, style: LayoutStyle(fontSize: size))
        let frame = try #require(layout.logoFrame)

        let fontHeight = metrics.ascender - metrics.descender
        let ratio = breakdown.logo.aspect.height / breakdown.logo.aspect.width
        let width = max(fontHeight * type.heightMultiplier / ratio, 64)
        let height = width * ratio
        let bottomAboveBaseline = fontHeight / 2 - height / 2 + metrics.descender * type.descenderMultiplier
        #expect(abs(frame.width - width) < 0.01)
        #expect(abs(frame.height - height) < 0.01)
        let baseline = try #require(layout.baselines.first)
        #expect(abs((baseline - frame.maxY) - bottomAboveBaseline) < 0.01)
        // One space of the text font between the sentence and the logo.
        #expect(frame.x > 0)
        #expect(frame.maxX <= layout.size.width + 0.01)
    }

    @Test func pangoMetricsOfInter17() throws {
        let metrics = try Fixtures.renderer().typesetter.metrics(family: "Inter", size: 17)
        // Inter's hhea ascender and descender are 0.96875 em and -0.2421875 em (2048 units).
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
        let renderer = try Fixtures.renderer()
        let metrics = try renderer.typesetter.metrics(family: "Inter", size: 17)
        for link in [LinkContent.circledInfoIcon, .circledQuestionIcon, .circledLogo(.afterpay)] {
            let layout = try renderer.layout(Fixtures.breakdown(link: link), style: LayoutStyle())
            let frame = try #require(layout.linkFrame)
            let baseline = try #require(layout.baselines.first)
            #expect(abs(frame.height - metrics.fontHeight * 0.8) < 0.01)
            #expect(abs((baseline - frame.maxY) - metrics.descender * 0.6) < 0.01)
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
