import Foundation
import BreakdownPipeline

/// Who wrote a temporary file: the machine (this boot of this host), the process id and the
/// process's start time. A process id alone is reused; with its start time it names one process,
/// so a later run can tell at once whether the writer of a temporary file is still running.
struct ProcessIdentity: Hashable, Sendable {
    /// 16 hex digits: a hash of the kernel's boot id and the host name.
    var machine: String
    var pid: Int32
    /// Clock ticks from boot to the process's start (`/proc/PID/stat`, field 22).
    var start: UInt64

    /// This process.
    static let current = ProcessIdentity(machine: machineID, pid: getpid(), start: startTime(of: getpid()) ?? 0)

    /// This boot of this host: two runs agree on it exactly when their process ids and start
    /// times can be compared.
    static let machineID: String = {
        var hash = Fingerprint()
        let boot = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)) ?? "no boot id"
        hash.add(boot.trimmingCharacters(in: .whitespacesAndNewlines))
        hash.add(ProcessInfo.processInfo.hostName)
        return hash.hex
    }()

    /// The start time of a running process, or nil when there is no such process.
    static func startTime(of pid: Int32) -> UInt64? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 1024) }
        guard count > 0 else { return nil }
        // "PID (COMMAND) STATE PPID …": the command may hold spaces and ')', so count fields
        // from the last ')'. Field 3 (STATE) is the first after it; the start time is field 22.
        let bytes = buffer[..<count]
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 19 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }

    /// True when this process has certainly ended: it ran on this machine since its last boot
    /// and its process id is free or now belongs to a process started at another time. A file of
    /// another machine (a shared folder) is never judged dead.
    var hasEnded: Bool {
        guard machine == Self.machineID else { return false }
        guard let running = Self.startTime(of: pid) else { return true }
        return running != start
    }
}
