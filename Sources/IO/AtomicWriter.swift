import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files so that a final name only ever holds a whole file: each is written to a
/// temporary file beside it and renamed into place. A group of files lands together or not at all.
///
/// Only a regular file, a symbolic link or nothing is replaced (see `OutputPath`). With
/// `devices: .writeDirectly` (what `render -o` and `--metadata` use), a character device or FIFO
/// is written to in place, after the renames; otherwise it is refused (exit 2).
public enum AtomicWriter {
    /// What to do with a path that names a character device or FIFO.
    public enum DeviceTargets: Sendable {
        /// Written in place, after the group's renames (`render -o /dev/null`, a named pipe).
        case writeDirectly
        /// Refused with exit 2 and left as it is (batch outputs, gallery pages, references).
        case refuse
    }

    /// Writes every (data, path); on any failure removes what it wrote and throws one line:
    /// exit 2 for a folder that is missing or not writable, exit 1 for a failed write (a full
    /// disk says "no space left on the device" and stops a batch).
    public static func write(_ files: [(data: Data, path: String)], devices: DeviceTargets = .refuse) throws(CLIError) {
        var temporaries: [(temporary: String, path: String)] = []
        var direct: [(data: Data, path: String, truncate: Bool)] = []
        func cleanUp() { for entry in temporaries { unlink(entry.temporary) } }
        for file in files {
            let disposition: OutputPath.Disposition
            do throws(CLIError) {
                disposition = try OutputPath.disposition(file.path, allowDevices: devices == .writeDirectly)
            } catch {
                cleanUp()
                throw error
            }
            if case .direct(let truncate) = disposition {
                direct.append((file.data, file.path, truncate))
                continue
            }
            let url = URL(fileURLWithPath: file.path)
            let folder = url.deletingLastPathComponent().path
            let temporary = folder + "/." + url.lastPathComponent + ".\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp"
            // Written directly (not FileManager.createFile, which adds a temporary file of its own
            // that a killed process would leave behind); the rename below is the atomic step.
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
            guard descriptor >= 0 else {
                let code = errno
                cleanUp()
                throw CLIError(
                    "cannot write \(file.path): \(OutputPath.folderProblem(code, folder: folder))",
                    exitStatus: code == ENOSPC || code == EDQUOT ? ExitStatus.failure : ExitStatus.usage,
                    stopsBatch: code == ENOSPC || code == EDQUOT)
            }
            var problem = OutputPath.write(file.data, to: descriptor)
            if close(descriptor) != 0, problem == nil { problem = OutputPath.writeProblem(errno) }
            if let problem {
                unlink(temporary)
                cleanUp()
                throw CLIError(
                    "cannot write \(file.path): \(problem)", exitStatus: ExitStatus.failure,
                    stopsBatch: problem == OutputPath.writeProblem(ENOSPC))
            }
            temporaries.append((temporary, file.path))
        }
        for (index, entry) in temporaries.enumerated() where rename(entry.temporary, entry.path) != 0 {
            let reason = String(cString: strerror(errno))
            // Undo: remove files already renamed into place and the remaining temporaries.
            for done in temporaries[..<index] { unlink(done.path) }
            for pending in temporaries[index...] { unlink(pending.temporary) }
            throw .usage("cannot write \(entry.path): \(reason)")
        }
        for file in direct {
            try writeInPlace(file.data, to: file.path, truncate: file.truncate)
        }
    }

    /// A device, FIFO or descriptor link: opened without blocking (a FIFO nobody reads is an
    /// error, not a hang), checked again after opening, then written.
    private static func writeInPlace(_ data: Data, to path: String, truncate: Bool) throws(CLIError) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (truncate ? O_TRUNC : 0))
        guard descriptor >= 0 else {
            let code = errno
            if code == ENXIO { throw .usage("cannot write \(path): no process is reading the FIFO") }
            throw .usage("cannot write \(path): \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .failure("cannot write \(path): \(String(cString: strerror(errno)))") }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFCHR || kind == S_IFIFO || (truncate && kind == S_IFREG) else {
            throw .usage("cannot write \(path): it is \(RegularFile.kind(of: info.st_mode)), which is not written in place")
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        if let problem = OutputPath.write(data, to: descriptor) {
            throw .failure("cannot write \(path): \(problem)")
        }
    }
}
