@testable import BreakdownBatch
import Foundation
import Testing

/// A batch starts by removing the temporary files a killed batch left in its own folder
/// (`.breakdown-batch/tmp-MACHINE-PID-START-N`), only those whose writer has ended: a running
/// process's files, another machine's and other names stay.
@Suite struct StaleTemporaryFilesTests {
    typealias Support = BatchTestSupport

    @Test func aBatchRemovesOnlyTemporariesOfEndedProcesses() throws {
        let folder = try Support.temporaryFolder("stale")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let own = output.appendingPathComponent(".breakdown-batch")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        // A process id above the kernel's pid_max never names a running process.
        let pidMax = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let dead = try #require(Int32(pidMax)) + 1
        let me = ProcessIdentity.current
        #expect(me.start > 0)
        let files: [(name: String, stays: Bool)] = [
            ("tmp-\(me.machine)-\(dead)-12345-1", false),
            // This process's id with another start time: an ended process whose id was reused.
            ("tmp-\(me.machine)-\(me.pid)-\(me.start + 1)-2", false),
            ("tmp-\(me.machine)-\(me.pid)-\(me.start)-3", true),
            ("tmp-0123456789abcdef-\(dead)-12345-4", me.machine != "0123456789abcdef"),
            ("tmp-\(me.machine)-x-12345-5", true),
            ("other-\(me.machine)-\(dead)-12345-6", true),
        ]
        for file in files { try Data("partial".utf8).write(to: own.appendingPathComponent(file.name)) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 1), to: manifest)
        let result = try BinaryRunner.run("batch", manifest.path, "-o", output.path)
        #expect(result.status == 0, "\(result.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: own.path))
        for file in files {
            #expect(left.contains(file.name) == file.stays, "\(file.name) should \(file.stays ? "stay" : "be removed")")
        }
    }
}
