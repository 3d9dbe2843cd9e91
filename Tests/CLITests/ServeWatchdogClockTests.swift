@testable import BreakdownServer
import Foundation
import Testing

/// The head watchdog reads the clock, then takes the connections' lock: a connection opened in
/// between starts after the clock it is judged by, and has waited nothing. It must not be shut
/// (it was: a wrapping subtraction took it for a wait of centuries, and the 1,000-connection test
/// saw a connection closed with nothing sent, once in a few full runs under load). A real socket
/// pair: the far end reads the end of stream only if the watchdog shut the near end.
@Suite struct ServeWatchdogClockTests {
    /// Whether the far end of a socket pair has seen the near end shut (end of stream).
    static func isShut(_ far: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(far, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    @Test func aConnectionOpenedAfterTheClockWasReadIsNotShut() throws {
        let (daemon, _) = try ServeAccountingTests.daemon()
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let connection = daemon.connectionOpened(fd: fds[0])
        // The clock as the watchdog read it a moment before this connection opened.
        daemon.closeLateHeads(now: connection.headStart - 1_000_000)
        #expect(!Self.isShut(fds[1]), "a connection that has waited nothing was shut")
        #expect(!connection.timedOut)
        // The control: past the header timeout (10 s by default), the same connection is shut.
        daemon.closeLateHeads(now: connection.headStart + 11_000_000_000)
        #expect(Self.isShut(fds[1]), "a head late by the timeout is shut")
        #expect(connection.timedOut)
        daemon.connectionClosed(connection)
    }
}
