import BreakdownLocking
import BreakdownContent
import BreakdownOptions
import CMicroHTTPD
import Foundation
import Synchronization
import BreakdownIO

/// GNU libmicrohttpd running the service: a pool of threads, each with its own poll loop, on
/// a socket we made. Every request gets a context when its request line arrives (the raw URI,
/// before the library decodes it: signatures are over the bytes as sent), is answered by the
/// service on the thread that read it, and is logged and counted when it completes.
///
/// Accounting ends on every path the library can take: a request's context belongs to its
/// connection, and the connection's close (which libmicrohttpd always reports) finishes a
/// request whose completion was never reported. Requests whose line the service refuses (too
/// long, too many arguments, control bytes) are refused before libmicrohttpd stores their query
/// arguments (64 bytes each, in the connection's memory pool: a long query of short arguments
/// would exhaust the pool before any handler runs). A watchdog closes connections whose request
/// head does not arrive whole in time (slow senders).
/// `@unchecked Sendable` is safe: the daemon pointer and the connections are each in a Locked (the connections' lock also guards every ClientConnection's fields), the flags and counters are Atomic, and the watchdog thread is started and joined by the thread that owns the daemon.
final class HTTPDaemon: @unchecked Sendable {
    /// One request's state between its request line and its completion.
    final class RequestContext {
        let uri: String
        /// The target's bytes before the first NUL (all of them, unless the target holds a NUL).
        let rawLength: Int
        let start = DispatchTime.now().uptimeNanoseconds
        var method = "-"
        /// The status answered and the body's bytes: written by the worker that answers, or by
        /// the watchdog that times the head out (a 408), so behind a lock of their own.
        let outcome = Locked<(status: Int?, bytes: Int)>((nil, 0))
        /// The handler has seen the headers once: the next call (the whole request received) answers.
        var headersSeen = false
        /// The answer the request line already decided (a refused target), given at the first call.
        var rejection: HTTPResponse?
        /// Counted, logged and done: never twice.
        var finished = false

        init(uri: String, rawLength: Int) {
            self.uri = uri
            self.rawLength = rawLength
        }
    }

    /// One client connection, from its accept to its close (the library's socket context).
    final class ClientConnection {
        let fd: Int32
        /// When the current request head began: the connection's accept, or the previous
        /// request's completion.
        var headStart = DispatchTime.now().uptimeNanoseconds
        /// Waiting for a request's head (line and header fields).
        var awaitingHead = true
        /// The watchdog closed it.
        var timedOut = false
        /// The request being read or answered.
        var request: RequestContext?

        init(fd: Int32) { self.fd = fd }
    }

    /// The biggest a connection's buffers may grow, which bounds a request's line and headers:
    /// the service's own limits (ServerLimits) are far below it, so they answer first; a head
    /// beyond it is refused by libmicrohttpd itself (414 or 431, with its own HTML body).
    static let connectionMemory = 128 * 1024

    let service: BreakdownService
    let metrics: ServerMetrics
    /// libmicrohttpd's functions.
    let mhd: MicroHTTPD
    /// The running daemon; written at start and stop, read by /metrics on the worker threads.
    private var daemon: OpaquePointer? {
        get { storedDaemon.withLock { $0 } }
        set { storedDaemon.withLock { $0 = newValue } }
    }
    private let storedDaemon = Locked<OpaquePointer?>(nil)
    private let draining = Atomic<Bool>(false)
    private let answered = Atomic<Int>(0)
    /// Open connections, for the watchdog; every ClientConnection's fields and every
    /// RequestContext's `request` and `finished` are read and written under this lock too.
    private let connections = Locked<[ObjectIdentifier: ClientConnection]>([:])
    private let watchdogRunning = Atomic<Bool>(false)
    private var watchdog: Thread?
    private let watchdogDone = DispatchSemaphore(value: 0)
    /// The head-time limit in nanoseconds.
    private let headNanoseconds: UInt64

    /// The health listener's connections (`--health-port`): a probe or two at a time.
    static let healthConnections = 32
    /// Connections the health listener keeps free for the next probe (see `connectionOpened`).
    static let healthRoom = 4

    /// Answers `/healthz` only (the `--health-port` listener); every other path is a 404.
    let healthOnly: Bool

    /// An error (exit status 1) when libmicrohttpd cannot be loaded.
    init(service: BreakdownService, metrics: ServerMetrics, healthOnly: Bool = false) throws(CLIError) {
        mhd = try MicroHTTPD.load()
        self.service = service
        self.metrics = metrics
        self.healthOnly = healthOnly
        headNanoseconds = UInt64(service.configuration.headerTimeoutSeconds * 1e9)
    }

