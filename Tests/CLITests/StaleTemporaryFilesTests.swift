import Foundation
import Testing

/// Since the batch engine keeps its temporary files in `.breakdown-batch/` (named
/// `tmp-MACHINE-PID-START-N`, removed when their process has ended: see
/// `BatchEngineTests.ownFolderAndTemporaryFiles`), a batch removes nothing from the output folder
/// itself: files that look like the old engine's temporaries (`.NAME.EXT.PID.RANDOM.tmp`), even of
/// a dead process, are someone else's and stay.
@Suite struct StaleTemporaryFilesTests {
    typealias Support = BatchTestSupport

    @Test func aBatchRemovesOnlyOldTemporariesOfDeadProcesses() throws {
        let folder = try Support.temporaryFolder("stale")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // A process id above the kernel's pid_max never names a running process.
        let pidMax = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let dead = try #require(Int32(pidMax)) + 1
        let alive = getpid()
        let minuteAgo = Date().addingTimeInterval(-60)
        let files: [(name: String, modified: Date?, stays: Bool)] = [
            (".old.png.\(dead).12345.tmp", minuteAgo, true),
            (".old.png.json.\(dead).7.tmp", minuteAgo, true),
            (".fresh.png.\(dead).12345.tmp", nil, true),
            (".running.png.\(alive).12345.tmp", minuteAgo, true),
            (".other.tmp", minuteAgo, true),
            (".notpid.png.x.12345.tmp", minuteAgo, true),
            ("visible.png.\(dead).1.tmp", minuteAgo, true),
        ]
        for file in files {
            let path = output.appendingPathComponent(file.name).path
            try Data("partial".utf8).write(to: URL(fileURLWithPath: path))
            if let modified = file.modified {
                try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
            }
        }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 1), to: manifest)
        let result = try BinaryRunner.run("batch", manifest.path, "-o", output.path)
        #expect(result.status == 0, "\(result.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: output.path))
        for file in files {
            #expect(left.contains(file.name) == file.stays, "\(file.name) should \(file.stays ? "stay" : "be removed")")
        }
    }
}
