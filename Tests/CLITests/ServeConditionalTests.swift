import Foundation
import Testing
@testable import CLITestSupport

/// Issue 44, item 6: `If-None-Match: *` turned a request the server refuses (bad markup) into a
/// 304, so a cache kept whatever it had. `*` means "any representation", which a refused request
/// has none of: it is refused whatever its If-None-Match says, and a valid one is 304. The
/// service is called in process (what the daemon passes it is ServeEndToEndTests').
@Suite struct ServeConditionalTests {
    @Test func anyTagIsNotModifiedOnlyForARequestThatIsDrawn() throws {
        let server = try InProcessService(["--allow-unsigned"])
        let bad = "/v1/breakdown.png?amount=5&link-text=%3Cb%3E"
        let good = "/v1/breakdown.png?amount=5"
        for target in [bad, "/v1/breakdown.png?amount=1.299", "/v1/breakdown.png?amount=1000&width=30"] {
            let reply = server.get(target, headers: ["If-None-Match": "*"])
            #expect(reply.status == 400, "\(target): \(reply.status)")
            #expect(reply["etag"] == nil, "\(target): a refusal has no entity tag")
        }
        let first = server.get(good)
        #expect(first.status == 200)
        let etag = try #require(first["etag"])
        #expect(server.get(good, headers: ["If-None-Match": "*"]).status == 304)
        #expect(server.get(good, headers: ["If-None-Match": etag]).status == 304)
        #expect(server.get(good, headers: ["If-None-Match": "\"other\", W/\(etag)"]).status == 304)
        let other = server.get(good, headers: ["If-None-Match": "\"other\""])
        #expect(other.status == 200 && other.body == first.body)
    }
}