    /// Starts the worker threads on `socket`.
    func start(socket: ListenSocket, configuration: ServerConfiguration) throws(CLIError) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        service.connectionCount = { [weak self] in
            guard let self, let daemon else { return 0 }
            return max(0, breakdown_mhd_connections(mhd.functions, daemon))
        }
        daemon = breakdown_mhd_start(
            mhd.functions, socket.descriptor, UInt32(configuration.threads), UInt32(configuration.maxConnections),
            UInt32(configuration.maxConnectionsPerAddress),
            UInt32(configuration.timeoutSeconds), Self.connectionMemory, httpAccessHandler, me, httpRequestCompleted, me,
            httpURILogger, me, httpConnectionNotified, me)
        guard daemon != nil else { throw .failure("cannot start the HTTP server (libmicrohttpd refused the settings)") }
        watchdogRunning.store(true, ordering: .sequentiallyConsistent)
        let thread = Thread { [self] in
            while watchdogRunning.load(ordering: .relaxed) {
                usleep(50_000)
                closeLateHeads(now: DispatchTime.now().uptimeNanoseconds)
            }
            watchdogDone.signal()
        }
        thread.name = "breakdown-head-watchdog"
        thread.start()
        watchdog = thread
    }

    /// Stops accepting connections (the listening socket is closed); answers to requests
    /// already received say `Connection: close`, and idle connections are closed.
    func stopAccepting() {
        draining.store(true, ordering: .sequentiallyConsistent)
        guard let daemon else { return }
        let fd = mhd.functions.quiesce_daemon(daemon)
        if fd >= 0 { close(fd) }
    }

    /// Closes every connection and joins the threads.
    func stop() {
        if watchdog != nil {
            watchdogRunning.store(false, ordering: .sequentiallyConsistent)
            watchdogDone.wait()
            watchdog = nil
        }
        if let running = daemon { mhd.functions.stop_daemon(running) }
        daemon = nil
    }

    var requestsAnswered: Int { answered.load(ordering: .relaxed) }

    /// The watchdog's round: a connection whose request head has taken longer than the limit
    /// (counted from its accept or its previous response, so one byte every few seconds does not
    /// keep it) is closed: a 408 first if its request line had come. While draining, the limit
    /// is a quarter of a second for a connection with no request line yet, and a second for
    /// one whose head has begun: requests already sent are read, stalled clients do not hold
    /// the exit.
    /// The socket is shut down, not closed: its worker thread sees the end and closes it, and
    /// the lock keeps the descriptor from being reused meanwhile (the library reports the close
    /// to us before it closes the descriptor).
    func closeLateHeads(now: UInt64) {
        let isDraining = draining.load(ordering: .relaxed)
        connections.withLock { connections in
            for connection in connections.values where connection.awaitingHead && !connection.timedOut {
                // `now` was read before the lock: a connection opened (or a response completed)
                // since has a later start, which has waited nothing yet. (A wrapping subtraction
                // made that a huge wait, and the watchdog shut brand-new connections with nothing
                // sent: the 1,000-connection test's rare "closed with 0 bytes" under load.)
                let waited = now > connection.headStart ? now - connection.headStart : 0
                let idleWhileDraining = isDraining && connection.request == nil && waited > 250_000_000
                let stalledWhileDraining = isDraining && waited > 1_000_000_000
                guard waited > headNanoseconds || idleWhileDraining || stalledWhileDraining else { continue }
                connection.timedOut = true
                if let request = connection.request, !idleWhileDraining {
                    let seconds = service.configuration.headerTimeoutSeconds
                    let problem = HTTPResponse.problem(
                        408, "the request's line and header fields did not arrive within \(ServerLimits.format(seconds)) s; send the whole head at once")
                    var text = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: \(problem.body.count)\r\n"
                    for header in problem.headers { text += "\(header.name): \(header.value)\r\n" }
                    request.outcome.withLock { $0 = (408, problem.body.count) }
                    let bytes = Array((text + "\r\n").utf8) + Array(problem.body)
                    _ = bytes.withUnsafeBytes { Glibc.send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                }
                shutdown(connection.fd, Int32(SHUT_RDWR))
            }
        }
    }

    func connectionOpened(fd: Int32) -> ClientConnection {
        let connection = ClientConnection(fd: fd)
        // A send queue that can hold more than `unreadLimit`, so that a client that does not read
        // is found by `refusesUnread` at its next request, not left blocked until `--timeout`
        // (the kernel's own queue may still be smaller than the limit while it grows; the kernel
        // doubles the value given, for its bookkeeping).
        var sendBuffer = Int32(Self.unreadLimit * 2)
        setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<Int32>.size))
        connections.withLock { connections in
            connections[ObjectIdentifier(connection)] = connection
            // The health listener keeps room for a probe: once its connections come within
            // `healthRoom` of its limit, the one idle longest (no request begun) is closed, so
            // sockets held open and silent never keep a liveness probe waiting for a timeout.
            guard healthOnly, connections.count > Self.healthConnections - Self.healthRoom else { return }
            let idle = connections.values.filter { $0 !== connection && $0.awaitingHead && $0.request == nil && !$0.timedOut }
            if let oldest = idle.min(by: { $0.headStart < $1.headStart }) {
                oldest.timedOut = true
                shutdown(oldest.fd, Int32(SHUT_RDWR))
            }
        }
        return connection
    }

    func connectionClosed(_ connection: ClientConnection) {
        let unfinished = connections.withLock { connections -> RequestContext? in
            connections[ObjectIdentifier(connection)] = nil
            defer { connection.request = nil }
            return connection.request
        }
        if let unfinished { finish(unfinished, terminatedNormally: false) }
    }

    /// The request line has come: a context (counted in flight at once), and the service's
    /// verdict on the target. A refused target's query is cut off in the library's buffer, so
    /// that the library stores none of its arguments.
    func requestLine(uri pointer: UnsafePointer<CChar>?, connection: ClientConnection?) -> RequestContext {
        metrics.requestStarted()
        let length = pointer.map { strlen($0) } ?? 0
        let text = pointer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? "/"
        let request = RequestContext(uri: text, rawLength: length)
        var rejection = service.refusal(ofTarget: pointer.map { UnsafeRawBufferPointer(start: $0, count: length) } ?? UnsafeRawBufferPointer(start: nil, count: 0))
        if let pointer {
            let mutable = UnsafeMutablePointer(mutating: pointer)
            if rejection == nil, !Self.isVersion(after: mutable + length) {
                rejection = service.nulRefusal(at: length)
            }
            if rejection != nil { Self.cutQuery(mutable, length: length) }
        }
        request.rejection = rejection
        if let connection {
            let previous = connections.withLock { _ -> RequestContext? in
                defer { connection.request = request }
                return connection.request
            }
            // The library never reported the previous request's end: end it now.
            if let previous { finish(previous, terminatedNormally: false) }
        }
        return request
    }

    /// Whether the NUL at `end` is the one the library wrote between the target and `HTTP/d.d`
    /// (the line ends with a NUL after it); any other NUL came inside the target.
    static func isVersion(after end: UnsafeMutablePointer<CChar>) -> Bool {
        let expected = Array("HTTP/".utf8)
        for (offset, byte) in expected.enumerated() where UInt8(bitPattern: end[1 + offset]) != byte { return false }
        let major = UInt8(bitPattern: end[6]), dot = UInt8(bitPattern: end[7]), minor = UInt8(bitPattern: end[8])
        return (48...57).contains(major) && dot == UInt8(ascii: ".") && (48...57).contains(minor) && end[9] == 0
    }

    /// Ends the query at its `?` in the library's copy of the target (the library reads its
    /// arguments from the first `?` to the next NUL, after this callback). A target with NULs
    /// is followed segment by segment up to the NUL before the version.
    static func cutQuery(_ target: UnsafeMutablePointer<CChar>, length: Int) {
        var start = 0
        var end = length
        while true {
            for index in start..<end where target[index] == CChar(UInt8(ascii: "?")) {
                target[index + 1] = 0
                return
            }
            if isVersion(after: target + end) { return }
            start = end + 1
            end = start + strlen(target + start)
        }
    }

    /// The handler's first call: the head is in. Decides the answer when the head is refused.
    fileprivate func headReceived(
        _ connection: OpaquePointer, request: RequestContext, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
        url: UnsafePointer<CChar>?)
        -> Bool
    {
        if let client = breakdown_mhd_socket_context(mhd.functions, connection).map({ Unmanaged<ClientConnection>.fromOpaque($0).takeUnretainedValue() }) {
            let timedOut = connections.withLock { _ -> Bool in
                client.awaitingHead = false
                return client.timedOut
            }
            if timedOut { return false }
            if refusesUnread(client) { return false }
        }
        if request.rejection == nil, let version, let url, UnsafeRawPointer(url) + request.rawLength + 1 != UnsafeRawPointer(version) {
            request.rejection = service.nulRefusal(at: request.rawLength)
        }
        if request.rejection == nil {
            let facts = breakdown_mhd_header_facts(mhd.functions, connection, method, url, version)
            var head = HeadFacts(
                    headBytes: facts.head_bytes, longestField: facts.longest_field, contentLengths: Int(facts.content_lengths),
                    contentLengthsDiffer: facts.content_lengths_differ != 0, announcesBody: facts.announces_body != 0,
                    transferEncodings: Int(facts.transfer_encodings), hosts: Int(facts.hosts),
                    isHTTP11: version.map { RequestLineSyntax.readsAsHTTP11(String(cString: $0)) } ?? false,
                    flaw: HeadFacts.Flaw(rawValue: facts.flaw) ?? .sound, flawOffset: facts.flaw_offset)
            head.method = method.map { String(cString: $0) } ?? ""
            head.target = request.uri
            head.host = breakdown_mhd_header(mhd.functions, connection, "Host").map { String(cString: $0) }
            request.rejection = service.refusal(ofHead: head)
        }
        return true
    }

    /// The most bytes of earlier responses a connection may leave untaken (in this side's send
    /// queue: written, not yet taken by the client's TCP) when its next request's head arrives.
    /// A client that pipelines requests and never reads fills its own receive buffer, then this
    /// queue; past this many bytes the connection is closed before the next answer is drawn, so
    /// a client that does not read makes the server draw no more than its receive buffer and
    /// this much. A client that reads, even one that pipelines, has nothing queued but what is
    /// on its way (under 64 KiB on loopback; far below this on any link the server faces).
    static let unreadLimit = 256 * 1024

    /// Whether `client` has left more than `unreadLimit` bytes of responses untaken; such a
    /// connection is counted and closed (the request's log line says status `-`).
    func refusesUnread(_ client: ClientConnection) -> Bool {
        let unsent = breakdown_socket_unsent_bytes(client.fd)
        guard unsent > Self.unreadLimit else { return false }
        metrics.connectionClosedUnread()
        AccessLog.write(
            "closed a connection that does not read its responses: \(unsent) bytes of earlier responses untaken when it sent another request (at most \(Self.unreadLimit))\n")
        return true
    }

    fileprivate func handle(_ connection: OpaquePointer, context: RequestContext, method: String) -> MHD_Result {
        context.method = method
        var answer: HTTPResponse
        if let rejection = context.rejection {
            answer = service.decorate(rejection, close: true)
        } else if healthOnly, BreakdownService.unsignedPart(of: context.uri).split(separator: "?", maxSplits: 1).first != "/healthz" {
            answer = service.decorate(.problem(404, "this port answers /healthz only (--health-port); images are on --port"), close: false)
        } else {
            let ifNoneMatch = breakdown_mhd_header(mhd.functions, connection, "If-None-Match").map { String(cString: $0) }
            answer = service.respond(
                method: method, uri: context.uri, ifNoneMatch: ifNoneMatch, draining: draining.load(ordering: .relaxed))
        }
        metrics.record(answer)
        let bytes = method == "HEAD" ? 0 : answer.body.count
        context.outcome.withLock { $0 = (answer.status, bytes) }
        // libmicrohttpd sends a 304's Content-Length from the response's size (and no body): a
        // 304 is made with the size of the representation it stands for, not of its empty body.
        let response =
            answer.representationLength.map { breakdown_mhd_response_of_length(mhd.functions, UInt64($0)) }
            ?? answer.body.withUnsafeBytes { bytes in breakdown_mhd_response(mhd.functions, bytes.count, bytes.baseAddress) }
        guard let response else { return .NO }
        for header in answer.headers { _ = mhd.functions.add_response_header(response, header.name, header.value) }
        let result = mhd.functions.queue_response(connection, UInt32(answer.status), response)
        mhd.functions.destroy_response(response)
        return result
    }

    /// The library reported the request's end.
    /// The connection's own reference is used, not the library's pointer (which owns nothing).
    fileprivate func completed(_ connection: OpaquePointer?, terminatedNormally: Bool) {
        let client = connection.flatMap { breakdown_mhd_socket_context(mhd.functions, $0) }.map {
            Unmanaged<ClientConnection>.fromOpaque($0).takeUnretainedValue()
        }
        let current = connections.withLock { _ -> RequestContext? in
            guard let client else { return nil }
            defer {
                client.request = nil
                client.awaitingHead = true
                client.headStart = DispatchTime.now().uptimeNanoseconds
            }
            return client.request
        }
        if let current { finish(current, terminatedNormally: terminatedNormally) }
    }

    /// Counts a request out and writes its log line, once.
    private func finish(_ context: RequestContext, terminatedNormally: Bool) {
        let first = connections.withLock { _ -> Bool in
            defer { context.finished = true }
            return !context.finished
        }
        guard first else { return }
        metrics.requestFinished()
        answered.add(1, ordering: .relaxed)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - context.start) / 1e6
        let path = String(BreakdownService.unsignedPart(of: context.uri))
        let outcome = context.outcome.withLock { $0 }
        AccessLog.write(
            AccessLog.line(
                method: context.method, path: path, status: outcome.status, bytes: terminatedNormally ? outcome.bytes : 0,
                milliseconds: milliseconds))
    }
}

