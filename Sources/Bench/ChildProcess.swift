import BreakdownOptions
import Foundation
import BreakdownIO

/// A program run as a child process and timed from spawn to exit (process start included), with
/// its own peak resident memory (`PeakMemory`: not `wait4`'s `ru_maxrss`, which carries the
/// bench's own peak over into every child).
package enum ChildProcess {
    package struct Result: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        package var status: Int32
        package var seconds: Double
        package var peakResidentKiB: Int
        /// User and system CPU time of the child.
        package var cpuSeconds: Double
        /// Standard output and error together.
        package var output: String
    }

    /// Runs `executable` with `arguments`; standard input is /dev/null, standard output and
    /// error go to `outputFile` (read back into `output`).
    package static func run(_ executable: String, _ arguments: [String], outputFile: String) throws(CLIError) -> Result {
        let start = monotonicSeconds()
        let pid = try spawn(executable, arguments, outputFile: outputFile)
        return try wait(for: pid, PeakMemory(pid: pid), executable, outputFile: outputFile, since: start)
    }

    /// Runs several programs side by side, all started before any is waited for; `seconds` of
    /// each result is from the first start to its own exit.
    package static func runSideBySide(_ runs: [(executable: String, arguments: [String], outputFile: String)]) throws(CLIError) -> [Result] {
        let start = monotonicSeconds()
        var pids: [(pid_t, PeakMemory)] = []
        for run in runs {
            let pid = try spawn(run.executable, run.arguments, outputFile: run.outputFile)
            pids.append((pid, PeakMemory(pid: pid)))
        }
        var results: [Result] = []
        for (run, (pid, memory)) in zip(runs, pids) {
            results.append(try wait(for: pid, memory, run.executable, outputFile: run.outputFile, since: start))
        }
        return results
    }

    private static func spawn(_ executable: String, _ arguments: [String], outputFile: String) throws(CLIError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw .failure("cannot run \(executable): \(String(cString: strerror(spawned)))") }
        return pid
    }

    private static func wait(for pid: pid_t, _ memory: PeakMemory, _ executable: String, outputFile: String, since start: Double) throws(CLIError)
        -> Result
    {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else {
                _ = memory.stop()
                throw .failure("cannot wait for \(executable): \(String(cString: strerror(errno)))")
            }
        }
        let seconds = monotonicSeconds() - start
        // A child too short-lived for one reading: ru_maxrss, an upper bound (its own peak or the
        // bench's, the larger).
        let peak = memory.stop() ?? Int(usage.ru_maxrss)
        let signal = status & 0x7F
        let output = BenchFiles.read(outputFile).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return Result(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, seconds: seconds, peakResidentKiB: peak,
            cpuSeconds: cpuSeconds(usage), output: output)
    }

    /// User + system time of a `rusage`.
    package static func cpuSeconds(_ usage: rusage) -> Double {
        Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// This process's CPU time so far (all threads).
    package static func ownCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return cpuSeconds(usage)
    }
}
