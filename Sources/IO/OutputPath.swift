import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the tool may do with a path it is about to write, and the one-line reasons when it cannot.
///
/// The atomic rename only ever replaces a regular file, a symbolic link (the link, not what it
/// points to) or nothing. A character device or FIFO named as `render -o`/`--metadata` is written
/// to directly (`-o /dev/stdout`, `/dev/null`, a pipe); everything else — folders, block
/// devices, sockets, and devices found where a batch, gallery or report writes — is refused.
package enum OutputPath {
    /// How a path is written.
    package enum Disposition: Equatable {
        /// A temporary file beside it, renamed over it.
        case replace
        /// Opened and written in place: a character device or FIFO, or a regular file reached
        /// through a descriptor link such as `/dev/stdout` (truncated first).
        case direct(truncate: Bool)
    }

    /// How `path` would be written, or the usage error saying why it is not written at all.
    package static func disposition(_ path: String, allowDevices: Bool) throws(CLIError) -> Disposition {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .replace }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return .replace
        case S_IFLNK:
            var target = stat()
            guard stat(path, &target) == 0 else { return .replace }  // A dangling link is replaced.
            switch target.st_mode & S_IFMT {
            case S_IFREG:
                return linkGoesThroughProc(path) ? (allowDevices ? .direct(truncate: true) : .replace) : .replace
            case S_IFCHR, S_IFIFO:
                guard allowDevices else { throw refusal(path, target.st_mode, linked: true) }
                return .direct(truncate: false)
            default:
                throw refusal(path, target.st_mode, linked: true)
            }
        case S_IFCHR, S_IFIFO:
            guard allowDevices else { throw refusal(path, info.st_mode, linked: false) }
            return .direct(truncate: false)
        default:
            throw refusal(path, info.st_mode, linked: false)
        }
    }

    /// Throws unless `path` is something the atomic rename may replace (for reports).
    package static func checkReplaceable(_ path: String, what: String) throws(CLIError) {
        do throws(CLIError) {
            _ = try disposition(path, allowDevices: false)
        } catch {
            throw .usage("cannot write \(what) " + error.message.dropFirst("cannot write ".count))
        }
    }

    private static func refusal(_ path: String, _ mode: mode_t, linked: Bool) -> CLIError {
        let kind = RegularFile.kind(of: mode)
        let what = linked ? "a symbolic link to \(kind)" : kind
        let accepted =
            mode & S_IFMT == S_IFDIR
            ? "give a file name" : "only regular files are replaced (render -o may name a character device or FIFO; -o - is standard output)"
        return .usage("cannot write \(path): it is \(what); \(accepted)")
    }

    /// True when following `path`'s links passes through `/proc` (`/dev/stdout` → `/proc/self/fd/1`).
    private static func linkGoesThroughProc(_ path: String) -> Bool {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current.hasPrefix("/proc/") }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : URL(fileURLWithPath: current).deletingLastPathComponent().path + "/" + target
            if current.hasPrefix("/proc/") { return true }
        }
        return false
    }

    /// Makes `folder` (and its parents); a folder that cannot be made is bad input (exit 2),
    /// a full disk a failure (exit 1). `what` names it: "the output folder".
    package static func createFolder(_ folder: String, what: String) throws(CLIError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .usage("cannot create \(what) \(folder): it is \(RegularFile.kind(of: info.st_mode))") }
            guard access(folder, W_OK | X_OK) == 0 else { throw .usage("cannot write in \(what) \(folder): it is not writable") }
            return
        }
        let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        if parent != folder, !parent.isEmpty, errno == ENOENT { try createFolder(parent, what: what) }
        guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
            let code = errno
            let reason =
                switch code {
                case EACCES, EPERM, EROFS: "its parent folder is not writable"
                case ENOSPC, EDQUOT: "no space left on the device"
                case ENOTDIR: "a part of the path is not a folder"
                default: String(cString: strerror(code))
                }
            let error = CLIError("cannot create \(what) \(folder): \(reason)", exitStatus: code == ENOSPC || code == EDQUOT ? ExitStatus.failure : ExitStatus.usage)
            throw error
        }
    }

    /// `path` made absolute with its links resolved; a part that does not exist yet is kept as
    /// written under its deepest existing folder's real path.
    package static func resolved(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var missing: [String] = []
        while !FileManager.default.fileExists(atPath: url.path), url.path != "/" {
            missing.insert(url.lastPathComponent, at: 0)
            url.deleteLastPathComponent()
        }
        var base = url.resolvingSymlinksInPath().path
        for part in missing { base += (base.hasSuffix("/") ? "" : "/") + part }
        return base
    }

    /// What is at the path of a page a command writes again each run (`index.html` of a gallery
    /// or a verify report), and may replace only when it wrote it.
    package enum Page: Equatable {
        /// Nothing there.
        case absent
        /// A regular file of at most `limit` bytes whose first 4 KiB hold the command's marker: its text.
        case ours(String)
        /// Anything else: someone's own page, a FIFO, a device, a folder, an outsize file.
        case someoneElses
    }

    /// The page at `path`, told by `marker` (its title). Opened without blocking and read only
    /// when it is a regular file, so a FIFO or a device there is never waited on or read.
    package static func page(at path: String, marker: String, limit: Int = 64 << 20) -> Page {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .absent : .someoneElses }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return .someoneElses }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        return String(decoding: bytes[..<min(count, 4096)], as: UTF8.self).contains(marker) ? .ours(text) : .someoneElses
    }

    /// True when both paths name the same existing file (same device and inode).
    package static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Why a file could not be created in `folder`, for an errno of `open`.
    package static func folderProblem(_ code: Int32, folder: String) -> String {
        switch code {
        case ENOENT: "the folder \(folder) does not exist"
        case EACCES, EPERM, EROFS: "the folder \(folder) is not writable"
        case ENOTDIR: "\(folder) is not a folder"
        case EISDIR: "it is a folder"
        default: writeProblem(code)
        }
    }

    /// Why a write failed, for an errno of `write`/`close`.
    package static func writeProblem(_ code: Int32) -> String {
        code == ENOSPC || code == EDQUOT ? "no space left on the device" : String(cString: strerror(code))
    }

    /// Writes all of `data` to `descriptor`; nil, or why not.
    package static func write(_ data: Data, to descriptor: Int32) -> String? {
        data.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return writeProblem(errno)
                }
                offset += written
            }
            return nil
        }
    }
}