/// What a request's header fields say, for the checks the service makes on them.
struct HeadFacts {
    /// What is wrong with the head's lines as RFC 9112 reads them (the shim's breakdown_head_flaw).
    enum Flaw: Int32 {
        case sound = 0, fieldName, fieldValue, lineEnd, folded, requestLine
    }

    var headBytes: Int
    var longestField: Int
    var contentLengths: Int
    var contentLengthsDiffer: Bool
    /// The Content-Length is a number above zero.
    var announcesBody: Bool
    var transferEncodings: Int
    var hosts: Int
    /// HTTP/1.1 or a later HTTP/1 minor version, read as 1.1 (`RequestLineSyntax.readsAsHTTP11`).
    var isHTTP11: Bool
    var flaw: Flaw
    /// Where the flaw is, from the head's first byte.
    var flawOffset: Int
    /// The request line's method and target, and the Host field's value (nil: none).
    var method = ""
    var target = ""
    var host: String?
}

private func daemon(_ cls: UnsafeMutableRawPointer) -> HTTPDaemon { Unmanaged<HTTPDaemon>.fromOpaque(cls).takeUnretainedValue() }

private func httpConnectionNotified(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_ConnectionNotificationCode
) {
    guard let cls, let socketContext else { return }
    if breakdown_mhd_connection_closed(code) != 0 {
        guard let pointer = socketContext.pointee else { return }
        socketContext.pointee = nil
        daemon(cls).connectionClosed(Unmanaged<HTTPDaemon.ClientConnection>.fromOpaque(pointer).takeRetainedValue())
    } else if let connection {
        let server = daemon(cls)
        let client = server.connectionOpened(fd: breakdown_mhd_connection_fd(server.mhd.functions, connection))
        socketContext.pointee = Unmanaged.passRetained(client).toOpaque()
    }
}

