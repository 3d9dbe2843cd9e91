import BreakdownContent
import BreakdownLayout
import BreakdownPipeline
import Foundation
import Testing

/// Issue 48, item 1: `--device-locale ar_SA` drew the instalment's Arabic-Indic digits as boxes.
/// The locales come from ICU through Foundation, not from the renderer's list: every locale
/// Foundation knows whose default numbering system is not Latin (arab, arabext, deva, beng,
/// mymr, tibt, nkoo, cakm, olck, adlm, mtei in ICU 74), each laid out in both views with no
/// unknown glyph (the layout would refuse one), its sentence holding that system's digits.
@Suite struct DigitsOfEveryNumberingSystemTests {
    /// Every non-Latin default numbering system, with the locales that use it.
    static let localesBySystem: [String: [String]] = {
        var systems: [String: [String]] = [:]
        for identifier in Locale.availableIdentifiers.sorted() {
            let system = Locale(identifier: identifier).numberingSystem.identifier
            if system != "latn" { systems[system, default: []].append(identifier) }
        }
        return systems
    }()

    /// The system's ten digits, as its own formatter writes 0 to 9.
    static func digits(of locale: String) -> Set<Character> {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = .decimal
        return Set((0...9).compactMap { formatter.string(from: NSNumber(value: $0))?.first })
    }

    @Test func icuListsTheSystemsTheIssueNames() {
        let systems = Set(Self.localesBySystem.keys)
        // ar_EG (Arabic-Indic), fa_IR (Persian), my_MM (Myanmar), and Devanagari and Bengali.
        #expect(systems.isSuperset(of: ["arab", "arabext", "mymr", "deva", "beng"]), "\(systems.sorted())")
        #expect(Self.localesBySystem["arab"]?.contains("ar_EG") == true && Self.localesBySystem["arabext"]?.contains("fa_IR") == true)
    }

    @Test(arguments: ["ios", "android"]) func everyDefaultNumberingSystemIsDrawnWithRealGlyphs(platform: String) throws {
        let renderer = try BreakdownRenderer()
        var checked = 0
        for (system, locales) in Self.localesBySystem.sorted(by: { $0.key < $1.key }) {
            let digits = Self.digits(of: locales[0])
            #expect(digits.count == 10 && !digits.contains("0"), "\(system): \(digits)")
            // Each locale of the system as the device, and the system asked for on an English
            // device (`-u-nu-`): the Android view writes a foreign currency (AUD on an ar_EG
            // device) in Latin digits, so it meets these digits in the second.
            for device in locales + ["en_AU@numbers=\(system)"] {
                let breakdown: PriceBreakdown
                let layout: BreakdownLayout
                if platform == "ios" {
                    let configuration = try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU", consumerLocale: "en_AU")
                    breakdown = BreakdownInputs(configuration: configuration, deviceLocale: device, amount: Amount(Decimal(string: "1234.56")!)).breakdown
                    layout = try renderer.layout(breakdown, style: LayoutStyle())
                } else {
                    let configuration = try AndroidConfiguration(
                        minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU", consumerLocale: "en_AU")
                    let view = try BreakdownView(
                        android: AndroidInputs(configuration: configuration, deviceLocale: device, amount: Decimal(string: "1234.56")!))
                    breakdown = view.breakdown
                    layout = try renderer.layout(view, style: LayoutStyle(fontFamily: "Roboto", fontSize: 14, tracking: .none))
                }
                #expect(!breakdown.isHidden, "\(device)")
                #expect(layout.unknownGlyphCount == 0, "\(device): \(breakdown.text)")
                if platform == "ios" || device.hasPrefix("en_AU@") {
                    #expect(breakdown.text.contains { digits.contains($0) }, "\(device): \(breakdown.text) has no \(system) digit")
                }
                checked += 1
            }
        }
        #expect(checked >= 80, "\(checked) locales")
    }
}
