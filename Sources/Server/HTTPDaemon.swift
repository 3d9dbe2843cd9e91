import BreakdownOptions
import CMicroHTTPD
import Foundation
import Synchronization

/// GNU libmicrohttpd running the service: a pool of threads, each with its own epoll loop, on
/// a socket we made. Every request gets a context when its request line arrives (the raw URI,
/// before the library decodes it: signatures are over the bytes as sent), is answered by the
/// service on the thread that read it, and is logged and counted when it completes.
final class HTTPDaemon: @unchecked Sendable {
    /// One request's state between its request line and its completion.
    final class RequestContext {
        let uri: String
        let start = DispatchTime.now().uptimeNanoseconds
        var method = "-"
        var status: Int?
        var bytes = 0
        /// The handler has seen the headers once: the next call (the whole request received) answers.
        var headersSeen = false

        init(uri: String) { self.uri = uri }
    }

    /// The biggest a connection's buffers may grow, which bounds a request's line and headers:
    /// enough for a 100 KB query to arrive whole and be refused with a proper 400.
    static let connectionMemory = 128 * 1024

    let service: BreakdownService
    let metrics: ServerMetrics
    /// The running daemon; written at start and stop, read by /metrics on the worker threads.
    private var daemon: OpaquePointer? {
        get { daemonLock.withLock { storedDaemon } }
        set { daemonLock.withLock { storedDaemon = newValue } }
    }
    private var storedDaemon: OpaquePointer?
    private let daemonLock = NSLock()
    private let draining = Atomic<Bool>(false)
    private let answered = Atomic<Int>(0)

    init(service: BreakdownService, metrics: ServerMetrics) {
        self.service = service
        self.metrics = metrics
    }

    /// Starts the worker threads on `socket`.
    func start(socket: ListenSocket, configuration: ServerConfiguration) throws(CLIError) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        service.connectionCount = { [weak self] in
            guard let daemon = self?.daemon else { return 0 }
            return max(0, breakdown_mhd_connections(daemon))
        }
        daemon = breakdown_mhd_start(
            socket.descriptor, UInt32(configuration.threads), UInt32(configuration.maxConnections),
            UInt32(configuration.timeoutSeconds), Self.connectionMemory, httpAccessHandler, me, httpRequestCompleted, me,
            httpURILogger, me)
        guard daemon != nil else { throw .failure("cannot start the HTTP server (libmicrohttpd refused the settings)") }
    }

    /// Stops accepting connections (the listening socket is closed); answers to requests
    /// already received say `Connection: close`.
    func stopAccepting() {
        draining.store(true, ordering: .sequentiallyConsistent)
        guard let daemon else { return }
        let fd = MHD_quiesce_daemon(daemon)
        if fd >= 0 { close(fd) }
    }

    /// Closes every connection and joins the threads.
    func stop() {
        if let running = daemon { MHD_stop_daemon(running) }
        daemon = nil
    }

    var requestsAnswered: Int { answered.load(ordering: .relaxed) }

    fileprivate func requestLine(uri: String) -> RequestContext {
        metrics.requestStarted()
        return RequestContext(uri: uri)
    }

    fileprivate func handle(_ connection: OpaquePointer, context: RequestContext, method: String) -> MHD_Result {
        context.method = method
        let ifNoneMatch = breakdown_mhd_header(connection, "If-None-Match").map { String(cString: $0) }
        let answer = service.respond(
            method: method, uri: context.uri, ifNoneMatch: ifNoneMatch, draining: draining.load(ordering: .relaxed))
        metrics.record(answer)
        context.status = answer.status
        context.bytes = method == "HEAD" ? 0 : answer.body.count
        let response = answer.body.withUnsafeBytes { bytes in breakdown_mhd_response(bytes.count, bytes.baseAddress) }
        guard let response else { return .NO }
        for header in answer.headers { _ = MHD_add_response_header(response, header.name, header.value) }
        let result = MHD_queue_response(connection, UInt32(answer.status), response)
        MHD_destroy_response(response)
        return result
    }

    fileprivate func completed(_ context: RequestContext, terminatedNormally: Bool) {
        metrics.requestFinished()
        answered.add(1, ordering: .relaxed)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - context.start) / 1e6
        let path = String(BreakdownService.unsignedPart(of: context.uri))
        AccessLog.write(
            AccessLog.line(
                method: context.method, path: path, status: context.status, bytes: terminatedNormally ? context.bytes : 0,
                milliseconds: milliseconds))
    }
}

private func httpURILogger(_ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?)
    -> UnsafeMutableRawPointer?
{
    guard let cls else { return nil }
    let daemon = Unmanaged<HTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
    let text = uri.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? "/"
    return Unmanaged.passRetained(daemon.requestLine(uri: text)).toOpaque()
}

private func httpAccessHandler(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?, _ uploadSize: UnsafeMutablePointer<Int>?,
    _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let context else { return .NO }
    let daemon = Unmanaged<HTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
    let request: HTTPDaemon.RequestContext
    if let pointer = context.pointee {
        request = Unmanaged<HTTPDaemon.RequestContext>.fromOpaque(pointer).takeUnretainedValue()
    } else {
        request = daemon.requestLine(uri: url.map { String(cString: $0) } ?? "/")
        context.pointee = Unmanaged.passRetained(request).toOpaque()
    }
    if request.status != nil { return .YES }
    let methodName = method.map { String(cString: $0) } ?? "-"
    // GET and HEAD are answered once the whole request is in: answering on the first call (headers
    // only) would make the library close the connection instead of keeping it alive. Other
    // methods are refused at once and their body is not read.
    if !request.headersSeen, methodName == "GET" || methodName == "HEAD" {
        request.headersSeen = true
        return .YES
    }
    if let uploadSize, uploadSize.pointee > 0 {
        uploadSize.pointee = 0
        return .YES
    }
    return daemon.handle(connection, context: request, method: methodName)
}

private func httpRequestCompleted(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ termination: MHD_RequestTerminationCode
) {
    guard let cls, let context, let pointer = context.pointee else { return }
    context.pointee = nil
    let daemon = Unmanaged<HTTPDaemon>.fromOpaque(cls).takeUnretainedValue()
    let request = Unmanaged<HTTPDaemon.RequestContext>.fromOpaque(pointer).takeRetainedValue()
    daemon.completed(request, terminatedNormally: breakdown_mhd_completed_ok(termination) != 0)
}
