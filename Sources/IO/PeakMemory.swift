import Foundation
import Synchronization

/// The peak resident memory of a child process, its own: Linux's `VmHWM` of the program it runs,
/// read from `/proc/PID/status` while it runs. Not `wait4`'s `ru_maxrss`: at exec, Linux keeps
/// the larger of the old and the new memory's high-water marks in it, and a spawned child's old
/// memory is its parent's, so a child of a 300 MB process reports at least 300 MB whatever it
/// used (a test bundle past 256 MB failed every memory bound it checked that way). `VmHWM` is a
/// high-water mark of the new program's memory alone, so the last reading before the exit holds
/// the peak (all but the last moments, which a watch reading every millisecond leaves out).
package final class PeakMemory: Sendable {
    /// The high-water mark of `pid`'s resident memory in KiB, or nil once it has exited (a
    /// zombie has no memory to read) or when it cannot be read.
    package static func highWaterKiB(of pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        }
        return nil
    }

    private let peak = Atomic<Int>(-1)
    private let running = Atomic<Bool>(true)
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts watching `pid`: a thread of its own reads its high-water mark every millisecond
    /// until `stop`.
    package init(pid: pid_t) {
        Thread { [self] in
            while running.load(ordering: .relaxed) {
                if let kib = Self.highWaterKiB(of: pid) { peak.store(max(peak.load(ordering: .relaxed), kib), ordering: .relaxed) }
                usleep(1_000)
            }
            stopped.signal()
        }.start()
    }

    /// Stops the watch (call it once the child is reaped): the highest mark read, or nil when
    /// none was (the child ended before its first reading).
    package func stop() -> Int? {
        running.store(false, ordering: .relaxed)
        stopped.wait()
        let value = peak.load(ordering: .relaxed)
        return value >= 0 ? value : nil
    }
}
