import BreakdownLocking
@testable import BreakdownContent
import Foundation
import Testing

/// What a configuration's breakdowns share is resolved once and kept (`SharedContent`, issue 49):
/// every breakdown is still its own inputs', whatever was asked before, in any order, from any
/// thread, and the cache stays within its bound. Expected sentences are worked out by hand from
/// the seed's wording (a quarter of the amount, the limits as whole dollars).
@Suite struct SharedContentTests {
    /// One configuration, amounts interleaved and repeated, with other devices and options in
    /// between: each answer is its own amount's, never the last one's or another key's.
    @Test func repeatedAndInterleavedAmountsEachGetTheirOwnSentence() throws {
        let shop = try configuration("en_AU", max: "3000.00")
        let cases: [(amount: String, device: String, options: PriceBreakdownOptions, text: String)] = [
            ("100", "en_AU", .init(), "or 4 interest-free payments of $25.00 with"),
            ("40.40", "en_AU", .init(), "or 4 interest-free payments of $10.10 with"),
            ("100", "en_US", .init(), "or 4 interest-free payments of A$25.00 with"),
            ("100", "en_AU", .init(showInterestFreeText: false), "or 4 payments of $25.00 with"),
            ("0", "en_AU", .init(), "available for orders between $1 – $3,000"),
            ("3000.04", "en_AU", .init(), "available for orders between $1 – $3,000"),
            ("2000", "en_AU", .init(), "or 4 interest-free payments of $500.00 with"),
            ("8", "en_AU", .init(), "or 4 interest-free payments of $2.00 with"),
            ("12", "en_AU", .init(), "or 4 interest-free payments of $3.00 with"),
            ("16", "en_AU", .init(), "or 4 interest-free payments of $4.00 with"),
        ]
        // Twice forwards and once backwards: the second and third rounds come from the cache.
        for item in cases + cases + cases.reversed() {
            let result = breakdown(item.amount, shop, device: item.device, options: item.options)
            #expect(result.text == item.text, "amount \(item.amount) on \(item.device)")
            let placement: LogoPlacement = item.text.hasPrefix("available") ? .start : .end
            #expect(result.logoPlacement == placement)
            let label = placement == .end ? "\(item.text) after pay" : "after pay \(item.text)"
            #expect(result.accessibilityLabel == label)
        }
    }

    /// Amounts equal in value but written differently (25, 25.0, 25.000) give the same sentence.
    @Test func amountsEqualInValueGiveTheSameSentence() throws {
        let shop = try configuration()
        for written in ["25", "25.0", "25.000", "25"] {
            #expect(breakdown(written, shop).text == "or 4 interest-free payments of $6.25 with")
        }
    }

    /// More distinct configurations than the cache keeps: it never holds more than its bound,
    /// and each configuration's limits sentence names its own maximum, also after it was dropped.
    @Test func theCacheKeepsAtMostItsBoundAndEveryAnswerStaysRight() throws {
        let count = SharedContent.capacity + 40
        for round in 0..<2 {
            for index in 0..<count {
                let maximum = 2000 + index
                let shop = try configuration("en_AU", max: "\(maximum).00")
                let thousands = "\(maximum / 1000),\(String(repeating: "0", count: 3 - String(maximum % 1000).count))\(maximum % 1000)"
                #expect(breakdown("0", shop).text == "available for orders between $1 – $\(thousands)", "round \(round), maximum \(maximum)")
                #expect(SharedContent.cachedCount <= SharedContent.capacity)
            }
        }
    }

    /// Two threads ask for the same configuration's breakdowns of different amounts at once:
    /// each gets its own amount's sentence (a cache that mixed them up would show another price).
    @Test func threadsAskingAtOnceEachGetTheirOwnAmount() throws {
        let shop = try configuration("en_AU", max: "9999.00")
        let wrong = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for step in 0..<300 {
                let cents = 4 * (100 + thread * 1000 + step)
                let amount = "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
                let quarter = cents / 4
                let expected = "or 4 interest-free payments of $\(quarter / 100).\(quarter % 100 < 10 ? "0" : "")\(quarter % 100) with"
                if breakdown(amount, shop).text != expected { wrong.withLock { $0 += 1 } }
            }
        }
        #expect(wrong.withLock { $0 } == 0)
    }

    /// The sentence's ends around the instalment are split once, and only where trimming the
    /// whole sentence could never reach the instalment.
    @Test func theSentenceIsSplitAroundTheInstalmentOnlyWhereTheTrimCannotReachIt() {
        #expect(SharedContent.ends("or 4 payments of \u{0} with").map { [$0.prefix, $0.suffix] } == ["or 4 payments of ", " with"])
        #expect(SharedContent.ends(" \t4 payments of \u{0} with").map { [$0.prefix, $0.suffix] } == ["4 payments of ", " with"])
        #expect(SharedContent.ends("or 4 payments of \u{0} ") == nil)
        #expect(SharedContent.ends("or 4 payments of \u{0}") == nil)
        #expect(SharedContent.ends("  \u{0} with") == nil)
        #expect(SharedContent.ends("no instalment") == nil)
    }

    /// The sentences whose ends are trimmed: no intro, no "with", both, and Canadian French.
    @Test func sentencesTrimmedAtEitherEndAreExact() throws {
        let shop = try configuration()
        #expect(breakdown("100", shop, options: .init(introText: .empty)).text == "4 interest-free payments of $25.00 with")
        #expect(breakdown("100", shop, options: .init(showWithText: false)).text == "or 4 interest-free payments of $25.00")
        #expect(breakdown("100", shop, options: .init(introText: .empty, showWithText: false)).text == "4 interest-free payments of $25.00")
        let canada = try configuration("en_CA", consumer: "fr_CA")
        #expect(breakdown("100", canada, device: "fr_CA").text == "ou 4 paiements sans intérêts de 25,00\u{a0}$ avec")
    }
}
