import Foundation

/// The checks on a request's line and head that the service makes before routing it: every
/// refusal is a problem+json answer, and the connection is closed after it.
extension BreakdownService {
    /// The answer to a request target that is refused as it arrives, or nil: a byte that is not
    /// printable ASCII (400), a target, query or argument count over the limits (414).
    func refusal(ofTarget target: UnsafeRawBufferPointer) -> HTTPResponse? {
        if let index = target.firstIndex(where: { $0 < 0x21 || $0 >= 0x7F }) {
            return Self.byteRefusal(target[index], at: index)
        }
        let limits = configuration.limits
        if target.count > limits.targetBytes {
            return .problem(414, "the request target is \(target.count) bytes long; this server accepts at most \(limits.targetBytes)")
        }
        guard let mark = target.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let query = target[(mark + 1)...]
        if query.count > limits.queryBytes {
            return .problem(414, "the query is \(query.count) bytes long; this server accepts at most \(limits.queryBytes)")
        }
        let arguments = query.isEmpty ? 0 : query.reduce(1) { $1 == UInt8(ascii: "&") ? $0 + 1 : $0 }
        if arguments > limits.queryArguments {
            return .problem(
                414, "the query has \(arguments) arguments (counting empty ones between '&'); this server accepts at most \(limits.queryArguments)")
        }
        return nil
    }

    /// The answer to a target with a NUL byte at `offset` (the bytes after it would not be signed).
    func nulRefusal(at offset: Int) -> HTTPResponse { Self.byteRefusal(0, at: offset) }

    private static func byteRefusal(_ byte: UInt8, at offset: Int) -> HTTPResponse {
        .problem(
            400,
            "the request target has the byte 0x\(String(format: "%02X", byte)) at offset \(offset); expected printable ASCII, other bytes %-escaped")
    }

    /// The answer to a head that is refused once it is in, or nil: too big (431), or a body's
    /// length that two parsers could read differently (400).
    func refusal(ofHead head: HeadFacts) -> HTTPResponse? {
        let limits = configuration.limits
        if head.headBytes > limits.headBytes {
            return .problem(
                431, "the request line and header fields are \(head.headBytes) bytes; this server accepts at most \(limits.headBytes)")
        }
        if head.longestField > limits.headerFieldBytes {
            return .problem(431, "a header field is \(head.longestField) bytes long; this server accepts at most \(limits.headerFieldBytes)")
        }
        if head.transferEncodings > 0, head.contentLengths > 0 {
            return .problem(400, "Transfer-Encoding and Content-Length were both given; a request's length must be unambiguous")
        }
        if head.transferEncodings > 0 {
            return .problem(400, "Transfer-Encoding was given; this server takes GET and HEAD requests, without a body")
        }
        if head.contentLengths > 1 {
            return .problem(
                400,
                "Content-Length was given \(head.contentLengths) times\(head.contentLengthsDiffer ? " with different values" : ""); give it once")
        }
        return nil
    }

    /// The headers every answer gets; `close` ends the connection after it.
    func decorate(_ response: HTTPResponse, close: Bool) -> HTTPResponse {
        var response = response
        response.add("X-Content-Type-Options", "nosniff")
        if close { response.add("Connection", "close") }
        return response
    }
}