private func httpURILogger(_ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?)
    -> UnsafeMutableRawPointer?
{
    guard let cls else { return nil }
    let server = daemon(cls)
    let client = connection.flatMap { breakdown_mhd_socket_context(server.mhd.functions, $0) }.map {
        Unmanaged<HTTPDaemon.ClientConnection>.fromOpaque($0).takeUnretainedValue()
    }
    // The connection holds the context; the library's pointer to it is not an owner.
    return Unmanaged.passUnretained(server.requestLine(uri: uri, connection: client)).toOpaque()
}

private func httpAccessHandler(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?, _ uploadSize: UnsafeMutablePointer<Int>?,
    _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let context else { return .NO }
    let server = daemon(cls)
    let request: HTTPDaemon.RequestContext
    if let pointer = context.pointee {
        request = Unmanaged<HTTPDaemon.RequestContext>.fromOpaque(pointer).takeUnretainedValue()
    } else {
        let client = breakdown_mhd_socket_context(server.mhd.functions, connection).map {
            Unmanaged<HTTPDaemon.ClientConnection>.fromOpaque($0).takeUnretainedValue()
        }
        request = server.requestLine(uri: url, connection: client)
        context.pointee = Unmanaged.passUnretained(request).toOpaque()
    }
    if request.outcome.withLock({ $0.status }) != nil { return .YES }
    let methodName = method.map { String(cString: $0) } ?? "-"
    if !request.headersSeen {
        request.headersSeen = true
        guard server.headReceived(connection, request: request, method: method, version: version, url: url) else { return .NO }
        // A refused head is answered at once (the library then closes the connection, unread).
        // GET and HEAD are answered once the whole request is in: answering on the first call
        // would make the library close the connection instead of keeping it alive. Other
        // methods are refused at once and their body is not read.
        if request.rejection == nil, methodName == "GET" || methodName == "HEAD" { return .YES }
        return server.handle(connection, context: request, method: methodName)
    }
    if let uploadSize, uploadSize.pointee > 0 {
        uploadSize.pointee = 0
        return .YES
    }
    return server.handle(connection, context: request, method: methodName)
}

private func httpRequestCompleted(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ termination: MHD_RequestTerminationCode
) {
    guard let cls else { return }
    context?.pointee = nil
    daemon(cls).completed(connection, terminatedNormally: breakdown_mhd_completed_ok(termination) != 0)
}
