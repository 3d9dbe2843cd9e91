import Breakdown
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The tests of PriceDoorsTests that start a process; the rest are PriceDoorsTests, in CLITests.
@Suite struct PriceDoorsEndToEndTests {
    /// `serve`: the JSON endpoint answers the same sentence, or 400 with the same words, for each view.
    @Test func theServerGivesTheSameVerdict() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        for platform in ["ios", "android"] {
        for (text, verdict) in PriceTable.doors {
            let escaped = text.replacingOccurrences(of: "+", with: "%2B")
            let reply = try server.get("/v1/breakdown.json?amount=\(escaped)&platform=\(platform)")
            switch verdict {
            case .drawn(let sentence):
                #expect(reply.status == 200, "\(text): \(reply.text.prefix(300))")
                #expect((try? reply.json())?["text"] as? String == sentence, "\(text): \(reply.text.prefix(300))")
            case .refused(let words):
                #expect(reply.status == 400, "\(text): \(reply.status)")
                let detail = (try? reply.json())?["detail"] as? String ?? ""
                #expect(detail.hasPrefix("amount: '\(text)' ") && detail.contains(words), "\(text): \(detail)")
            }
        }
        }
        #expect(server.stop() == 0)
    }
}
