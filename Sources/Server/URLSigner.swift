import BreakdownOptions
import CLibCrypto
import Foundation

/// Signed URLs as imgproxy makes them: the signature is HMAC-SHA256 with a secret key over the
/// salt followed by the path and query (`/v1/breakdown.png?amount=100`), written as URL-safe
/// base64 without padding in the first path segment: `/<signature>/v1/breakdown.png?amount=100`.
/// Key and salt come from the environment as hex. The HMAC is OpenSSL's, and signatures are
/// compared with `CRYPTO_memcmp`, in constant time.
public struct URLSigner: Sendable {
    /// The environment variable that holds the key (hex).
    public static let keyVariable = "BREAKDOWN_KEY"
    /// The environment variable that holds the salt (hex).
    public static let saltVariable = "BREAKDOWN_SALT"

    private let key: [UInt8]
    private let salt: [UInt8]

    /// A signer with this key and salt (raw bytes).
    public init(key: [UInt8], salt: [UInt8]) {
        self.key = key
        self.salt = salt
    }

    /// The signer the environment configures, nil when neither variable is set; an error when
    /// only one is set, or a value is not even-length hex, or the key is empty.
    public static func fromEnvironment(_ environment: [String: String]) throws(CLIError) -> URLSigner? {
        let keyHex = environment[keyVariable]
        let saltHex = environment[saltVariable]
        if keyHex == nil, saltHex == nil { return nil }
        guard let keyHex, let saltHex else {
            throw .usage("\(keyVariable) and \(saltVariable) must be set together (both hex), or neither")
        }
        guard let key = hexBytes(keyHex), !key.isEmpty else {
            throw .usage("\(keyVariable) is not valid: expected a non-empty even-length hex string such as the output of 'openssl rand -hex 32'")
        }
        guard let salt = hexBytes(saltHex) else {
            throw .usage("\(saltVariable) is not valid: expected an even-length hex string such as the output of 'openssl rand -hex 16'")
        }
        return URLSigner(key: key, salt: salt)
    }

    /// The URL-safe base64 signature (43 characters) of a path with its query.
    public func signature(for pathAndQuery: Substring) -> String {
        base64URL(digest(pathAndQuery))
    }

    /// Whether `signature` signs `pathAndQuery`. Constant time in the signature's bytes. Only the
    /// one canonical text of a digest is accepted: the last of 43 characters carries 2 bits that
    /// decoding drops, and without the re-encoding check 4 texts (4 URLs, 4 cache entries) would
    /// pass for each signature (the fuzz harness `signature` checks this).
    public func isValid(signature: Substring, for pathAndQuery: Substring) -> Bool {
        guard let given = Self.decodeBase64URL(signature), given.count == 32, base64URL(given) == signature else { return false }
        let expected = digest(pathAndQuery)
        return given.withUnsafeBytes { a in expected.withUnsafeBytes { b in CRYPTO_memcmp(a.baseAddress, b.baseAddress, 32) == 0 } }
    }

    private func digest(_ pathAndQuery: Substring) -> [UInt8] {
        var message = salt
        message.append(contentsOf: pathAndQuery.utf8)
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBytes { messageBytes in
                HMAC(
                    EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), messageBytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    messageBytes.count, &output, &length)
            }
        }
        return Array(output.prefix(Int(length)))
    }

    private func base64URL(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    static func decodeBase64URL(_ text: Substring) -> [UInt8]? {
        guard text.count <= 64, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return nil
        }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard).map { Array($0) }
    }

    static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = QueryString.hexValue(digits[index]), let low = QueryString.hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}

/// SHA-256 (OpenSSL) as lowercase hex: ETags and renderer identities.
enum SHA256Hex {
    static func digest(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = bytes.withUnsafeMutableBytes { input in
            EVP_Digest(input.baseAddress, input.count, &output, &length, EVP_sha256(), nil)
        }
        let hexDigits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for byte in output.prefix(Int(length)) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 15)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
