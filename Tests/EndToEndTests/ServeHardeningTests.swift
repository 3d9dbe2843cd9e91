import Foundation
import Testing
import BreakdownTestSupport

/// Requests that must never stall a worker, leak or delay shutdown: over-long request targets,
/// queries of many arguments, big heads, control bytes, ambiguous lengths, slow senders and
/// signals. Every case is sent as raw bytes on a real socket to the built server, answered at
/// once with no other traffic, and leaves no request in flight.
@Suite(.serialized) struct ServeHardeningTests {
    static let png = "/v1/breakdown.png"

    /// Sends `bytes` on a new connection and reads one reply: the reply and, for a refusal
    /// (4xx), whether the server then closed the connection (false for others). No clock: the
    /// servers of these tests wait an hour for a head, an idle connection or a drain
    /// (`patient`), so a reply or a close that comes within the client's 60 s guard came at once,
    /// never from a timeout.
    static func exchange(_ server: ServerProcess, _ bytes: [UInt8], timeout: Double = 60) throws -> (reply: HTTPReply, closed: Bool) {
        let connection = try server.connect(timeout: timeout)
        try connection.send(bytes)
        let reply = try connection.readReply()
        return (reply, reply.status >= 400 && connection.waitForClose())
    }

    /// A server whose timeouts are an hour unless `arguments` set them: whatever it does at once
    /// is then told from what a timeout does by the order of events alone.
    /// (`ServerProcess` itself sets each to an hour when the test does not; the name says why
    /// these tests need it.)
    static func patient(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerProcess {
        try ServerProcess(arguments, environment: environment)
    }

    static func request(_ target: String, headers: String = "") -> [UInt8] {
        Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n".utf8)
    }

    /// The server's in-flight gauge, read by a /metrics request (which counts itself). A request
    /// is counted out when libmicrohttpd reports it done, just after its last byte is sent (the
    /// client may ask for /metrics on another thread first): read again until 0 (the 60 s
    /// deadline only stops a hang).
    static func othersInFlight(_ server: ServerProcess) throws -> Int {
        var others = -1
        let end = Date().addingTimeInterval(60)
        while Date() < end {
            let text = try server.get("/metrics").text
            others = Int(ServeEndToEndTests.metric(text, "breakdown_http_requests_in_flight") ?? -1) - 1
            if others == 0 { break }
            usleep(10_000)
        }
        return others
    }

    /// Waits until the server holds at least `count` client connections besides the /metrics
    /// request that reads its gauge: the event that they were accepted (not merely queued by the
    /// kernel). False if they never are (the 120 s deadline only stops a hang).
    static func waitForConnections(_ server: ServerProcess, atLeast count: Int) -> Bool {
        let end = Date().addingTimeInterval(120)
        while Date() < end {
            if let text = try? server.get("/metrics").text, let open = ServeEndToEndTests.metric(text, "breakdown_http_connections"),
                Int(open) - 1 >= count
            {
                return true
            }
            usleep(10_000)
        }
        return false
    }

    /// Stops the server with SIGTERM: it must exit 0 at once, not after its drain timeout (an
    /// hour: `patient`), which a request left counted in flight would hold it for. The 120 s
    /// guard only stops a hang.
    static func stopsAtOnce(_ server: ServerProcess) {
        let status = server.stop(timeout: 120)
        #expect(status == 0, "the drain waited for a request that never ends: \(server.log.suffix(500))")
        let stopped = server.log.contains("stopped after")
        #expect(stopped, "\(server.log.suffix(500))")
    }

    static func problem(_ reply: HTTPReply) throws -> (status: Int, detail: String) {
        #expect(reply["content-type"] == "application/problem+json")
        let object = try reply.json()
        return (object["status"] as? Int ?? 0, object["detail"] as? String ?? "")
    }

    // MARK: - Request targets

    @Test func queriesOfManyArgumentsAreAnsweredAtOnce() throws {
        // The shapes that stalled libmicrohttpd: 2,000 short arguments fill the connection's
        // memory pool with 64-byte records before any handler runs.
        let key = String(repeating: "ab", count: 16), salt = "0011"
        let signedOnly = try Self.patient([], environment: ["BREAKDOWN_KEY": key, "BREAKDOWN_SALT": salt])
        let open = try Self.patient(["--allow-unsigned"])
        let queries = [String(repeating: "a=1&", count: 2000), String(repeating: "a&", count: 2000), String(repeating: "&", count: 4000)]
        for server in [signedOnly, open] {
            for path in [Self.png, "/healthz", "/nowhere"] {
                for query in queries {
                    let (reply, closed) = try Self.exchange(server, Self.request("\(path)?\(query)"))
                    #expect(reply.status == 414, "\(path)?\(query.prefix(8))…: \(reply.status)")
                    let problem = try Self.problem(reply)
                    #expect(problem.status == 414)
                    #expect(problem.detail.contains("this server accepts at most"), "\(problem.detail)")
                    #expect(closed, "the connection is closed after a refused target")
                }
            }
            #expect(try Self.othersInFlight(server) == 0)
            let log = server.accessLines
            #expect(log.filter { $0.contains("status=414") }.count == 9, "one access-log line each")
            Self.stopsAtOnce(server)
        }
    }

    @Test func targetLimitsAtTheirEdges() throws {
        let server = try Self.patient(["--allow-unsigned"])
        // The query (on any path): 2,048 bytes is taken, 2,049 is 414.
        let atLimit = "x=" + String(repeating: "W", count: 2046)
        let taken = try Self.exchange(server, Self.request("/healthz?\(atLimit)"))
        #expect(taken.reply.status == 200, "\(taken.reply.text.prefix(300))")
        let over = try Self.exchange(server, Self.request("/healthz?\(atLimit)W"))
        #expect(over.reply.status == 414)
        #expect(try Self.problem(over.reply).detail == "the query is 2049 bytes long; this server accepts at most 2048")
        // Arguments: 64 are read as options (empty ones skipped), 65 are 414 before any is read.
        let sixtyFour = "amount=1" + String(repeating: "&", count: 63)
        #expect(try Self.exchange(server, Self.request("/v1/breakdown.json?\(sixtyFour)")).reply.status == 200)
        let sixtyFive = try Self.exchange(server, Self.request("/v1/breakdown.json?\(sixtyFour)&"))
        #expect(sixtyFive.reply.status == 414)
        #expect(try Self.problem(sixtyFive.reply).detail.hasPrefix("the query has 65 arguments"))
        // The whole target: 4,096 bytes (a long path is a 404), 4,097 is 414.
        let path4096 = "/" + String(repeating: "p", count: 4095)
        // A 404 keeps its connection open: read the reply, nothing to wait for after it.
        let notFound = try server.connect(timeout: 60)
        try notFound.send(Self.request(path4096))
        #expect(try notFound.readReply().status == 404)
        let long = try Self.exchange(server, Self.request(path4096 + "p"))
        #expect(long.reply.status == 414)
        #expect(try Self.problem(long.reply).detail == "the request target is 4097 bytes long; this server accepts at most 4096")
        // A request line beyond the connection's memory (128 KiB) is refused by libmicrohttpd
        // itself (its own HTML body), still at once and closed.
        let huge = try Self.exchange(server, Self.request("/" + String(repeating: "x", count: 200_000)))
        #expect(huge.reply.status == 414)
        #expect(huge.closed)
        #expect(try Self.othersInFlight(server) == 0)
        Self.stopsAtOnce(server)
    }

    @Test func controlBytesInTheTargetAreRefused() throws {
        let key = String(repeating: "cd", count: 16), salt = "a1b2"
        let server = try Self.patient(["--allow-unsigned"], environment: ["BREAKDOWN_KEY": key, "BREAKDOWN_SALT": salt])
        // A raw NUL: the signature of the part before it must not cover the bytes after it.
        let visible = "/v1/breakdown.png?amount=1"
        let signature = try ServeEndToEndTests.opensslSignature(key: key, salt: salt, pathAndQuery: visible)
        let cases: [(bytes: [UInt8], offset: Int, byte: String)] = [
            (Array("/\(signature)\(visible)".utf8) + [0] + Array("&locale=en_GB".utf8), signature.count + 1 + visible.count, "00"),
            (Array(visible.utf8) + [0], visible.count, "00"),
            (Array(visible.utf8) + [0] + Array("?".utf8) + Array(repeating: UInt8(ascii: "&"), count: 3000), visible.count, "00"),
            // A NUL before the `?`: the library would read the 3,000 arguments after it.
            (Array("/v1/breakdown.json".utf8) + [0, UInt8(ascii: "?")] + Array(repeating: UInt8(ascii: "&"), count: 3000), 18, "00"),
            // A NUL followed by what looks like the end of the line and a version.
            (Array(visible.utf8) + [0] + Array("HTTP/1.1".utf8) + [0] + Array("&locale=en_GB".utf8), visible.count, "00"),
            (Array(visible.utf8) + [1], visible.count, "01"),
            (Array(visible.utf8) + [9] + Array("x".utf8), visible.count, "09"),
            (Array(visible.utf8) + [0x7F], visible.count, "7F"),
            (Array(visible.utf8) + [0xC3, 0xA9], visible.count, "C3"),
        ]
        for (target, offset, byte) in cases {
            let bytes = Array("GET ".utf8) + target + Array(" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            let (reply, closed) = try Self.exchange(server, bytes)
            #expect(reply.status == 400, "0x\(byte): \(reply.status) \(reply.text.prefix(200))")
            #expect(
                try Self.problem(reply).detail
                    == "the request target has the byte 0x\(byte) at offset \(offset); expected printable ASCII, other bytes %-escaped")
            #expect(reply["cache-control"] == "no-store", "never cached, let alone immutable")
            #expect(closed)
        }
        // The same bytes %-escaped are query text, checked as such (a control character is a 400 too).
        #expect(try server.get("\(visible)%00").status == 400)
        #expect(try server.get("/\(signature)\(visible)").status == 200, "the signature itself is good")
        #expect(try Self.othersInFlight(server) == 0)
        Self.stopsAtOnce(server)
    }

    // MARK: - Heads

    @Test func bigHeadsAre431() throws {
        let server = try Self.patient(["--allow-unsigned"])
        // One field of 8,192 bytes (name and value) is taken; 8,193 is 431.
        let name = "X-Pad"
        let fits = String(repeating: "v", count: 8192 - name.count)
        #expect(try Self.exchange(server, Self.request("/healthz", headers: "\(name): \(fits)\r\n")).reply.status == 200)
        let field = try Self.exchange(server, Self.request("/healthz", headers: "\(name): \(fits)v\r\n"))
        #expect(field.reply.status == 431)
        #expect(try Self.problem(field.reply).detail == "a header field is 8193 bytes long; this server accepts at most 8192")
        #expect(field.closed)
        // A head of many fields over 16,384 bytes in all.
        let many = String(repeating: "X-A: \(String(repeating: "b", count: 90))\r\n", count: 200)
        let block = try Self.exchange(server, Self.request("/healthz", headers: many))
        #expect(block.reply.status == 431)
        #expect(try Self.problem(block.reply).detail.hasPrefix("the request line and header fields are "))
        #expect(block.closed)
        // Beyond the connection's memory, libmicrohttpd refuses it itself: at once, closed.
        for headers in [String(repeating: "a: b\r\n", count: 4000), "X-Big: \(String(repeating: "h", count: 200_000))\r\n"] {
            let (reply, closed) = try Self.exchange(server, Self.request("/healthz", headers: headers))
            #expect(reply.status == 431)
            #expect(closed)
        }
        #expect(try Self.othersInFlight(server) == 0)
        Self.stopsAtOnce(server)
    }

    @Test func ambiguousLengthsAre400AndClose() throws {
        let server = try Self.patient(["--allow-unsigned"])
        let cases: [(headers: String, detail: String)] = [
            ("Content-Length: 0\r\nContent-Length: 5\r\n", "Content-Length was given 2 times with different values; give it once"),
            ("Content-Length: 0\r\nContent-Length: 0\r\n", "Content-Length was given 2 times; give it once"),
            (
                "Content-Length: 0\r\nTransfer-Encoding: chunked\r\n",
                "Transfer-Encoding and Content-Length were both given; a request's length must be unambiguous"
            ),
            ("Transfer-Encoding: chunked\r\n", "Transfer-Encoding was given; this server takes GET and HEAD requests, without a body"),
        ]
        for (headers, detail) in cases {
            // A second request follows on the same connection: it must not be read as one.
            let bytes = Self.request("/healthz", headers: headers) + Array("0\r\n\r\n".utf8) + Self.request("/healthz")
            let (reply, closed) = try Self.exchange(server, bytes)
            #expect(reply.status == 400, "\(headers)")
            #expect(try Self.problem(reply).detail == detail)
            #expect(reply["connection"] == "close")
            #expect(closed, "\(headers): closed, the rest unread")
        }
        // One Content-Length is fine, and the connection stays open.
        let connection = try server.connect()
        #expect(try connection.request("GET", "/healthz", headers: ["Content-Length": "0"]).status == 200)
        #expect(try connection.request("GET", "/healthz").status == 200)
        // A malformed Content-Length is refused by libmicrohttpd before any handler runs
        // (docs/serve.md: its head is written twice, a defect of libmicrohttpd 0.9.75); it is a
        // 400, the connection is closed and no request is left counted.
        let malformed = try Self.exchange(server, Self.request("/healthz", headers: "Content-Length: -1\r\n"))
        #expect(malformed.reply.status == 400 && malformed.closed)
        #expect(try Self.othersInFlight(server) == 0)
        Self.stopsAtOnce(server)
    }

    // MARK: - Slow senders and signals

    @Test func slowHeadsAreCutAtTheHeadTimeout() throws {
        // 20 connections on a server that holds 24, each sending a byte every 0.3 s, which
        // resets the idle timer (an hour here) every time: the head timeout (1 s) still ends
        // them. No upper bound on the time: nothing else can close them within the 120 s guard.
        // The lower bound (the head timeout itself) cannot be broken by a slow machine.
        let server = try Self.patient(["--allow-unsigned", "--max-connections", "24", "--threads", "2", "--header-timeout", "1"])
        let start = Date()
        let slow = try (0..<20).map { _ in try server.connect(timeout: 60) }
        let text = Array(HTTPConnection.requestText("GET", "/healthz").utf8)
        var sent = [Int](repeating: 0, count: slow.count)
        var closedAt = [Double?](repeating: nil, count: slow.count)
        while closedAt.contains(where: { $0 == nil }), Date().timeIntervalSince(start) < 120 {
            for (index, connection) in slow.enumerated() where closedAt[index] == nil {
                // The request line first (whole), then the headers a byte at a time, for half of
                // them; the other half dribble the request line itself.
                let next: [UInt8]
                if sent[index] == 0, index % 2 == 0 {
                    next = Array("GET /healthz HTTP/1.1\r\n".utf8)
                } else {
                    next = [text[min(sent[index], text.count - 5)]]
                }
                if (try? connection.send(next)) == nil { closedAt[index] = Date().timeIntervalSince(start) }
                sent[index] += next.count
            }
            usleep(300_000)
            for (index, connection) in slow.enumerated() where closedAt[index] == nil {
                var poller = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 0) > 0 { closedAt[index] = Date().timeIntervalSince(start) }
            }
        }
        for (index, time) in closedAt.enumerated() {
            let seconds = try #require(time, "connection \(index) still open after 120 s")
            #expect(seconds >= 0.9, "connection \(index) closed after \(seconds) s, before the head timeout")
        }
        // The ones whose request line had come get a 408 problem before the close.
        let lined = try slow[0].readReply()
        #expect(lined.status == 408)
        #expect(try Self.problem(lined).detail.contains("did not arrive within 1 s"))
        #expect(try server.get("/healthz").status == 200)
        #expect(try Self.othersInFlight(server) == 0)
        #expect(server.accessLines.filter { $0.contains("status=408") }.count == 10, "\(server.log.suffix(1500))")
        Self.stopsAtOnce(server)
    }

