import Breakdown
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The tests of LimitSizeTests that start a process; the rest are LimitSizeTests, in CLITests.
@Suite struct LimitSizeEndToEndTests {
    /// The server refuses it sooner, at its own limit for a query's numbers (10^9).
    @Test func serveRefusesItToo() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        let reply = try server.get("/v1/breakdown.json?amount=0.5&max=9007199254740993")
        #expect(reply.status == 400)
        #expect(((try? reply.json())?["detail"] as? String ?? "").hasPrefix("max: '9007199254740993' is over this server's limit"), "\(reply.text.prefix(300))")
        #expect(server.stop() == 0)
    }
}
