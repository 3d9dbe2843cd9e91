import BreakdownContent
import Foundation
import Testing

/// WCAG contrast (figures from the WCAG 2 definition and its well-known pairs) and the SDK's image
/// names (the asset catalog's table).
@Suite struct ContrastAndImageNameTests {
    static func breakdown(
        locale brand: Brand = .afterpay, type: LogoType = .badge, palette: ColorPalette = .default, appearance: Appearance = .light,
        link: LinkContent = .circledInfoIcon
    ) -> PriceBreakdown {
        PriceBreakdown(
            text: "or 4 payments", logoPlacement: .end, isHidden: false, hiddenReason: nil, brand: brand, language: "en_AU",
            accessibilityLabel: "", logo: LogoChoice(brand: brand, logoType: type, colorScheme: .static(palette), appearance: appearance),
            link: InfoLink(content: link, url: nil), appearance: appearance)
    }

    @Test func ratiosOfKnownPairs() {
        #expect(abs(ContrastRatio.ratio(.black, .white) - 21) < 1e-9)
        #expect(abs(ContrastRatio.ratio(.white, .white) - 1) < 1e-12)
        #expect(ContrastRatio.ratio(.white, .black) == ContrastRatio.ratio(.black, .white))
        // #767676 on white is the classic smallest grey that passes 4.5:1 (4.54:1).
        let grey = RGBAColor(red8: 0x76, green8: 0x76, blue8: 0x76)
        #expect(abs(ContrastRatio.ratio(grey, .white) - 4.54) < 0.005)
        // #777777 just fails it (4.48:1).
        #expect(abs(ContrastRatio.ratio(RGBAColor(red8: 0x77, green8: 0x77, blue8: 0x77), .white) - 4.48) < 0.005)
        // Pure red on white: 4.00:1; pure green on black: 15.30:1.
        #expect(abs(ContrastRatio.ratio(RGBAColor(red8: 255, green8: 0, blue8: 0), .white) - 3.998) < 0.001)
        #expect(abs(ContrastRatio.ratio(RGBAColor(red8: 0, green8: 255, blue8: 0), .black) - 15.3) < 0.01)
    }

    @Test func translucentColoursAreLaidOverTheirGround() {
        // 60 % of (60, 60, 67) over white: 0.6 × 60 + 0.4 × 255 = 138, 0.6 × 67 + 0.4 × 255 = 142.2.
        let secondary = RGBAColor(red8: 60, green8: 60, blue8: 67, alpha8: 153)
        #expect(secondary.over(.white) == RGBAColor(red8: 138, green8: 138, blue8: 142))
        #expect(RGBAColor(red8: 10, green8: 20, blue8: 30).over(.white) == RGBAColor(red8: 10, green8: 20, blue8: 30))
    }

    @Test func theDefaultBadgeDoesNotWarn() {
        for appearance in Appearance.allCases {
            let report = Self.breakdown(appearance: appearance).contrast(background: nil)
            #expect(report.warnings.isEmpty, "\(appearance): \(report.warnings)")
            // The mint mark on its black pill.
            #expect(report.logoForeground == .bondiMint && report.logoBackground == .black)
        }
    }

    @Test func aWhiteLockupOnALightPageWarns() {
        let report = Self.breakdown(type: .lockup, palette: .darkMono).contrast(background: nil)
        #expect(report.page == .white)
        #expect(abs(report.logo - 1) < 1e-12)
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.contains("1.00:1") == true)
        // The same lockup on a black background is fine; the light appearance's black text then is not.
        let onBlack = Self.breakdown(type: .lockup, palette: .darkMono).contrast(background: .black)
        #expect(abs(onBlack.logo - 21) < 1e-9)
        #expect(onBlack.warnings.count == 2 && onBlack.warnings[0].hasPrefix("the text"))
    }

    @Test func cashAppWordmarksThatVanish() {
        // preferred (default): black wordmark, dark page.
        #expect(Self.breakdown(locale: .cashAppAfterpay, appearance: .dark).contrast(background: nil).logo < 3)
        #expect(Self.breakdown(locale: .cashAppAfterpay, appearance: .light).contrast(background: nil).logo > 20)
        // alt: white wordmark on a white page.
        #expect(Self.breakdown(locale: .cashAppAfterpay, palette: .alt).contrast(background: nil).logo < 1.01)
    }

    @Test func textAndLinkAgainstThePage() {
        let light = Self.breakdown().contrast(background: nil)
        #expect(abs(light.text - 21) < 1e-9)
        let link = try! #require(light.link)
        #expect(link > 3 && link < 4, "secondaryLabel over white is about 3.4:1")
        #expect(Self.breakdown(link: .none).contrast(background: nil).link == nil)
        // A translucent background is laid over the appearance's page colour.
        let tinted = Self.breakdown().contrast(background: RGBAColor(red8: 0, green8: 0, blue8: 0, alpha8: 128))
        #expect(tinted.page == RGBAColor(red8: 127, green8: 127, blue8: 127))
        #expect(Self.breakdown(appearance: .dark).contrast(background: nil).page == .black)
    }

    @Test func ratiosPrintRoundedDown() {
        #expect(ContrastReport.format(2.999) == "2.99")
        #expect(ContrastReport.format(21) == "21.00")
        #expect(ContrastReport.format(1.05) == "1.05")
    }

    @Test func imageNamesFollowTheCatalogsTable() {
        let expected: [String] = [
            "badge-afterpay-mint-on-black", "badge-afterpay-black-on-mint", "badge-afterpay-white-on-black", "badge-afterpay-black-on-white",
            "lockup-afterpay-mint", "lockup-afterpay-black", "lockup-afterpay-white",
            "compact-badge-afterpay-mint-on-black", "compact-badge-afterpay-black-on-mint", "compact-badge-afterpay-white-on-black",
            "compact-badge-afterpay-black-on-white",
            "badge-clearpay-mint-on-black", "badge-clearpay-black-on-mint", "badge-clearpay-white-on-black", "badge-clearpay-black-on-white",
            "lockup-clearpay-mint", "lockup-clearpay-black", "lockup-clearpay-white",
            "compact-badge-clearpay-mint-on-black", "compact-badge-clearpay-black-on-mint", "compact-badge-clearpay-white-on-black",
            "compact-badge-clearpay-black-on-white",
            "lockup-cashappafterpay-preferred", "lockup-cashappafterpay-alt", "lockup-cashappafterpay-darkMono",
            "lockup-cashappafterpay-lightMono",
        ]
        #expect(LogoChoice.allImageNames == expected)
        // lightMono's lockup is the black one, as alt's.
        #expect(Self.breakdown(type: .lockup, palette: .lightMono).logo.imageName == "lockup-afterpay-black")
        // In the US every logo type is the Cash App lockup.
        #expect(Self.breakdown(locale: .cashAppAfterpay, type: .compactBadge, palette: .darkMono).logo.imageName == "lockup-cashappafterpay-darkMono")
    }
}
