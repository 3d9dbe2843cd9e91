import BreakdownIO
import BreakdownTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `breakdown` with its standard descriptors wired as a hostile case needs
/// (a file, `/dev/full`, a pipe whose reader is gone, or closed), a time limit, and what
/// `wait4` says: the exit status or the signal, and the child's peak resident memory.
struct ProcessProbe {
    /// Where a standard descriptor of the child goes.
    enum Stream {
        /// A file in the probe's folder, read back into the result.
        case captured
        /// This path, opened for writing (or reading, for stdin).
        case path(String)
        /// Closed in the child.
        case closed
        /// A pipe whose read end is closed before the child writes (EPIPE).
        case brokenPipe
    }

    struct Result {
        /// The exit status, when the child exited.
        var status: Int32?
        /// The signal that ended the child, if one did.
        var signal: Int32?
        var timedOut: Bool
        var stdout: String
        var stderr: String
        var stdoutBytes: [UInt8]
        /// Peak resident memory in KiB (`ru_maxrss`).
        var maxResidentKiB: Int
        var seconds: Double

        /// stderr's lines (without the empty one after the last newline).
        var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast(stderr.hasSuffix("\n") ? 1 : 0).map { $0 } }
    }

    /// Runs `arguments` in `folder` (its working directory).
    static func run(
        _ arguments: [String], in folder: URL, stdin: Stream = .path("/dev/null"), stdout: Stream = .captured,
        stderr: Stream = .captured, environment: [String: String]? = nil, timeout: Double = 60
    ) throws -> Result {
        let executable = try #require(BinaryRunner.executable, "build the breakdown executable first (swift build)")
        let outFile = folder.appendingPathComponent(".probe-stdout-\(UUID().uuidString)").path
        let errFile = folder.appendingPathComponent(".probe-stderr-\(UUID().uuidString)").path
        defer {
            unlink(outFile)
            unlink(errFile)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = []
        defer { for end in pipeEnds { close(end) } }
        func wire(_ stream: Stream, _ descriptor: Int32, captureFile: String, reading: Bool) {
            switch stream {
            case .captured:
                posix_spawn_file_actions_addopen(&actions, descriptor, captureFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .path(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, reading ? O_RDONLY : O_WRONLY, 0)
            case .closed:
                posix_spawn_file_actions_addclose(&actions, descriptor)
            case .brokenPipe:
                var ends: [Int32] = [0, 0]
                _ = pipe(&ends)
                close(ends[0])  // No reader: writing gives EPIPE (or SIGPIPE).
                pipeEnds.append(ends[1])
                posix_spawn_file_actions_adddup2(&actions, ends[1], descriptor)
            }
        }
        wire(stdin, 0, captureFile: "/dev/null", reading: true)
        wire(stdout, 1, captureFile: outFile, reading: false)
        wire(stderr, 2, captureFile: errFile, reading: false)
        // The shell only changes folder and execs: the child's pid, status and memory are the tool's.
        let argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path, executable.path] + arguments
        var environmentList = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        environmentList.sort()
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environmentList.map { strdup($0) } + [nil]
        defer {
            for pointer in cArguments { free(pointer) }
            for pointer in cEnvironment { free(pointer) }
        }
        var pid: pid_t = 0
        SpawnLog.note()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, cArguments, cEnvironment)
        try #require(spawned == 0, "posix_spawn failed: \(String(cString: strerror(spawned)))")
        for end in pipeEnds { close(end) }
        pipeEnds = []

        let start = Date()
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        // The child's own peak: its VmHWM, read while it runs (wait4's ru_maxrss would carry this
        // test bundle's own peak over into the child at exec).
        var highWater: Int?
        while true {
            if let kib = PeakMemory.highWaterKiB(of: pid) { highWater = max(highWater ?? 0, kib) }
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if Date().timeIntervalSince(start) > timeout, !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(5_000)
        }
        let seconds = Date().timeIntervalSince(start)
        let out = (try? Data(contentsOf: URL(fileURLWithPath: outFile))).map { [UInt8]($0) } ?? []
        let err = (try? Data(contentsOf: URL(fileURLWithPath: errFile))).map { [UInt8]($0) } ?? []
        let exited = status & 0x7F == 0
        return Result(
            status: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : status & 0x7F, timedOut: timedOut,
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self), stdoutBytes: out,
            maxResidentKiB: highWater ?? Int(usage.ru_maxrss), seconds: seconds)
    }

    /// True when the tests run as root (needed for mknod and mount).
    static var isRoot: Bool { geteuid() == 0 }

    /// Mounts a tmpfs of `kibibytes` at `folder` (root only); nil when it cannot.
    static func mountTmpfs(at folder: URL, kibibytes: Int) -> Bool {
        guard isRoot else { return false }
        return mount("tmpfs", folder.path, "tmpfs", 0, "size=\(kibibytes)k") == 0
    }

    static func unmount(_ folder: URL) {
        _ = umount2(folder.path, Int32(MNT_DETACH))
    }
}
