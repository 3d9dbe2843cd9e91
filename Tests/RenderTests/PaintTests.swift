import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import Foundation
import Testing
@testable import RenderTestSupport

/// The pixels: where the logo's colours land, palettes and appearance, links.
@Suite struct PaintTests {
    static let mint = SIMD4<UInt8>(0xB2, 0xFC, 0xE4, 255)
    static let black = SIMD4<UInt8>(0, 0, 0, 255)
    static let white = SIMD4<UInt8>(255, 255, 255, 255)

    static func render(_ breakdown: PriceBreakdown, scale: RenderScale = .x2, style: LayoutStyle = LayoutStyle(), background: RGBAColor? = nil)
        throws -> (image: PixelImage, metadata: RenderMetadata)
    {
        let rendered = try Fixtures.renderer().render(
            breakdown, settings: RenderSettings(style: style, scale: scale, background: background), format: .png)
        return (try PNGDecoder.decode([UInt8](rendered.bytes)), rendered.metadata)
    }

    static func close(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>, within tolerance: Int = 2) -> Bool {
        (0..<4).allSatisfy { abs(Int(a[$0]) - Int(b[$0])) <= tolerance }
    }

    @Test func imageSizeIsPointsTimesScaleRoundedUp() throws {
        for (scale, factor) in [(RenderScale.x1, 1.0), (.x2, 2.0), (.x3, 3.0)] {
            let (image, metadata) = try Self.render(Fixtures.breakdown(), scale: scale)
            #expect(image.width == Int((metadata.size.width * factor).rounded(.up)))
            #expect(image.height == Int((metadata.size.height * factor).rounded(.up)))
            #expect(metadata.pixelSize.width == image.width && metadata.pixelSize.height == image.height)
        }
    }

    /// Every badge pixel (right of the sentence, no link) lies inside the metadata's logo
    /// rectangle × 2, and the rectangle is filled by the pill.
    @Test func badgePixelsSitInsideTheLogoRectangle() throws {
        let (image, metadata) = try Self.render(Fixtures.breakdown(link: .none))
        let logo = try #require(metadata.logo)
        let left = max(0, Int((logo.x * 2).rounded(.down))), top = max(0, Int((logo.y * 2).rounded(.down)))
        let right = Int((logo.maxX * 2).rounded(.up)), bottom = Int((logo.maxY * 2).rounded(.up))
        var mintCount = 0, groundCount = 0
        for y in 0..<image.height {
            for x in max(0, left - 2)..<image.width where image[x, y][3] > 0 {
                #expect(x >= left && x < right && y >= top && y < bottom, "badge pixel (\(x), \(y)) outside \(logo)")
                if Self.close(image[x, y], Self.mint, within: 8) { mintCount += 1 }
                if Self.close(image[x, y], Self.black) { groundCount += 1 }
            }
        }
        let area = (right - left) * (bottom - top)
        #expect(groundCount > area / 2, "the black pill fills most of its rectangle")
        #expect(mintCount > area / 20, "the mint wordmark is drawn")
        // The pill's rounded ends: the rectangle's corners stay clear, its side midpoints are ground.
        #expect(image[left, top][3] == 0)
        #expect(Self.close(image[left + 3, (top + bottom) / 2], Self.black))
        #expect(Self.close(image[right - 3, (top + bottom) / 2], Self.black))
    }

    @Test(arguments: [
        (ColorPalette.default, black, mint), (.alt, mint, black), (.darkMono, black, white), (.lightMono, white, black),
    ])
    func badgePalettes(palette: ColorPalette, ground: SIMD4<UInt8>, mark: SIMD4<UInt8>) throws {
        let (image, metadata) = try Self.render(Fixtures.breakdown(palette: palette, link: .none))
        let logo = try #require(metadata.logo)
        let midY = Int((logo.y + logo.height / 2) * 2)
        #expect(Self.close(image[Int(logo.x * 2) + 4, midY], ground))
        var markPixels = 0
        for y in Int(logo.y * 2)..<Int(logo.maxY * 2) {
            for x in Int(logo.x * 2)..<Int(logo.maxX * 2) where Self.close(image[x, y], mark, within: 8) { markPixels += 1 }
        }
        #expect(markPixels > 200)
    }

    /// A renderer keeps each palette's stylesheet (`ArtworkLibrary.stylesheet(_:)`): the palettes
    /// drawn in turn by one renderer, twice over, each give the bytes a new renderer gives them.
    @Test func palettesInTurnKeepTheirOwnColours() throws {
        let renderer = try Fixtures.renderer()
        let settings = RenderSettings(scale: .x2)
        for _ in 0..<2 {
            for palette in [ColorPalette.default, .alt, .darkMono, .lightMono] {
                let breakdown = Fixtures.breakdown(palette: palette)
                let drawn = try renderer.render(breakdown, settings: settings, format: .png).bytes
                #expect(drawn == (try Fixtures.renderer().render(breakdown, settings: settings, format: .png).bytes), "\(palette)")
            }
        }
    }

