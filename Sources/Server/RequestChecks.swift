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

    /// The answer to a head that is refused once it is in, or nil: too big (431); lines that
    /// RFC 9112 has a server refuse, since a proxy in front could read them otherwise (400);
    /// a body announced (413: no endpoint takes one), or a length two parsers could read
    /// differently (400).
    func refusal(ofHead head: HeadFacts) -> HTTPResponse? {
        let limits = configuration.limits
        if head.headBytes > limits.headBytes {
            return .problem(
                431, "the request line and header fields are \(head.headBytes) bytes; this server accepts at most \(limits.headBytes)")
        }
        if head.longestField > limits.headerFieldBytes {
            return .problem(431, "a header field is \(head.longestField) bytes long; this server accepts at most \(limits.headerFieldBytes)")
        }
        if let flaw = Self.flawMessage(head.flaw) {
            return .problem(400, "the request's head at byte \(head.flawOffset): \(flaw)")
        }
        if head.isHTTP11, head.hosts != 1 {
            return .problem(
                400,
                head.hosts == 0
                    ? "an HTTP/1.1 request must have a Host header field; this one has none"
                    : "Host was given \(head.hosts) times; an HTTP/1.1 request has exactly one")
        }
        if !head.isHTTP11, head.hosts > 1 {
            return .problem(400, "Host was given \(head.hosts) times; give it once")
        }
        if let refusal = Self.syntaxRefusal(head) { return refusal }
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
        if head.announcesBody {
            return .problem(413, "the request announces a body (Content-Length above 0); no endpoint takes one: send GET or HEAD without a body")
        }
        return nil
    }

    /// How a flaw in the head's lines is worded, or nil for a sound head.
    /// The method, the Host value and the target's form, against RFC 9110 and 9112's grammar.
    static func syntaxRefusal(_ head: HeadFacts) -> HTTPResponse? {
        if !RequestLineSyntax.isMethod(head.method) {
            return .problem(400, "the method '\(AccessLog.escape(head.method, limit: 40))' is not a token (RFC 9110 9.1); send GET or HEAD")
        }
        if let host = head.host, !RequestLineSyntax.isHostValue(host) {
            return .problem(
                400, "Host '\(AccessLog.escape(host, limit: 80))' is not a host with an optional port (RFC 9110 7.2), such as img.example.com or 127.0.0.1:8080")
        }
        if RequestLineSyntax.isAbsoluteForm(head.target) {
            return .problem(
                400, "the request target is in absolute form (scheme://host/path), which is for proxies; this server takes the origin form, such as /healthz")
        }
        return nil
    }

    static func flawMessage(_ flaw: HeadFacts.Flaw) -> String? {
        switch flaw {
        case .sound: nil
        case .fieldName:
            "a header field's name is empty or not a token (a space or tab before its colon, a control or separator byte); send 'Name: value'"
        case .fieldValue: "a header field's value holds a control byte (a bare CR, DEL or another below 0x20 but tab); send printable bytes"
        case .lineEnd: "a line does not end in CR LF (a bare LF, a NUL inside it), or is no header field; end every line with CR LF"
        case .folded: "a header field continues on the next line (obs-fold, a line beginning with a space or tab); send each field on one line"
        case .requestLine: "the request line has more than one space after its method; send 'GET target HTTP/1.1'"
        }
    }

    /// The headers every answer gets; `close` ends the connection after it.
    func decorate(_ response: HTTPResponse, close: Bool) -> HTTPResponse {
        var response = response
        response.add("X-Content-Type-Options", "nosniff")
        if close { response.add("Connection", "close") }
        return response
    }
}
