import Foundation
import Testing
import BreakdownTestSupport

/// A 304 says, as its Content-Length, the length of the 200 it stands for (RFC 9110 8.6 allows
/// no other value; a cache that copies the 304's fields onto its stored response would otherwise
/// store `Content-Length: 0`), on GET and HEAD, for a matching tag and for `*`, and sends no body:
/// read as raw bytes off one keep-alive connection, where the next response's status line follows
/// each 304's head at once.
@Suite struct ServeNotModifiedLengthTests {
    static let target = "/v1/breakdown.png?amount=100"

    /// Bytes from `fd` until `done` says the buffer is complete (the socket's receive timeout,
    /// 15 s, only stops a hang).
    static func read(_ fd: Int32, until done: ([UInt8]) -> Bool) throws -> [UInt8] {
        var buffer: [UInt8] = []
        while !done(buffer) {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { throw ServerTestError("connection ended after \(buffer.count) bytes: \(String(decoding: buffer, as: UTF8.self))") }
            buffer += chunk[..<count]
        }
        return buffer
    }

    /// The responses in `bytes`: each head's text (up to its blank line) and the bytes after it.
    static func heads(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n\r\n").dropLast().map { String($0) }
    }

    /// The values of the field `name` in a response head, each as written.
    static func values(_ name: String, in head: String) -> [String] {
        head.components(separatedBy: "\r\n").dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == name else { return nil }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func aNotModifiedCarriesTheLengthOfTheImageItStandsFor() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        let connection = try server.connect()
        // The 200, read whole: its length as sent and counted.
        try connection.send(HTTPConnection.requestText("GET", Self.target))
        var first = try Self.read(connection.fd) { bytes in
            guard let head = Self.heads(bytes).first, let length = Self.values("content-length", in: head).first.flatMap(Int.init) else { return false }
            return bytes.count >= head.utf8.count + 4 + length
        }
        let okHead = try #require(Self.heads(first).first)
        #expect(okHead.hasPrefix("HTTP/1.1 200 "))
        let length = try #require(Self.values("content-length", in: okHead).first.flatMap(Int.init))
        first.removeFirst(okHead.utf8.count + 4)
        #expect(first.count == length && first.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the body is the PNG, all of it")
        let etag = try #require(Self.values("etag", in: okHead).first)

        // Pipelined on the same connection: GET and HEAD with the tag, GET with `*`, then a plain GET.
        let requests = [
            HTTPConnection.requestText("GET", Self.target, headers: ["If-None-Match": etag]),
            HTTPConnection.requestText("HEAD", Self.target, headers: ["If-None-Match": etag]),
            HTTPConnection.requestText("GET", Self.target, headers: ["If-None-Match": "*"]),
            HTTPConnection.requestText("GET", Self.target),
        ]
        try connection.send(requests.joined())
        let bytes = try Self.read(connection.fd) { bytes in
            let heads = Self.heads(bytes)
            guard heads.count >= 4 else { return false }
            return bytes.count >= heads.prefix(4).reduce(0) { $0 + $1.utf8.count + 4 } + length
        }
        let heads = Self.heads(bytes)
        #expect(heads.count == 4, "four heads and one body, nothing between: \(heads)")
        for (index, head) in heads.prefix(3).enumerated() {
            #expect(head.hasPrefix("HTTP/1.1 304 Not Modified\r\n"), "\(index): \(head)")
            #expect(Self.values("content-length", in: head) == ["\(length)"], "\(index): the 200's length, once: \(head)")
            #expect(Self.values("transfer-encoding", in: head).isEmpty, "\(index): \(head)")
            #expect(Self.values("etag", in: head) == [etag], "\(index): \(head)")
        }
        // Every 304 head is followed at once by the next status line: no body bytes were sent.
        let last = try #require(heads.last)
        #expect(last.hasPrefix("HTTP/1.1 200 OK\r\n") && Self.values("content-length", in: last) == ["\(length)"], "\(last)")
        #expect(bytes.count == heads.reduce(0) { $0 + $1.utf8.count + 4 } + length, "the 200's body and nothing else")
    }

    /// A tag from before the server started (another process, the same image): drawn once to
    /// learn its length, counted as a render, and answered 304 with that length.
    @Test func aTagTheServerHasNotSentIsDrawnOnceForItsLength() throws {
        let etag: String
        let length: Int
        do {
            let earlier = try ServerProcess(["--allow-unsigned"])
            let reply = try earlier.get(Self.target)
            etag = try #require(reply["etag"])
            length = reply.body.count
        }
        let server = try ServerProcess(["--allow-unsigned"])
        for method in ["GET", "HEAD"] {
            let connection = try server.connect()
            try connection.send(HTTPConnection.requestText(method, Self.target, headers: ["If-None-Match": etag]))
            let bytes = try Self.read(connection.fd) { Self.heads($0).count == 1 }
            let head = try #require(Self.heads(bytes).first)
            #expect(head.hasPrefix("HTTP/1.1 304 ") && Self.values("content-length", in: head) == ["\(length)"], "\(method): \(head)")
            #expect(bytes.count == head.utf8.count + 4, "\(method): no body")
        }
        let metrics = try server.get("/metrics").text
        #expect(metrics.contains("breakdown_render_seconds_count 1\n"), "drawn once, for the first: \(metrics)")
        #expect(metrics.contains("breakdown_cache_hits_total{kind=\"not_modified\"} 1\n"), "the second known: \(metrics)")
    }
}
