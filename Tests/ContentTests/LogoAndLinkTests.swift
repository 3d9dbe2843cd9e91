import BreakdownContent
import Foundation
import Testing

@Suite struct LogoChoiceTests {
    @Test(arguments: [Brand.afterpay, .clearpay], LogoType.allCases)
    func afterpayAndClearpayDrawTheRequestedType(brand: Brand, type: LogoType) {
        let choice = LogoChoice(brand: brand, logoType: type, colorScheme: .static(.default), appearance: .light)
        #expect(choice.kind == type)
        #expect(choice.brand == brand)
        #expect(choice.heightMultiplier == (type == .badge ? 1.8 : 1.0))
        #expect(choice.descenderMultiplier == (type == .badge ? 1.0 : 1.2))
    }

    @Test(arguments: LogoType.allCases)
    func usAlwaysDrawsTheCashAppLockupSizedByType(type: LogoType) {
        let choice = LogoChoice(brand: .cashAppAfterpay, logoType: type, colorScheme: .static(.alt), appearance: .light)
        #expect(choice.kind == .lockup)
        #expect(choice.brand == .cashAppAfterpay)
        // behavior.md section 6: the requested type's multipliers (badge 1.8 and 1.0, the others 1.0 and 1.2).
        #expect(choice.heightMultiplier == (type == .badge ? 1.8 : 1.0))
        #expect(choice.descenderMultiplier == (type == .badge ? 1.0 : 1.2))
        #expect(choice.artworkName == "lockup-cashappafterpay")
        #expect(choice.palette == .alt)
    }

    @Test func usBadgeIsALargerLockup() throws {
        let result = breakdown("100", try configuration("en_US"))
        #expect(result.logo.kind == .lockup)
        #expect(result.logo.heightMultiplier == 1.8)
    }

    @Test func staticAndDynamicSchemes() {
        let dynamic = LogoColorScheme.dynamic(lightPalette: .alt, darkPalette: .darkMono)
        #expect(LogoChoice(brand: .afterpay, logoType: .badge, colorScheme: dynamic, appearance: .light).palette == .alt)
        #expect(LogoChoice(brand: .afterpay, logoType: .badge, colorScheme: dynamic, appearance: .dark).palette == .darkMono)
        #expect(LogoChoice(brand: .afterpay, logoType: .lockup, colorScheme: .static(.lightMono), appearance: .dark).palette == .lightMono)
    }

    @Test func breakdownCarriesTheChoice() throws {
        let options = PriceBreakdownOptions(
            logoType: .compactBadge, logoColorScheme: .dynamic(lightPalette: .default, darkPalette: .lightMono), appearance: .dark)
        let logo = breakdown("100", try configuration("en_GB"), options: options).logo
        #expect(logo == LogoChoice(kind: .compactBadge, brand: .clearpay, palette: .lightMono, heightMultiplier: 1, descenderMultiplier: 1.2))
        #expect(logo.artworkName == "compact-badge-clearpay")
    }

    @Test func paletteColours() {
        let badge = LogoChoice(brand: .afterpay, logoType: .badge, colorScheme: .static(.default), appearance: .light)
        #expect(badge.colors == LogoColors(ground: .black, mark: .bondiMint))
        let lockup = LogoChoice(brand: .afterpay, logoType: .lockup, colorScheme: .static(.alt), appearance: .light)
        #expect(lockup.colors == LogoColors(ground: nil, mark: .black))
        let cashApp = LogoChoice(brand: .cashAppAfterpay, logoType: .badge, colorScheme: .static(.default), appearance: .light)
        #expect(cashApp.colors.ground == .cashAppGreen)
        #expect(RGBAColor.bondiMint.description == "#B2FCE4")
    }
}

@Suite struct InfoLinkTests {
    @Test func defaultIsCircledInfoIconToRegionPage() throws {
        let link = breakdown("100", try configuration()).link
        #expect(link.content == .circledInfoIcon)
        #expect(link.url == "https://static.afterpay.com/modal/en_AU.html")
        #expect(!link.isUnderlined)
    }

