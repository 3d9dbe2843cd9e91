import BreakdownTestSupport
import Foundation
import Testing

/// Issue 44, item 5: one client cannot hold the main port. With `--max-connections-per-address`,
/// a client that opens 1,000 sockets and re-opens each one the server closes holds that many and
/// no more, and a client from another address is answered. The server's timeouts are an hour
/// here (ServerProcess's defaults), so no timeout makes the room: an answer at all shows the limit
/// did. Without the limit the 1,000 sockets fill `--max-connections` (1,000) and the other
/// client's connection waits in the kernel's queue (ServeEndToEndTests shows that wait).
@Suite struct ServeAddressLimitTests {
    /// Whether the server has closed `connection` (its end read, without waiting).
    static func isClosed(_ connection: HTTPConnection) -> Bool {
        var poller = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(connection.fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
    }

    @Test(.timeLimit(.minutes(15))) func oneAddressReopeningEverySocketLeavesRoomForAnother() throws {
        let server = try ServerProcess(["--allow-unsigned", "--max-connections-per-address", "16"])
        var flood: [HTTPConnection] = []
        for _ in 0..<1000 { flood.append(try server.connect(timeout: 60)) }
        // The first 16 are served: a request on the first is answered.
        #expect(try flood[0].request("GET", "/healthz").status == 200)
        // The server accepts every socket and closes all but 16 at once (the event waited for:
        // 984 closed). Then the client re-opens each closed one, twice over: 16 stay open.
        for round in 0..<3 {
            let closedAll = waitFor(deadline: 120) { flood.filter(Self.isClosed).count == 1000 - 16 }
            #expect(closedAll, "round \(round): \(flood.filter(Self.isClosed).count) of 1000 closed, expected 984")
            guard round < 2, closedAll else { break }
            for index in flood.indices where Self.isClosed(flood[index]) { flood[index] = try server.connect(timeout: 60) }
        }
        // Another address is answered while the flood holds its sockets.
        let probe = try HTTPConnection(port: server.port, timeout: 60, from: "127.0.0.2")
        let reply = try probe.request("GET", "/healthz")
        #expect(reply.status == 200 && reply.text == "ok\n", "\(reply.status)")
        flood.removeAll()
        #expect(server.stop() == 0, "\(server.log.suffix(2000))")
    }
}
