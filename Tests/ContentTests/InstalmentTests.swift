@testable import BreakdownContent
import Foundation
import Testing

/// The shortcuts the content takes for speed give what the slow spelling gives.
@Suite struct InstalmentTests {
    @Test(arguments: [
        "0", "0.01", "0.03", "4.06", "25", "99.99", "100", "1234.57", "2000", "99999999.99", "0.000000000000000000000000000001",
        "12345678901234567890123456789012345678", "99999999999999999999999999999999999999",
    ])
    func aQuarterIsTheAmountDividedByFour(_ text: String) throws {
        let amount = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(PriceBreakdown.instalment(of: amount) == amount / 4, "\(text)")
    }

    @Test(arguments: ["", " ", "a", " a", "a ", "\ta\t", " a b ", "\u{00A0}a\u{00A0}", "\u{2003}x", "x\n", "30,00\u{202F}$"])
    func trimmingSpacesIsTrimmingWhitespaces(_ text: String) {
        #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
    }
}
