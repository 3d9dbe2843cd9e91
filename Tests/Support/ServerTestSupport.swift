import Foundation
import Testing

/// Something went wrong talking to the server under test.
public struct ServerTestError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// `breakdown serve --port 0 …` started as a subprocess: its URL read from its first line on
/// standard output, its standard error (the access log) written to a file in its own folder.
public final class ServerProcess {
    public let process = Process()
    public let folder: URL
    public let logFile: URL
    public private(set) var port = 0

    /// Starts the server and waits for it to print its URL (the event; 120 s only stops a hang).
    public init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let executable = try #require(BinaryRunner.executable, "build the breakdown executable first (swift build)")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        logFile = folder.appendingPathComponent("stderr.log")
        guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
            throw ServerTestError("cannot create \(logFile.path)")
        }
        process.executableURL = executable
        // Every timeout of the server's an hour unless the test sets it: a loaded machine may
        // leave a connection waiting long for its turn, and a test never depends on how long
        // (what happens "at once" is then told from a timeout by the order of events alone).
        var all = arguments
        for option in ["--timeout", "--header-timeout", "--drain-timeout", "--health-timeout"] where !all.contains(option) { all += [option, "3600"] }
        process.arguments = ["serve", "--port", "0"] + all
        var env = ProcessInfo.processInfo.environment
        env["BREAKDOWN_KEY"] = nil
        env["BREAKDOWN_SALT"] = nil
        env.merge(environment) { _, new in new }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: logFile)
        SpawnLog.note()
        try process.run()
        let line = try Self.firstLine(of: out.fileHandleForReading.fileDescriptor, timeout: 120)
        guard let portText = line.split(separator: ":").last, let port = Int(portText), line.hasPrefix("http://127.0.0.1:") else {
            terminate()
            throw ServerTestError("the server printed '\(line)' instead of its URL; stderr: \(log)")
        }
        self.port = port
    }

    deinit {
        terminate()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Everything the server wrote on standard error so far.
    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// The access-log lines (`method=… path=… status=… bytes=… ms=…`).
    public var accessLines: [String] { log.split(separator: "\n").map(String.init).filter { $0.hasPrefix("method=") } }

    /// Sends a signal and waits for the process to end; its exit status, or nil after `timeout`.
    public func stop(signal: Int32 = SIGTERM, timeout: Double = 20) -> Int32? {
        kill(process.processIdentifier, signal)
        return waitForExit(timeout: timeout)
    }

    public func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { return nil }
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    public func terminate() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// A new connection to the server.
    public func connect(timeout: Double = 15) throws -> HTTPConnection { try HTTPConnection(port: port, timeout: timeout) }

    /// One request on its own connection.
    public func get(_ target: String, method: String = "GET", headers: [String: String] = [:]) throws -> HTTPReply {
        try connect().request(method, target, headers: headers)
    }

    private static func firstLine(of fd: Int32, timeout: Double) throws -> String {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { break }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        throw ServerTestError("the server printed no URL within \(timeout) s (got '\(String(decoding: bytes, as: UTF8.self))')")
    }
}

/// A response as read off the socket: status, headers (names lower-cased) and body.
public struct HTTPReply {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    public subscript(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body parsed as a JSON object.
    public func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }
}

/// One HTTP/1.1 client connection over a plain blocking socket with a receive timeout.
public final class HTTPConnection {
    public let fd: Int32
    private var buffer: [UInt8] = []

    /// A connection to 127.0.0.1:`port`, from `source` (another loopback address, e.g.
    /// 127.0.0.2, is another client address to the server).
    /// `receiveBuffer`: the socket's receive buffer in bytes, set before connecting (its
    /// window then stays that small: the kernel does not grow a buffer that was set).
    /// `segmentSize`: the largest TCP segment this side announces (loopback's is about 64 KiB;
    /// an Ethernet path's 1,460 bytes), which also sets how large the server's kernel first
    /// makes its send queue.
    public init(port: Int, timeout: Double = 15, from source: String = "127.0.0.1", receiveBuffer: Int32? = nil, segmentSize: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerTestError("socket: \(String(cString: strerror(errno)))") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if var size = segmentSize {
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_MAXSEG, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if source != "127.0.0.1" {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                throw ServerTestError("bind \(source): \(String(cString: strerror(errno)))")
            }
        }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw ServerTestError("connect: \(message)")
        }
    }

    deinit { close(fd) }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw ServerTestError("send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Sends a request and reads its response.
    public func request(_ method: String = "GET", _ target: String, headers: [String: String] = [:]) throws -> HTTPReply {
        try send(Self.requestText(method, target, headers: headers))
        return try readReply(isHead: method == "HEAD")
    }

    public static func requestText(_ method: String = "GET", _ target: String, headers: [String: String] = [:]) -> String {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return text + "\r\n"
    }

    /// Reads one response: the head, then Content-Length bytes (none for HEAD, 204 and 304).
    public func readReply(isHead: Bool = false) throws -> HTTPReply {
        let end: Int
        while true {
            if let found = Self.find([13, 10, 13, 10], in: buffer) {
                end = found
                break
            }
            guard try fill() else { throw ServerTestError("connection closed before a complete response head (\(buffer.count) bytes)") }
        }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw ServerTestError("bad status line in '\(head)'") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        var body = Data()
        if !isHead, status != 204, status != 304 {
            if let lengthText = headers["content-length"], let length = Int(lengthText) {
                while buffer.count < length {
                    guard try fill() else { throw ServerTestError("connection closed after \(buffer.count) of \(length) body bytes") }
                }
                body = Data(buffer[..<length])
                buffer.removeFirst(length)
            } else {
                while try fill() {}
                body = Data(buffer)
                buffer.removeAll()
            }
        }
        return HTTPReply(status: status, headers: headers, body: body)
    }

    /// Sends as much of `bytes` as the socket takes without waiting; how many bytes it took.
    public func sendWithoutWaiting(_ bytes: [UInt8]) -> Int {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            guard sent > 0 else { break }
            offset += sent
        }
        return offset
    }

    /// The receive buffer the kernel gave the socket, in bytes (what it holds for the reader).
    public var receiveBufferBytes: Int {
        var size: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, &length)
        return Int(size)
    }

    /// Waits until the server closes the connection (EOF or reset): true, or false on timeout.
    public func waitForClose() -> Bool {
        while true {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(fd, &chunk, chunk.count, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET || errno == EPIPE }
        }
    }

    /// Reads more bytes into the buffer; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &chunk, chunk.count, 0)
        if count < 0 {
            if errno == ECONNRESET { return false }
            throw ServerTestError("recv: \(String(cString: strerror(errno)))")
        }
        buffer.append(contentsOf: chunk[..<count])
        return count > 0
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return start }
        }
        return nil
    }
}

/// What a warning field says.
public enum WarningField {
    /// The quoted strings of a (possibly joined) `X-Breakdown-Warning` value, unescaped.
    public static func warnings(_ value: String?) -> [String] {
        guard let value else { return [] }
        return value.matches(of: /"((?:[^"\\]|\\.)*)"/).map { String($0.1).replacing(/\\(.)/) { String($0.1) } }
    }
}
