import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import Foundation
import Testing
@testable import RenderTestSupport

/// Every string the content model can produce is drawn with real glyphs (no boxes) in Inter.
@Suite struct GlyphCoverageTests {
    static let deviceLocales = ["en_AU", "en_US", "fr_CA", "en_GB", "en_NZ", "en_CA", "de_DE", "fr_FR", "en_IN", "ja_JP"]

    @Test func everySentenceHasEveryGlyph() throws {
        let renderer = try Fixtures.renderer()
        var checked = 0
        for locale in MerchantLocale.allCases {
            let configuration = try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: locale.identifier)
            for device in Self.deviceLocales {
                for amount in [Decimal(100), Decimal(0), Decimal(string: "1234.56")!] {
                    for intro in IntroText.allCases {
                        for style in ModalLinkStyle.namedStyles {
                            let options = PriceBreakdownOptions(
                                introText: intro, moreInfoOptions: MoreInfoOptions(modalLinkStyle: style))
                            // The consumer's language follows the device's, as on a phone.
                            let breakdown = PriceBreakdown(configuration: configuration, deviceLocale: device, options: options, amount: Amount(amount))
                            let layout = try renderer.layout(breakdown, style: LayoutStyle())
                            #expect(layout.unknownGlyphCount == 0, "missing glyphs in \"\(breakdown.text)\" (\(device))")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test func frenchCanadianSentenceIsDrawn() throws {
        let configuration = try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "fr_CA")
        let breakdown = PriceBreakdown(
            configuration: configuration, deviceLocale: "fr_CA",
            options: PriceBreakdownOptions(moreInfoOptions: MoreInfoOptions(modalLinkStyle: .learnMoreText)), amount: 100)
        #expect(breakdown.text == "ou 4 paiements sans intérêts de 25,00\u{A0}$ avec")
        let layout = try Fixtures.renderer().layout(breakdown, style: LayoutStyle())
        #expect(layout.unknownGlyphCount == 0)
        #expect(layout.dump.contains("En savoir plus"))
    }
}
