import BreakdownContent
import Foundation
import Testing

/// Issue 48: Increase Contrast's colours in the content model. `secondaryLabel`'s high-contrast
/// values as Flutter's CupertinoColors publishes them (light rgba(60, 60, 67, 173/255), dark
/// rgba(235, 235, 245, 173/255)); `label` has no other value; the logo depends only on light or
/// dark. The Android view refuses both iOS settings.
@Suite struct AccessibilityColorsTests {
    static func breakdown(_ options: PriceBreakdownOptions) throws -> PriceBreakdown {
        let configuration = try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU")
        return PriceBreakdown(configuration: configuration, deviceLocale: "en_AU", options: options, amount: 100)
    }

    @Test(arguments: [Appearance.light, .dark]) func increaseContrastChangesTheLinkColourOnly(appearance: Appearance) throws {
        let plain = try Self.breakdown(PriceBreakdownOptions(appearance: appearance))
        let high = try Self.breakdown(PriceBreakdownOptions(appearance: appearance, increaseContrast: true))
        let expected =
            appearance == .light
            ? RGBAColor(red8: 60, green8: 60, blue8: 67, alpha8: 173) : RGBAColor(red8: 235, green8: 235, blue8: 245, alpha8: 173)
        #expect(high.linkColor == expected)
        #expect(high.textColor == plain.textColor)
        #expect(high.logo == plain.logo)
        #expect(high.increaseContrast && !plain.increaseContrast)
        // A colour the merchant gave stays as given.
        let given = try RGBAColor(hex: "#123456")
        #expect(try Self.breakdown(PriceBreakdownOptions(appearance: appearance, linkColor: given, increaseContrast: true)).linkColor == given)
        // The contrast report measures what is drawn: more contrast for the link, the same for the text.
        let page = appearance.pageColor
        #expect(ContrastRatio.ratio(high.linkColor.over(page), page) > ContrastRatio.ratio(plain.linkColor.over(page), page))
    }

    @Test func boldTextIsCarriedToTheLayout() throws {
        #expect(try Self.breakdown(PriceBreakdownOptions(boldText: true)).boldText)
        #expect(try !Self.breakdown(PriceBreakdownOptions()).boldText)
    }

    @Test func theAndroidViewRefusesTheIOSSettings() throws {
        let configuration = try AndroidConfiguration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU")
        for (options, name) in [(PriceBreakdownOptions(increaseContrast: true), "increaseContrast"), (PriceBreakdownOptions(boldText: true), "boldText")] {
            #expect(throws: AndroidBreakdownError.iOSSetting(name)) {
                try AndroidInputs(configuration: configuration, deviceLocale: "en_AU", options: options, amount: 100).breakdown()
            }
        }
    }
}
