@testable import BreakdownServer
import Foundation
import Testing
import BreakdownTestSupport

/// The tests of ServeRequestSyntaxTests that start a process; the rest are ServeRequestSyntaxTests, in CLITests.
@Suite struct ServeRequestSyntaxEndToEndTests {
    /// The real server, over a socket: each refusal is one problem+json line (400), and the valid
    /// forms around it are answered.
    @Test func theServerRefusesWhatTheGrammarRefuses() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        let cases: [(head: String, status: Int, words: String)] = [
            ("GE(T /healthz HTTP/1.1\r\nHost: a\r\n", 400, "the method 'GE(T' is not a token"),
            ("get /healthz HTTP/1.1\r\nHost: a\r\n", 405, "get is not allowed here"),
            ("GET /healthz HTTP/1.1\r\nHost: a b\r\n", 400, "Host 'a%20b' is not a host with an optional port"),
            ("GET /healthz HTTP/1.1\r\nHost: a/b\r\n", 400, "Host 'a/b' is not a host"),
            ("GET /healthz HTTP/1.1\r\nHost: [::1]:8080\r\n", 200, "ok"),
            ("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:1\r\n", 200, "ok"),
            ("GET http://127.0.0.1/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n", 400, "the request target is in absolute form"),
            ("GET /v1/breakdown.json?amount=100 HTTP/1.1\r\nHost: x y\r\n", 400, "Host 'x%20y'"),
            ("GET /healthz HTTP/1.2\r\n", 400, "an HTTP/1.1 request must have a Host header field"),
            ("GET /healthz HTTP/1.2\r\nHost: a b\r\n", 400, "Host 'a%20b' is not a host"),
            ("GET /healthz HTTP/1.2\r\nHost: a\r\n", 200, "ok"),
        ]
        for (head, status, words) in cases {
            let connection = try server.connect()
            try connection.send(head + "\r\n")
            let reply = try connection.readReply()
            #expect(reply.status == status, "\(head.debugDescription): \(reply.status) \(reply.text.prefix(300))")
            if status == 200 {
                #expect(reply.text == "ok\n", "\(head.debugDescription)")
            } else {
                let detail = (try? reply.json())?["detail"] as? String ?? ""
                #expect(detail.hasPrefix(words) || detail.contains(words), "\(head.debugDescription): \(detail)")
            }
        }
        #expect(server.stop() == 0)
    }
}
