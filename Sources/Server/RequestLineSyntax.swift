/// RFC 9110 and 9112's grammar for the parts of a request the server checks before it routes:
/// the method (a token), the Host field's value (`uri-host [":" port]`) and the target's form
/// (origin form only: this is an origin server, not a proxy). Pure functions on bytes, so each
/// rule is tested without a socket.
enum RequestLineSyntax {
    /// `tchar` (RFC 9110 5.6.2): the bytes of a token.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Whether a request of this version is held to HTTP/1.1's rules (exactly one Host): HTTP/1.1,
    /// and any later HTTP/1 minor version (`HTTP/1.2`), which RFC 9110 2.5 has a server read as
    /// the highest minor version it implements, 1.1. HTTP/1.0 needs no Host.
    static func readsAsHTTP11(_ version: String) -> Bool {
        let bytes = Array(version.utf8)
        return bytes.count == 8 && version.hasPrefix("HTTP/1.") && (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[7])
    }

    /// A method is a token: one or more `tchar`.
    static func isMethod(_ method: String) -> Bool { !method.utf8.isEmpty && method.utf8.allSatisfy(isTokenByte) }

    /// The Host field's value as RFC 9110 7.2 has it: `uri-host [ ":" port ]`, where uri-host is an
    /// IP literal in brackets, or a reg-name of unreserved, %-escaped and sub-delim bytes (an IPv4
    /// address is one), and port is digits. Empty is allowed (RFC 9112 3.2: a target with no
    /// authority).
    static func isHostValue(_ value: String) -> Bool {
        var bytes = Substring(value).utf8[...]
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = bytes[bytes.index(after: bytes.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else { return false }
            bytes = bytes[bytes.index(after: close)...]
        } else {
            let end = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
            var index = bytes.startIndex
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    let first = bytes.index(after: index)
                    guard first < end, bytes.index(after: first) < end, isHexDigit(bytes[first]), isHexDigit(bytes[bytes.index(after: first)]) else { return false }
                    index = bytes.index(index, offsetBy: 3)
                    continue
                }
                guard isRegNameByte(byte) else { return false }
                index = bytes.index(after: index)
            }
            bytes = bytes[end...]
        }
        guard let colon = bytes.first else { return true }
        guard colon == UInt8(ascii: ":") else { return false }
        return bytes.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// A target in absolute form (`http://host/path`, RFC 9112 3.2.2): a scheme, then `:`.
    static func isAbsoluteForm(_ target: String) -> Bool {
        guard let colon = target.utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let scheme = target.utf8[..<colon]
        guard let first = scheme.first, isLetter(first) else { return false }
        return scheme.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// unreserved and sub-delims (RFC 3986 2.2, 2.3).
    private static func isRegNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array("-._~!$&'()*+,;=".utf8).contains(byte)
    }
}
