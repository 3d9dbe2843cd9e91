import Foundation
import Testing
import BreakdownTestSupport

/// Issue 44, item 5: the health listener keeps room for a probe. Sockets held open and silent on
/// the health port (more than its 32 connections) never keep a probe from being answered: the
/// server keeps idle connections and waits for heads an hour here (ServerProcess's defaults,
/// `--health-timeout` among them), so a probe answered at all means the listener made room itself,
/// by closing the socket idle longest, not by a timeout.
@Suite struct ServeHealthRoomTests {
    @Test(.timeLimit(.minutes(15))) func aProbeIsAnsweredWithFortyIdleSocketsHeld() throws {
        let server = try ServerProcess(["--allow-unsigned", "--health-port", "0"])
        let line = try #require(server.log.split(separator: "\n").first { $0.hasPrefix("health checks on http://127.0.0.1:") }, "\(server.log)")
        let healthPort = try #require(Int(line.split(separator: ":").last?.split(separator: "/").first ?? ""))
        var idle: [HTTPConnection] = []
        for _ in 0..<40 { idle.append(try HTTPConnection(port: healthPort, timeout: 60)) }
        // Three rounds: two probes connect, one after the other, before either sends its request
        // (as a kubelet and a load balancer may), then ten more idle sockets. The room is made by
        // closing the socket idle longest, never the probe that came just before.
        for round in 0..<3 {
            let first = try HTTPConnection(port: healthPort, timeout: 60)
            let second = try HTTPConnection(port: healthPort, timeout: 60)
            for (which, probe) in [("first", first), ("second", second)] {
                let reply = try probe.request("GET", "/healthz")
                #expect(reply.status == 200 && reply.text == "ok\n", "round \(round), \(which) probe: \(reply.status)")
            }
            for _ in 0..<10 { idle.append(try HTTPConnection(port: healthPort, timeout: 60)) }
        }
        // The oldest idle sockets were the ones closed: the first is closed, the newest open.
        #expect(idle[0].waitForClose(), "the socket idle longest is closed")
        let newest = try #require(idle.last)
        let late = try newest.request("GET", "/healthz")
        #expect(late.status == 200, "the newest idle socket is still served: \(late.status)")
        // The main port is not the health listener: its idle sockets are never closed for room.
        var main: [HTTPConnection] = []
        for _ in 0..<40 { main.append(try HTTPConnection(port: server.port, timeout: 60)) }
        let first = try main[0].request("GET", "/healthz")
        #expect(first.status == 200, "the main port's first idle socket is still open: \(first.status)")
        idle.removeAll()
        main.removeAll()
        #expect(server.stop() == 0)
    }
}
