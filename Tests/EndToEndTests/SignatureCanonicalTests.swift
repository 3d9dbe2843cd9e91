import BreakdownServer
import Foundation
import Testing
import BreakdownTestSupport

/// A signed URL has one spelling (the fuzz finding of issue 22): of the 4 texts that decode to the
/// same 32 bytes (the last base64 character's 2 low bits are not data), only the canonical one,
/// whose value is checked here with `openssl` independently of the server, is accepted.
@Suite struct SignatureCanonicalTests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    @Test func onlyTheCanonicalSpellingOfASignatureIsAccepted() throws {
        let signer = try URLSigner(key: Array("fuzz-key".utf8), salt: Array("fuzz-salt".utf8))
        let path = "/v1/breakdown.png?amount=1"
        // HMAC-SHA256(key, salt + path), URL-safe base64 without padding, from openssl.
        let openssl = try BinaryRunner.run(
            command: "/bin/sh", ["-c", "printf '%s' 'fuzz-salt\(path)' | openssl dgst -sha256 -hmac fuzz-key -binary | base64 | tr '+/' '-_' | tr -d '=\\n'"])
        let canonical = openssl.stdout
        #expect(canonical.count == 43, "\(openssl.stdout) \(openssl.stderr)")
        #expect(canonical == "JEi2IbsAC3SL81w47kBOSJVemy8b-gAR-KvpLmMVT58")
        #expect(signer.signature(for: Substring(path)) == canonical)
        #expect(signer.isValid(signature: Substring(canonical), for: Substring(path)))
        let last = try #require(Self.alphabet.firstIndex(of: canonical.last!))
        for low in 1..<4 {
            let sibling = String(canonical.dropLast()) + String(Self.alphabet[last ^ low])
            #expect(!signer.isValid(signature: Substring(sibling), for: Substring(path)), "\(sibling) accepted")
        }
    }
}
