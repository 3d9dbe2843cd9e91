@testable import BreakdownBench
import BreakdownIO
import BreakdownTestSupport
import Foundation
import Testing

/// A child's peak memory is its own (the bench's figures and the tests' memory bounds): a
/// parent holding 300 MiB spawns a program that uses almost nothing; `wait4`'s `ru_maxrss`
/// reports the parent's 300 MiB for it, the watch reports the child's own few MiB.
@Suite struct PeakMemoryTests {
    @Test func aChildsPeakIsItsOwnNotItsParents() throws {
        let size = 300 << 20
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4096)
        defer { block.deallocate() }
        memset(block, 1, size)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("peak-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }

        SpawnLog.note()
        let result = try ChildProcess.run("/bin/sleep", ["0.3"], outputFile: output)
        #expect(result.status == 0)
        #expect(result.peakResidentKiB > 0 && result.peakResidentKiB < 20 << 10, "sleep's peak: \(result.peakResidentKiB) KiB")

        // Why: the same child as wait4 sees it carries this process's 300 MiB.
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("0.1"), nil]
        defer { for pointer in argv { free(pointer) } }
        SpawnLog.note()
        #expect(posix_spawn(&pid, "/bin/sleep", nil, nil, argv, environ) == 0)
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        #expect(usage.ru_maxrss >= 300 << 10, "ru_maxrss \(usage.ru_maxrss) KiB: the kernel no longer carries the parent's peak over")
        withExtendedLifetime(block) {}
    }
}
