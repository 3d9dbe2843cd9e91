@testable import BreakdownServer
@testable import CLITestSupport
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

    /// A query key without `=` is a flag's; a value key so written is refused naming the key and
    /// the form it needs (its refusal quoted a `'true'` nobody wrote).
    @Test func aValueKeyWithoutAValueIsRefusedSayingSo() throws {
        let server = try InProcessService(["--allow-unsigned"])
        for key in ["amount", "locale", "scale"] {
            let reply = server.get("/v1/breakdown.json?\(key)")
            #expect(reply.status == 400, "\(key): \(reply.status)")
            #expect((try? reply.json())?["detail"] as? String == "\(key) needs a value (\(key)=…); a key without '=' is a flag's, such as no-minimum", "\(reply.text)")
        }
        // A flag so written is the flag, as describe reads it.
        let flag = server.get("/v1/breakdown.json?amount=0.5&no-minimum")
        let described = try InProcessCLI.run("describe", "--amount", "0.5", "--no-minimum").json()
        #expect(flag.status == 200 && (try? flag.json())?["text"] as? String == described["text"] as? String, "\(flag.text.prefix(300))")
        #expect((try? flag.json())?["text"] as? String != (try? server.get("/v1/breakdown.json?amount=0.5").json())?["text"] as? String)
    }

    @Test func absoluteFormIsASchemeAndAColon() {
        for target in ["http://a/healthz", "HTTPS://a/", "h2c+x-y.z://a"] { #expect(RequestLineSyntax.isAbsoluteForm(target), "\(target)") }
        for target in ["/healthz", "/v1/breakdown.png?amount=1:2", "*", "/a:b", "1http://a"] { #expect(!RequestLineSyntax.isAbsoluteForm(target), "\(target)") }
    }

}
