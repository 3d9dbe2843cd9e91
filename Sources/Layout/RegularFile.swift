import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opening input files the user names (font files, artwork, reference images) without ever
/// blocking and without reading more than a limit: the file is opened with `O_NONBLOCK` (so a
/// FIFO or a device cannot hang the open), checked with `fstat` to be a regular file, and read
/// in pieces up to the limit. Anything else is a one-line problem for the user.
package enum RegularFile {
    /// Why a file was refused: a sentence fragment that follows the path ("… is a FIFO, not a regular file").
    package struct Problem: Error, Sendable, CustomStringConvertible {
        package var reason: String
        /// True when the file is not there at all (ENOENT).
        package var isMissing = false
        /// The system's error number, when a call failed (not for a file of the wrong kind or size).
        package var code: Int32?
        package var description: String { reason }
    }

    /// What `fstat` says about an open regular file: enough to notice that it changed.
    package struct Identity: Sendable, Hashable {
        package var device: UInt64
        package var inode: UInt64
        package var size: Int
        /// Modification time in nanoseconds since 1970.
        package var modified: Int64
    }

    /// Opens `path` for reading without blocking; returns the descriptor (non-blocking) and its
    /// identity. Only regular files are accepted. The caller closes the descriptor.
    package static func open(_ path: String) throws(Problem) -> (descriptor: Int32, identity: Identity) {
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw Problem(reason: describe(code), isMissing: code == ENOENT, code: code)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = describe(errno)
            close(descriptor)
            throw Problem(reason: reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw Problem(reason: "is \(kind(of: info.st_mode)), not a regular file")
        }
        // O_NONBLOCK stays on: it changes nothing for a real file, and a file that only claims to
        // be one (`/proc/kmsg`) answers EAGAIN instead of blocking a read.
        return (descriptor, identity(of: info))
    }

    /// Checks that `path` is a regular file that can be opened for reading, without blocking.
    @discardableResult
    package static func check(_ path: String) throws(Problem) -> Identity {
        let (descriptor, identity) = try open(path)
        close(descriptor)
        return identity
    }

    /// The whole file, when it is a regular file of at most `limit` bytes.
    package static func read(_ path: String, limit: Int) throws(Problem) -> [UInt8] {
        let (descriptor, identity) = try open(path)
        defer { close(descriptor) }
        guard identity.size <= limit else {
            throw Problem(reason: "is \(byteCount(identity.size)), over the limit of \(byteCount(limit))")
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(identity.size)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Problem(reason: "cannot be read: \(String(cString: strerror(errno)))", code: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            // The file grew while being read: still never more than the limit.
            guard bytes.count <= limit else {
                throw Problem(reason: "is over the limit of \(byteCount(limit))")
            }
        }
    }

    /// Feeds at most `limit` bytes of the file to `consume`, in pieces of 64 KiB, and returns its
    /// identity: for fingerprints that must not read a large file whole.
    @discardableResult
    package static func stream(_ path: String, limit: Int, _ consume: (UnsafeRawBufferPointer) -> Void) throws(Problem) -> Identity {
        let (descriptor, identity) = try open(path)
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while total < limit {
            let wanted = min(chunk.count, limit - total)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Problem(reason: "cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            chunk.withUnsafeBytes { consume(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            total += count
        }
        return identity
    }

    /// "a FIFO", "a folder", "a character device"… for a `st_mode`.
    package static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        case S_IFREG: "a regular file"
        default: "not a file"
        }
    }

    /// "does not exist", "is not readable (permission denied)"… for an errno of open.
    package static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: "does not exist"
        case EACCES, EPERM: "is not readable (permission denied)"
        case ENOTDIR: "does not exist (a part of the path is not a folder)"
        case ELOOP: "is a loop of symbolic links"
        case ENAMETOOLONG: "is too long a path"
        default: "cannot be opened: \(String(cString: strerror(code)))"
        }
    }

    /// "3.0 MiB", "512 bytes".
    package static func byteCount(_ count: Int) -> String {
        count >= 1 << 20 ? String(format: "%.1f MiB", Double(count) / Double(1 << 20)) : "\(count) bytes"
    }

    private static func identity(of info: stat) -> Identity {
        Identity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
