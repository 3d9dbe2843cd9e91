@testable import BreakdownServer
import Foundation
import Testing
import BreakdownTestSupport

/// Issue 44, item 6: the method, the Host field's value and the target's form are checked against
/// RFC 9110 and 9112's grammar before a request is routed. The cases are written out from the
/// RFCs' ABNF (tchar, uri-host, port, absolute-form), then sent to the real server.
@Suite struct ServeRequestSyntaxTests {
    @Test func methodsAreTokens() {
        for method in ["GET", "HEAD", "get", "M-SEARCH", "X_1", "!#$%&'*+-.^_`|~"] { #expect(RequestLineSyntax.isMethod(method), "\(method)") }
        for method in ["", "GE(T", "G,ET", "GET/", "G\"T", "G[T", "G{T", "GÉT", "G T"] { #expect(!RequestLineSyntax.isMethod(method), "\(method)") }
    }

    @Test func hostValuesAreAHostAndAnOptionalPort() {
        let good = ["a", "img.example.com", "127.0.0.1", "127.0.0.1:8080", "[::1]", "[::1]:80", "[2001:db8::1]:443", "a:99999", "a:", "",
                    "xn--caf-dma.example", "a%20b", "sub_domain.example", "a!$&'()*+,;=b"]
        for host in good { #expect(RequestLineSyntax.isHostValue(host), "\(host)") }
        let bad = ["a b", "a/b", "a?b", "a#b", "a@b", "[::1", "[]", "[::1]x", "a:8o", "a:80:80", "%zz", "a%2", "é.example", "a\\b", "[g::1]"]
        for host in bad { #expect(!RequestLineSyntax.isHostValue(host), "\(host)") }
    }

    /// RFC 9110 2.5: a later HTTP/1 minor version is read as the highest the server implements,
    /// 1.1, so it is held to 1.1's rules (exactly one Host); 1.0 is not.
    @Test func laterHTTP1VersionsReadAsHTTP11() {
        for version in ["HTTP/1.1", "HTTP/1.2", "HTTP/1.9"] { #expect(RequestLineSyntax.readsAsHTTP11(version), "\(version)") }
        for version in ["HTTP/1.0", "HTTP/0.9", "HTTP/2.0", "HTTP/1.10", "HTTP/1.", "http/1.1", "HTTP/1.1 ", ""] {
            #expect(!RequestLineSyntax.readsAsHTTP11(version), "\(version)")
        }
    }

    @Test func absoluteFormIsASchemeAndAColon() {
        for target in ["http://a/healthz", "HTTPS://a/", "h2c+x-y.z://a"] { #expect(RequestLineSyntax.isAbsoluteForm(target), "\(target)") }
        for target in ["/healthz", "/v1/breakdown.png?amount=1:2", "*", "/a:b", "1http://a"] { #expect(!RequestLineSyntax.isAbsoluteForm(target), "\(target)") }
    }

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
