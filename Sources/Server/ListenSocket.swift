import BreakdownOptions
import Foundation
import BreakdownIO

/// The listening TCP socket, made before the HTTP daemon starts so that a busy port or a bad
/// address is one clear line (exit 2), and so that port 0 can report the port it got.
struct ListenSocket {
    let descriptor: Int32
    let port: Int
    /// `http://127.0.0.1:8080` (IPv6 in brackets).
    let url: String

    /// `option` names the flag that chose the port, for the message of a busy one.
    init(host: String, port: Int, option: String = "--port") throws(CLIError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .usage("cannot listen on '\(host)': \(String(cString: gai_strerror(status))); expected an address such as 127.0.0.1, 0.0.0.0 or ::1")
        }
        defer { freeaddrinfo(list) }
        let address = first.pointee
        let fd = socket(address.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .failure("cannot make a socket: \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, address.ai_addr, address.ai_addrlen) == 0 else {
            let code = errno
            close(fd)
            switch code {
            case EADDRINUSE: throw .usage("port \(port) on \(host) is already in use; choose another with \(option) (0 picks a free one)")
            case EACCES: throw .usage("no permission to listen on port \(port); ports below 1024 need privileges: use --port 8080")
            default: throw .usage("cannot listen on \(host) port \(port): \(String(cString: strerror(code)))")
            }
        }
        guard listen(fd, SOMAXCONN) == 0 else {
            let code = errno
            close(fd)
            throw .failure("cannot listen on \(host) port \(port): \(String(cString: strerror(code)))")
        }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let boundPort: Int
        if Int32(bound.ss_family) == AF_INET6 {
            boundPort = withUnsafePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) } }
        } else {
            boundPort = withUnsafePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) } }
        }
        descriptor = fd
        self.port = boundPort
        url = "http://" + (host.contains(":") ? "[\(host)]" : host) + ":\(boundPort)"
    }
}
