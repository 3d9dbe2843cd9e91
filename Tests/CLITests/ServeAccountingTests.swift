@testable import BreakdownOptions
@testable import BreakdownServer
import Foundation
import Testing
import BreakdownIO

/// The daemon's accounting without the library: a request counted at its request line is
/// counted out once, by its completion or, when the library never reports one, by its
/// connection's close or by the next request line on the same connection.
@Suite struct ServeAccountingTests {
    static func daemon() throws -> (HTTPDaemon, ServerMetrics) {
        let metrics = ServerMetrics()
        let service = try BreakdownService(
            configuration: ServerConfiguration(), identity: "test",
            renderers: try ThreadRenderers(count: 0) { throw CLIError.failure("no renderer needed") }, metrics: metrics)
        return (try HTTPDaemon(service: service, metrics: metrics), metrics)
    }

    /// A request line as libmicrohttpd leaves it for the callback: the target, a NUL, the version, a NUL.
    static func line(_ target: String, _ body: (UnsafePointer<CChar>) -> Void) {
        var bytes = Array(target.utf8CString.dropLast()) + [0] + Array("HTTP/1.1".utf8CString)
        bytes.withUnsafeMutableBufferPointer { body(UnsafePointer($0.baseAddress!)) }
    }

    @Test func aRequestTheLibraryNeverCompletesIsCountedOutAtTheClose() throws {
        let (daemon, metrics) = try Self.daemon()
        let connection = daemon.connectionOpened(fd: -1)
        Self.line("/healthz") { _ = daemon.requestLine(uri: $0, connection: connection) }
        #expect(metrics.requestsInFlight == 1)
        daemon.connectionClosed(connection)
        #expect(metrics.requestsInFlight == 0)
        daemon.connectionClosed(connection)
        #expect(metrics.requestsInFlight == 0, "never counted out twice")
    }

    @Test func aNewRequestLineEndsTheOneBefore() throws {
        let (daemon, metrics) = try Self.daemon()
        let connection = daemon.connectionOpened(fd: -1)
        Self.line("/healthz") { _ = daemon.requestLine(uri: $0, connection: connection) }
        Self.line("/metrics") { _ = daemon.requestLine(uri: $0, connection: connection) }
        #expect(metrics.requestsInFlight == 1)
        daemon.connectionClosed(connection)
        #expect(metrics.requestsInFlight == 0)
    }
}
