import BreakdownEncode
import Foundation

/// One response before it goes on the wire: status, headers and body, and what the metrics
/// and the access log need to know about it.
struct HTTPResponse {
    /// How a response was made without rendering.
    enum CacheHit: String {
        case notModified = "not_modified"
        case memory
    }

    var status: Int
    var headers: [(name: String, value: String)] = []
    var body: Data = Data()
    /// The metrics label: png, svg, pdf, json, healthz, metrics or other.
    var endpoint = "other"
    /// Seconds spent rendering, when this response was rendered.
    var renderSeconds: Double?
    var cacheHit: CacheHit?
    /// A 304's: the length of the representation it stands for (the 200's body), sent as its
    /// Content-Length with no body (nil: the body's length, as for every other response).
    var representationLength: Int?

    init(status: Int, endpoint: String = "other") {
        self.status = status
        self.endpoint = endpoint
    }

    mutating func add(_ name: String, _ value: String) { headers.append((name, value)) }

    /// An RFC 9457 problem: `application/problem+json` with the error's one line as `detail`.
    static func problem(_ status: Int, _ detail: String, endpoint: String = "other") -> HTTPResponse {
        var response = HTTPResponse(status: status, endpoint: endpoint)
        response.add("Content-Type", "application/problem+json")
        response.add("Cache-Control", "no-store")
        let body: JSONValue = .object([
            ("type", .string("about:blank")),
            ("title", .string(reasonPhrase(status))),
            ("status", .number(Double(status))),
            ("detail", .string(detail)),
        ])
        response.body = Data((body.pretty + "\n").utf8)
        return response
    }

    static func text(_ status: Int, _ text: String, contentType: String = "text/plain; charset=utf-8", endpoint: String) -> HTTPResponse {
        var response = HTTPResponse(status: status, endpoint: endpoint)
        response.add("Content-Type", contentType)
        response.add("Cache-Control", "no-store")
        response.body = Data(text.utf8)
        return response
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "HTTP \(status)"
        }
    }
}
