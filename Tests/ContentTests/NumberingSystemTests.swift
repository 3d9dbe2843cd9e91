@testable import BreakdownContent
import Foundation
import Testing

/// The numbering-system verdicts a server keeps stay bounded whatever its queries name (each
/// `@x=N` is another identifier), and stay right after the oldest are dropped.
@Suite struct NumberingSystemTests {
    @Test func theVerdictsKeptStayBoundedAndRight() {
        for index in 0..<2_500 { _ = NumberingSystem.problem(localeIdentifier: "en_AU@x=\(index)") }
        #expect(NumberingSystem.keptVerdicts <= 1_024)
        #expect(NumberingSystem.problem(localeIdentifier: "en_AU@numbers=roman") != nil)
        #expect(NumberingSystem.problem(localeIdentifier: "en_AU@numbers=arab") == nil)
        #expect(NumberingSystem.problem(localeIdentifier: "en_AU") == nil)
    }
}
