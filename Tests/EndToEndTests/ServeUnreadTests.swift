import Foundation
import Testing
import BreakdownTestSupport

/// A connection that pipelines requests and does not read its responses is closed once more
/// than 256 KiB of them (the limit docs/serve.md gives) wait in the server's send queue when its
/// next request comes: the server draws a bounded number of images for it, not one a request.
/// The server's timeouts are an hour here (ServerProcess), so a close can only come from that
/// rule; each test waits for the server's own log line or for the replies, never for time.
@Suite struct ServeUnreadTests {
    /// The documented limit, in bytes.
    static let documentedLimit = 256 * 1024
    /// A client's receive buffer: small, so that what it leaves unread sits in the server's queue.
    static let clientBuffer: Int32 = 4096

    /// A large image (scale 3, 2,000 points wide): a response of several KiB.
    static func target(_ amount: Int) -> String { "/v1/breakdown.png?amount=\(amount).00&scale=3&width=2000" }

    static func unreadCloses(_ server: ServerProcess) throws -> Int? {
        let metrics = try server.get("/metrics").text
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("breakdown_http_unread_closes_total ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    @Test(.timeLimit(.minutes(10))) func aClientThatNeverReadsIsClosedAfterABoundedBacklog() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        let sample = try server.get(Self.target(100))
        try #require(sample.status == 200, "\(sample.status) \(sample.text)")
        // The smallest a response can be: the sample's body less a tenth (the amounts differ).
        let smallest = sample.body.count * 9 / 10
        // Ethernet-sized segments: the server's kernel then starts the connection with a send
        // queue far under the limit (on loopback's 64 KiB segments it starts at megabytes), so the
        // rule is met only because the server makes the queue larger than the limit itself; else
        // the connection would block, unclosed, until the server's hour-long timeout.
        let connection = try HTTPConnection(port: server.port, timeout: 600, receiveBuffer: Self.clientBuffer, segmentSize: 1460)
        // Requests for 2,000 different images, sent as far as the sockets take them; none read.
        var sentRequests = 0
        for amount in 101...2100 {
            let request = Array(HTTPConnection.requestText("GET", Self.target(amount)).utf8)
            guard connection.sendWithoutWaiting(request) == request.count else { break }
            sentRequests += 1
        }
        // The most the server may answer before its queue is over the limit at a request's head:
        // the client's buffer and the limit, in the smallest responses, one more that crossed it.
        let bound = (connection.receiveBufferBytes + Self.documentedLimit) / smallest + 2
        try #require(sentRequests > bound, "only \(sentRequests) requests went out, not more than the \(bound) a close is expected before")
        let closed = "closed a connection that does not read its responses"
        var waited = 0
        while !server.log.contains(closed), waited < 12_000 {
            usleep(10_000)
            waited += 1
        }
        try #require(server.log.contains(closed), "the server never closed the connection that reads nothing; log:\n\(server.log.suffix(2000))")
        let answered = server.accessLines.filter { $0.contains("scale=3&width=2000") && $0.contains("status=200") }.count - 1
        #expect(answered >= 1, "the server answered nothing before closing")
        #expect(answered <= bound, "the server drew \(answered) images for a client that read none, over the \(bound) the limit allows")
        #expect(answered < sentRequests)
        #expect(connection.waitForClose(), "the connection is closed")
        #expect(try Self.unreadCloses(server) == 1)
        #expect(try server.get("/healthz").status == 200, "the server goes on answering")
        #expect(server.stop() == 0)
    }

    /// A client that pipelines but reads, eight requests ahead of its replies, has at most eight
    /// responses outstanding (well under the limit) and is served to the end, even with a small
    /// receive buffer that leaves them in the server's queue.
    @Test(.timeLimit(.minutes(10))) func aClientThatReadsWhilePipeliningIsServedToTheEnd() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        let connection = try HTTPConnection(port: server.port, timeout: 600, receiveBuffer: Self.clientBuffer)
        let total = 200
        let ahead = 8
        var sent = 0
        var statuses: [Int] = []
        while statuses.count < total {
            while sent < total, sent - statuses.count < ahead {
                try connection.send(HTTPConnection.requestText("GET", Self.target(1000 + sent)))
                sent += 1
            }
            statuses.append(try connection.readReply().status)
        }
        #expect(statuses.allSatisfy { $0 == 200 }, "\(Set(statuses))")
        #expect(try Self.unreadCloses(server) == 0)
        #expect(!server.log.contains("does not read its responses"))
        #expect(server.stop() == 0)
    }
}
