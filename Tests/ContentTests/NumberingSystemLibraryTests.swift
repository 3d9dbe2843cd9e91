import BreakdownContent
import Foundation
import Testing

/// The library's own door (`import Breakdown`, the snapshot library): inputs made in code, with
/// no option table in front, never draw a price from a device locale whose numbers are not
/// decimal digits, and never stop the process on a numbering system ICU lacks. The view is
/// hidden, saying why (a renderer then refuses it as hidden); a caller's own currency formatter
/// writes Latin digits instead of crashing.
@Suite struct NumberingSystemLibraryTests {
    /// Non-decimal systems, names ICU lacks, and spellings Foundation's `Locale` reads otherwise
    /// than ICU (each of the last three stopped the process in NumberFormatter when made).
    static let locales = [
        "en_AU@numbers=roman", "en_AU@numbers=hans", "en_AU@numbers=bogus", "en_AU@numbers=Latn", "en-AU-u-nu-bogus",
        "en-AU-u-nu-LATN", "en_AU_u_nu_bogus", "en-AU-u-ca-gregory-nu-bogus",
    ]

    @Test(arguments: locales) func theIOSViewIsHiddenSayingWhy(locale: String) throws {
        let configuration = try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU")
        for amount: Amount in [1234.56, 5000.00] {  // in range, and outside the limits
            let view = BreakdownView.ios(BreakdownInputs(configuration: configuration, deviceLocale: locale, amount: amount))
            guard case .hidden(let reason) = view.outcome else {
                Issue.record("\(locale), \(amount): \(view.outcome), text \(view.breakdown.text)")
                continue
            }
            #expect(reason.contains(locale) || reason.contains("numbering system"), "\(reason)")
            #expect(reason.contains("decimal digits"), "\(reason)")
        }
    }

    @Test(arguments: locales) func theAndroidViewIsHiddenSayingWhy(locale: String) throws {
        let configuration = try AndroidConfiguration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU")
        let view = try BreakdownView(android: AndroidInputs(configuration: configuration, deviceLocale: locale, amount: Decimal(string: "1234.56")!))
        guard case .hidden(let reason) = view.outcome else {
            Issue.record("\(locale): \(view.outcome), text \(view.breakdown.text)")
            return
        }
        #expect(reason.contains("decimal digits"), "\(reason)")
    }

    /// Decimal systems are still drawn: the guard is not a blanket refusal of `numbers=`.
    @Test func decimalSystemsAreShown() throws {
        let configuration = try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU")
        for locale in ["en_AU", "en_AU@numbers=arab", "en_AU@numbers=deva", "en-AU-u-nu-thai"] {
            let view = BreakdownView.ios(BreakdownInputs(configuration: configuration, deviceLocale: locale, amount: 1234.56))
            #expect(view.outcome == .inRange, "\(locale)")
        }
    }

    /// A caller's own formatter on a name ICU lacks: Latin digits, the locale's own symbol, no crash.
    @Test func aCurrencyFormatterNeverStopsTheProcess() {
        for locale in ["en_AU@numbers=bogus", "en-AU-u-nu-bogus", "en-AU-u-nu-LATN", "en_AU_u_nu_bogus"] {
            let text = CurrencyFormatter(currency: .AUD, merchantLocale: .enAU, deviceLocale: locale).string(from: Decimal(string: "308.64")!)
            #expect(text == "$308.64", "\(locale): \(text)")
        }
    }
}
