@testable import BreakdownContent
import Foundation
import Testing

/// A currency formatter's amounts written from its template (AmountTemplate, issue 49) are the
/// very text ICU writes: every currency in every merchant region on devices of many locales
/// (grouping of threes, spaces, apostrophes, Indian grouping and other digits among them), over
/// thousands of amounts. ICU is the reference here: the template is checked against it, never
/// against itself.
@Suite struct AmountTemplateTests {
    static let devices = [
        "en_AU", "en_US", "en_GB", "en_NZ", "en_CA", "fr_CA", "fr_FR", "de_DE", "de_CH", "es_ES", "es_US", "it_IT", "pt_BR",
        "nb_NO", "sv_SE", "ja_JP", "zh_CN", "hi_IN", "en_IN", "ar_EG", "fa_IR", "bn_BD", "th_TH", "ru_RU", "pl_PL",
    ]

    /// Amounts of every size: cents and odd fractions (rounded half-even first, as a record's are),
    /// each power of ten and one short of it, and a spread in between.
    static let amounts: [Decimal] = {
        var texts = ["0", "0.004", "0.005", "0.015", "0.025", "0.1", "1", "9.999", "12.345", "12.355"]
        for power in 0..<13 {
            let one = "1" + String(repeating: "0", count: power)
            texts += [one, String(repeating: "9", count: power + 1) + ".99", one + ".05"]
        }
        for step in 0..<400 { texts.append("\(step * step * 37 + step).\(step % 100 < 10 ? "0" : "")\(step % 100)") }
        return texts.map { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX"))! }
    }()

    @Test(arguments: devices)
    func everyTemplateWritesWhatICUWrites(device: String) {
        var templates = 0
        for region in MerchantLocale.allCases {
            for currency in CurrencyCode.allCases {
                let formatter = CurrencyFormatter(currency: currency, merchantLocale: region, deviceLocale: device)
                let deviceStyle = formatter.usesDeviceStyle
                let symbol = deviceStyle ? "" : formatter.homeSymbol
                let icu = { (amount: Decimal) in formatter.string(from: amount, digits: .currency, usesDeviceStyle: deviceStyle, homeSymbol: symbol) }
                guard let template = AmountTemplate(digits: currency.minorUnitDigits, format: icu) else { continue }
                templates += 1
                for amount in Self.amounts {
                    let rounded = CurrencyFormatter.round(amount, scale: template.digits)
                    let mine = template.string(rounded)
                    #expect(mine == nil || mine == formatter.string(from: amount), "\(currency) in \(region) on \(device): \(amount)")
                }
            }
        }
        // The common devices get templates (the point of them); others may fall back to ICU.
        if ["en_AU", "en_US", "en_GB", "en_NZ", "en_CA", "fr_CA"].contains(device) { #expect(templates > 0) }
    }

    /// A formatter of another shape is given no template: Indian grouping (12,34,567.89) and a
    /// number with no digits at all.
    @Test func formattersOfOtherShapesGetNoTemplate() {
        // Indian grouping written by hand: the last three digits, then twos.
        let indian = { (amount: Decimal) -> String in
            let parts = "\(amount)".split(separator: ".", omittingEmptySubsequences: false)
            var whole = Array(parts[0]), groups: [String] = []
            groups.insert(String(whole.suffix(3)), at: 0)
            whole = Array(whole.dropLast(3))
            while !whole.isEmpty {
                groups.insert(String(whole.suffix(2)), at: 0)
                whole = Array(whole.dropLast(2))
            }
            let cents = parts.count > 1 ? String(parts[1]) : ""
            return "₹" + groups.joined(separator: ",") + "." + cents + String(repeating: "0", count: 2 - cents.count)
        }
        #expect(indian(Decimal(string: "1234567.89")!) == "₹12,34,567.89")
        #expect(AmountTemplate(digits: 2, format: indian) == nil)
        #expect(AmountTemplate(digits: 2) { _ in "—" } == nil)
        // Groups only from five digits on (as Spanish writes 1000 but 10.000): the probe of
        // 1234567,89 takes apart as usual, and the smaller probes refuse the template.
        let spanish = { (amount: Decimal) -> String in
            let parts = "\(amount)".split(separator: ".", omittingEmptySubsequences: false)
            let whole = String(parts[0])
            let cents = parts.count > 1 ? String(parts[1]) : ""
            var grouped = ""
            for (offset, digit) in whole.enumerated() {
                if whole.count >= 5, offset > 0, (whole.count - offset) % 3 == 0 { grouped += "." }
                grouped.append(digit)
            }
            return grouped + "," + cents + String(repeating: "0", count: 2 - cents.count) + " €"
        }
        #expect(spanish(Decimal(string: "1234567.89")!) == "1.234.567,89 €")
        #expect(spanish(Decimal(1000)) == "1000,00 €")
        #expect(AmountTemplate(digits: 2, format: spanish) == nil)
        // And a plain shape is taken apart as written: "$1,234,567.89".
        let plain = AmountTemplate(digits: 2) { amount in
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: "en_US")
            formatter.numberStyle = .currency
            return formatter.string(from: NSDecimalNumber(decimal: amount)) ?? ""
        }
        #expect(plain.map { [$0.prefix, $0.group, $0.decimal, $0.suffix] } == ["$", ",", ".", ""])
        #expect(plain?.string(Decimal(string: "1234.5")!) == "$1,234.50")
    }

    /// The amount's digits as the template reads them are Decimal's own description of it, for
    /// amounts made every way a record's are (parsed, rounded half-even, a quarter taken) and
    /// for significands and exponents at and past the fast way's edges (53 bits, zero, far
    /// exponents), where Decimal's own is used.
    @Test func theDigitsReadAreDecimalsOwnDescription() {
        var amounts = Self.amounts
        for amount in Self.amounts {
            var quarter = amount / 4, rounded = Decimal()
            NSDecimalRound(&rounded, &quarter, 2, .bankers)
            amounts += [quarter, rounded]
        }
        for text in ["0", "0.00", "0.05", "0.5", "5", "50", "500.000", "9007199254740991", "9007199254740992", "9007199254740993",
            "90071992547409.91", "123456789012345678901234567890", "0.000000000000000000000000000001", "1e30", "12e-30"]
        {
            amounts.append(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!)
        }
        for (significand, exponent) in [(1, 5), (123, 3), (7, -1), (7, -3), (1234, -2), (99, 0), (1 << 52, -2), (1 << 53, 0), (0, -2)] {
            amounts.append(Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand)))
        }
        #expect(amounts.count > 1000)
        for amount in amounts {
            #expect(AmountTemplate.exactText(amount) == amount.description, "\(amount)")
        }
    }
}