    /// The head timeout is its own clock, not the idle one's: a request line and then silence,
    /// on a server whose idle timeout (3 s) is three times its head timeout (1 s), is answered
    /// the head timeout's 408 before the idle timeout would close it without a word. No time is
    /// measured here: which of the server's two timers ended the connection says which came first.
    @Test func theHeadTimeoutComesBeforeTheIdleOne() throws {
        let server = try Self.patient(["--allow-unsigned", "--header-timeout", "1", "--timeout", "3"])
        let connection = try server.connect(timeout: 60)
        try connection.send("GET /healthz HTTP/1.1\r\n")
        let reply = try connection.readReply()
        #expect(reply.status == 408, "\(reply.status): closed by the idle timeout, not the head timeout")
        #expect(try Self.problem(reply).detail.contains("did not arrive within 1 s"))
        Self.stopsAtOnce(server)
    }

    @Test func theOneShapeTheCallbackCannotCutIsClosedAtOnce() throws {
        // A raw NUL, a fake `HTTP/1.1`, then a `?` and 3,000 arguments: the request-line callback
        // cannot tell the fake version from the real one, so libmicrohttpd fills the connection's
        // memory with the arguments, queues an answer it cannot send, and closes the connection
        // (docs/serve.md): at once, long before the head timeout, with nothing written. The
        // close counts the request out and logs it (`status=-`).
        let server = try Self.patient(["--allow-unsigned"])
        let target = Array("/v1/breakdown.json".utf8) + [0] + Array("HTTP/1.1".utf8) + [0, UInt8(ascii: "?")]
            + Array(repeating: UInt8(ascii: "&"), count: 3000)
        let bytes = Array("GET ".utf8) + target + Array(" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        // The head timeout is an hour: a close within the 60 s guard came at once.
        let connection = try server.connect(timeout: 60)
        try connection.send(bytes)
        #expect(connection.waitForClose(), "the connection was not closed")
        #expect(try Self.othersInFlight(server) == 0)
        #expect(server.accessLines.contains { $0.contains("path=/v1/breakdown.json status=-") }, "\(server.log.suffix(500))")
        Self.stopsAtOnce(server)
    }

    @Test func sighupDrainsLikeSigterm() throws {
        let server = try Self.patient(["--allow-unsigned"])
        let busy = try server.connect()
        try busy.send(HTTPConnection.requestText("GET", "\(Self.png)?amount=5&scale=3"))
        // The busy connection accepted (the event), then the signal.
        #expect(Self.waitForConnections(server, atLeast: 1), "the request's connection was never accepted")
        kill(server.process.processIdentifier, SIGHUP)
        let reply = try busy.readReply()
        #expect(reply.status == 200, "a request sent before the signal is answered")
        #expect(server.waitForExit(timeout: 120) == 0, "\(server.log.suffix(800))")
        #expect(server.log.contains("received signal \(SIGHUP)"))
        #expect(server.log.contains("stopped after"))
    }

    @Test func sigtermWithManyStalledClientsExitsBeforeItsDrainTimeout() throws {
        // 300 clients hold connections: a third idle, a third with half a request line, a third
        // with a line and no end to their headers. SIGTERM: the idle ones are closed after a
        // quarter of a second, the others after a second, so the server exits. Its head and idle
        // timeouts and its drain are an hour, so an exit within the 120 s guard can only be the
        // drain closing them itself.
        let server = try Self.patient(["--allow-unsigned"])
        var clients: [HTTPConnection] = []
        for index in 0..<300 {
            let connection = try server.connect(timeout: 120)
            switch index % 3 {
            case 1: try connection.send("GET /hea")
            case 2: try connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
            default: break
            }
            clients.append(connection)
        }
        #expect(Self.waitForConnections(server, atLeast: 300), "the 300 connections were never all accepted")
        let status = server.stop(timeout: 120)
        #expect(status == 0, "\(server.log.suffix(800))")
        for connection in clients { #expect(connection.waitForClose()) }
    }
}