    // Reference section 7 examples, and more.
    @Test func urls() throws {
        let white = PriceBreakdownOptions(moreInfoOptions: MoreInfoOptions(modalTheme: .white))
        #expect(
            breakdown("100", try configuration("en_CA", consumer: "fr_CA"), options: white).link.url
                == "https://static.afterpay.com/modal/fr_CA-theme-white.html")
        let cbt = PriceBreakdownOptions(moreInfoOptions: MoreInfoOptions(isCbtEnabled: true))
        #expect(breakdown("100", try configuration("en_GB"), options: cbt).link.url == "https://static.afterpay.com/modal/en_GB-cbt.html")
        let both = PriceBreakdownOptions(moreInfoOptions: MoreInfoOptions(modalTheme: .white, isCbtEnabled: true))
        #expect(breakdown("100", try configuration("en_NZ"), options: both).link.url == "https://static.afterpay.com/modal/en_NZ-theme-white-cbt.html")
        let modal = PriceBreakdownOptions(moreInfoOptions: MoreInfoOptions(modalId: "custom-page_1"))
        #expect(breakdown("100", try configuration(), options: modal).link.url == "https://static.afterpay.com/modal/custom-page_1.html")
        // Merchant fr_CA, English consumer: the language of the display language, the merchant's region.
        #expect(breakdown("100", try configuration("fr_CA"), device: "en_AU").link.url == "https://static.afterpay.com/modal/en_CA.html")
        // No display language: en.
        #expect(breakdown("100", try configuration("en_US"), device: "es_US").link.url == "https://static.afterpay.com/modal/en_US.html")
        #expect(breakdown("100", try configuration("en_CA"), device: "de_DE").link.url == "https://static.afterpay.com/modal/en_CA.html")
    }

    @Test func noneHasNoLinkAndNoURL() throws {
        let options = PriceBreakdownOptions(moreInfoOptions: MoreInfoOptions(modalLinkStyle: .none))
        let link = breakdown("100", try configuration(), options: options).link
        #expect(link.content == .none)
        #expect(link.url == nil)
    }

    @Test(arguments: [
        (ModalLinkStyle.moreInfoText, "More Info", "Plus d'infos"),
        (.learnMoreText, "Learn More", "En savoir plus"),
    ])
    func textStylesAreLocalizedAndUnderlined(style: ModalLinkStyle, english: String, french: String) throws {
        let options = PriceBreakdownOptions(moreInfoOptions: MoreInfoOptions(modalLinkStyle: style))
        let en = breakdown("100", try configuration("en_CA"), options: options).link
        #expect(en.content == .text(english))
        #expect(en.isUnderlined)
        let fr = breakdown("100", try configuration("en_CA"), device: "fr_CA", options: options).link
        #expect(fr.content == .text(french))
    }

    @Test func imageAndCustomStyles() throws {
        func link(_ style: ModalLinkStyle, _ locale: String = "en_AU") throws -> InfoLink {
            breakdown("100", try configuration(locale), options: PriceBreakdownOptions(moreInfoOptions: MoreInfoOptions(modalLinkStyle: style))).link
        }
        #expect(try link(.circledQuestionIcon).content == .circledQuestionIcon)
        #expect(try link(.circledQuestionIcon).content.artworkName == "icon-circled-question")
        #expect(try link(.circledLogo, "en_GB").content == .circledLogo(.clearpay))
        #expect(try link(.circledLogo, "en_GB").content.artworkName == "icon-circled-logo-clearpay")
        let custom = try link(.custom(markup: "<b>Info</b>"))
        #expect(custom.content == .markup("<b>Info</b>"))
        #expect(!custom.isUnderlined)
        #expect(custom.url == "https://static.afterpay.com/modal/en_AU.html")
    }

    @Test func styleNames() {
        #expect(ModalLinkStyle.namedStyles.map(\.name) == [
            "circledInfoIcon", "moreInfoText", "learnMoreText", "circledQuestionIcon", "circledLogo", "none",
        ])
        #expect(ModalLinkStyle(name: "custom") == nil)
        #expect(ModalLinkStyle(name: "learnMoreText") == .learnMoreText)
    }
}
