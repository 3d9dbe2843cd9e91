@testable import BreakdownContent
import BreakdownEncode
import Foundation
import Testing

/// The metadata's contrast ratios are the two-decimal texts a person reads (`ContrastReport.format`,
/// rounded down), as numbers: each is checked against the text itself read by Swift's own
/// `Double(String)`, over every hundredth from 1 to 21 (WCAG's range), just above and below each,
/// and a spread of ratios as the colours give them.
@Suite struct ContrastRoundingTests {
    @Test func everyRatioIsItsTextReadAsANumber() {
        var ratios: [Double] = [1, 1.005, 2.999, 3, 4.5, 7, 20.999_999, 21]
        for hundredths in 100...2100 {
            let exact = Double(hundredths) / 100
            ratios += [exact, exact.nextUp, exact.nextDown, exact - 1e-9, exact + 5e-10, exact - 2e-9]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { ratios.append(Double.random(in: 1...21, using: &generator)) }
        var wrong: [Double] = []
        for ratio in ratios {
            let read = Double(ContrastReport.format(ratio))
            if RenderMetadata.ContrastRecord.rounded(ratio) != read { wrong.append(ratio) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { "\($0) → \(ContrastReport.format($0))" })")
        // Written out by hand: 4.5678 shows 4.56, 2.999 shows 2.99 (never 3.00).
        #expect(RenderMetadata.ContrastRecord.rounded(4.5678) == 4.56)
        #expect(RenderMetadata.ContrastRecord.rounded(2.999) == 2.99)
        #expect(RenderMetadata.ContrastRecord.rounded(21) == 21)
    }

    /// A whole record: the colours' ratios as their texts, the colours as `#RRGGBB`.
    @Test func aRecordHoldsTheRoundedRatiosOfItsReport() throws {
        let report = ContrastReport(
            page: try RGBAColor(hex: "#FFFFFF"), logoForeground: try RGBAColor(hex: "#000000"),
            logoBackground: try RGBAColor(hex: "#B2FCE4"), logo: 18.123_456, text: 2.999_9, link: 4.505)
        let record = RenderMetadata.ContrastRecord(report)
        #expect(record.logo == 18.12 && record.text == 2.99 && record.link == 4.5)
        #expect(record.page == "#FFFFFF" && record.logoForeground == "#000000" && record.logoBackground == "#B2FCE4")
        #expect(record.warnings.count == 1)
    }
}
