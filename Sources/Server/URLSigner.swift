import BreakdownOptions
import Foundation
import BreakdownIO

/// Signed URLs as imgproxy makes them: the signature is HMAC-SHA256 with a secret key over the
/// salt followed by the path and query (`/v1/breakdown.png?amount=100`), written as URL-safe
/// base64 without padding in the first path segment: `/<signature>/v1/breakdown.png?amount=100`.
/// Key and salt come from the environment as hex. The HMAC is OpenSSL's, and signatures are
/// compared with `CRYPTO_memcmp`, in constant time (libcrypto, opened when the first signer is made).
public struct URLSigner: Sendable {
    /// The environment variable that holds the key (hex).
    public static let keyVariable = "BREAKDOWN_KEY"
    /// The environment variable that holds the salt (hex).
    public static let saltVariable = "BREAKDOWN_SALT"

    private let key: [UInt8]
    private let salt: [UInt8]
    private let crypto: LibCrypto

    /// A signer with this key and salt (raw bytes); an error (exit status 1) when libcrypto
    /// cannot be loaded.
    public init(key: [UInt8], salt: [UInt8]) throws(CLIError) {
        self.key = key
        self.salt = salt
        crypto = try LibCrypto.load()
    }

    /// The signer the environment configures, nil when neither variable is set; an error when
    /// only one is set, or a value is not even-length hex, or the key is empty, or libcrypto
    /// cannot be loaded.
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
        return try URLSigner(key: key, salt: salt)
    }

    /// The URL-safe base64 signature (43 characters) of a path with its query.
    public func signature(for pathAndQuery: Substring) -> String {
        base64URL(digest(pathAndQuery))
    }

    /// Whether `signature` signs `pathAndQuery`. Constant time in the signature's bytes. Only
    /// the canonical spelling is taken: 43 characters whose last one leaves its two spare bits
    /// zero (so one URL has one signature, and a cache sees one URL).
    public func isValid(signature: Substring, for pathAndQuery: Substring) -> Bool {
        guard signature.utf8.count == 43, let given = Self.decodeBase64URL(signature), given.count == 32,
            base64URL(given) == signature
        else { return false }
        return crypto.constantTimeEqual(given, digest(pathAndQuery))
    }

    private func digest(_ pathAndQuery: Substring) -> [UInt8] {
        var message = salt
        message.append(contentsOf: pathAndQuery.utf8)
        return crypto.hmacSHA256(key: key, message: message)
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

extension LibCrypto {
    /// SHA-256 as lowercase hex: ETags.
    func sha256Hex(_ text: String) -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for byte in sha256(Array(text.utf8)) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 15)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