    @Test func lockupHasATransparentGround() throws {
        let (image, metadata) = try Self.render(Fixtures.breakdown(kind: .lockup, palette: .alt, link: .none))
        let logo = try #require(metadata.logo)
        var opaque = 0, total = 0
        for y in Int(logo.y * 2)..<Int(logo.maxY * 2) {
            for x in Int(logo.x * 2)..<Int(logo.maxX * 2) {
                total += 1
                if image[x, y][3] > 0 { opaque += 1 }
            }
        }
        #expect(opaque > total / 10 && opaque < total * 3 / 4, "only the wordmark is drawn: \(opaque) of \(total)")
    }

    @Test func cashAppLockupHasAGreenSquare() throws {
        let (image, metadata) = try Self.render(Fixtures.breakdown(kind: .lockup, brand: .cashAppAfterpay, requested: .badge, link: .none))
        let logo = try #require(metadata.logo)
        // #00D633, the green of the SDK's own Cash App Afterpay SVGs (docs/fidelity.md section 5).
        let green = SIMD4<UInt8>(0x00, 0xD6, 0x33, 255)
        var greenPixels = 0
        for y in Int(logo.y * 2)..<Int(logo.maxY * 2) {
            for x in Int(logo.x * 2)..<Int((logo.x + logo.height) * 2) where Self.close(image[x, y], green) { greenPixels += 1 }
        }
        #expect(greenPixels > Int(logo.height * logo.height * 4) / 3)
    }

    @Test func darkAppearanceDrawsWhiteTextAndTheDarkPalette() throws {
        var breakdown = Fixtures.breakdown(palette: .darkMono, link: .none)
        breakdown.textColor = DefaultColors.text(.dark)
        let (image, metadata) = try Self.render(breakdown, background: RGBAColor(red8: 0x1C, green8: 0x1C, blue8: 0x1E))
        let logo = try #require(metadata.logo)
        var whiteText = 0
        for y in 0..<image.height {
            for x in 0..<Int(logo.x * 2) - 4 where Self.close(image[x, y], Self.white) { whiteText += 1 }
        }
        #expect(whiteText > 300)
        #expect(Self.close(image[0, 0], SIMD4(0x1C, 0x1C, 0x1E, 255)))
    }

    @Test func textLinkIsUnderlinedInTheLinkColour() throws {
        let (image, metadata) = try Self.render(Fixtures.breakdown(link: .text("More Info")))
        let link = try #require(metadata.link)
        let baseline = try #require(metadata.baselines.first)
        // The underline sits just under the baseline, across the link's width.
        var underlineRow: Int?
        for y in Int(baseline * 2)..<Int(baseline * 2) + 8 {
            let row = (Int(link.x * 2) + 2..<Int(link.maxX * 2) - 2).filter { image[$0, y][3] > 100 }
            if row.count > Int(link.width * 2) - 8 { underlineRow = y }
        }
        let y = try #require(underlineRow, "no underline under the link")
        let pixel = image[Int((link.x + link.width / 2) * 2), y]
        #expect(Self.close(SIMD4(pixel[0], pixel[1], pixel[2], 255), SIMD4(60, 60, 67, 255), within: 6))
        #expect(abs(Int(pixel[3]) - 153) < 40)
    }

    @Test func circledInfoIconIsTintedWithTheLinkColour() throws {
        var breakdown = Fixtures.breakdown()
        breakdown.linkColor = RGBAColor(red8: 255, green8: 0, blue8: 0)
        let (image, metadata) = try Self.render(breakdown)
        let link = try #require(metadata.link)
        var red = 0
        for y in Int(link.y * 2)..<Int(link.maxY * 2) {
            for x in Int(link.x * 2)..<min(image.width, Int(link.maxX * 2)) where Self.close(image[x, y], SIMD4(255, 0, 0, 255)) {
                red += 1
            }
        }
        #expect(red > 50)
    }

    /// The SDK's view writes the link colour over a custom string (docs/fidelity.md section 3): the
    /// markup's green is gone, the words are in the default link colour rgba(60, 60, 67, 0.6).
    @Test func customMarkupTakesTheLinkColour() throws {
        let rendered = try Fixtures.renderer().render(
            Fixtures.breakdown(link: .markup("<span foreground=\"#00FF00\">Details</span>")), settings: RenderSettings(scale: .x2),
            format: .png)
        let image = try PNGDecoder.decode([UInt8](rendered.bytes))
        let link = try #require(rendered.metadata.link)
        var green = 0, linkColour = 0
        for y in Int(link.y * 2)..<Int(link.maxY * 2) {
            for x in Int(link.x * 2)..<min(image.width, Int(link.maxX * 2)) {
                let p = image[x, y]
                if p[3] > 100, p[1] > 200, p[0] < 60, p[2] < 60 { green += 1 }
                if p[3] > 100, (50...70).contains(p[0]), (50...70).contains(p[1]), (57...77).contains(p[2]) { linkColour += 1 }
            }
        }
        #expect(green == 0)
        #expect(linkColour > 50)
    }
}
