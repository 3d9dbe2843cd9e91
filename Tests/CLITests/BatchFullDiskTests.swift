import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A batch on a full disk (a 64 KiB tmpfs, so root): a record that cannot be written is failed
/// with cause `disk-full`, not as a drawing fault; a run that cannot even write its journal says
/// so with the disk's wording and exit 75, the machine's fault a scheduler retries, not 1; and a
/// `--report` that cannot be written is its own line, with the summary line still printed.
@Suite(.enabled(if: getuid() == 0, "needs root to mount a small tmpfs (CI runs as root)"))
struct BatchFullDiskTests {
    typealias Support = BatchTestSupport

    @Test func aFullDiskIsTheMachinesFaultInEveryLineAndTheSummaryStays() throws {
        let folder = try Support.temporaryFolder("full-disk")
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try #require(mount("tmpfs", disk.path, "tmpfs", 0, "size=64k") == 0, "mount: \(String(cString: strerror(errno)))")
        defer { _ = umount2(disk.path, Int32(MNT_DETACH)) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write((0..<200).map { #"{"amount": "\#(10 + $0).50", "name": "r\#($0)"}"# }.joined(separator: "\n") + "\n", to: manifest)
        let report = folder.appendingPathComponent("r.json")

        let first = try InProcessCLI.run("batch", manifest.path, "-o", disk.appendingPathComponent("out").path, "--jobs", "1", "--report", report.path)
        #expect(first.status == 75, "\(first.stdout) \(first.stderr)")
        let object = try Support.report(report)
        let failed = (object["records"] as? [[String: Any]] ?? []).filter { $0["status"] as? String == "failed" }
        #expect(!failed.isEmpty && failed.allSatisfy { $0["cause"] as? String == "disk-full" }, "\(failed)")
        #expect((object["failures"] as? [String: Int])?.keys.sorted() == ["disk-full"], "\(object["failures"] ?? "none")")
        #expect(first.stdout.contains("on a full disk)"), "\(first.stdout)")

        // Full now: the next run cannot write its journal. 75 and the disk's words, one line.
        let fill = open(disk.appendingPathComponent("fill").path, O_WRONLY | O_CREAT, 0o644)
        let block = [UInt8](repeating: 1, count: 4096)
        while Glibc.write(fill, block, block.count) > 0 {}
        close(fill)
        let second = try InProcessCLI.run("batch", manifest.path, "-o", disk.appendingPathComponent("out2").path, "--jobs", "1")
        #expect(second.status == 75, "\(second.stdout) \(second.stderr)")
        #expect(
            second.stderr == "error: cannot write the batch journal in \(disk.path)/out2: no space left on the device\n",
            "\(second.stderr)")

        // A report on the full disk: its own line, then the summary of a run that drew everything.
        let small = folder.appendingPathComponent("small.ndjson")
        try Support.write(#"{"amount": "10", "name": "s"}"# + "\n", to: small)
        let third = try InProcessCLI.run("batch", small.path, "-o", folder.appendingPathComponent("elsewhere").path, "--report", disk.appendingPathComponent("r.json").path)
        #expect(third.status == 75, "\(third.stdout) \(third.stderr)")
        #expect(third.stderr == "error: cannot write the report \(disk.path)/r.json: no space left on the device\n", "\(third.stderr)")
        #expect(third.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 0"), "\(third.stdout)")
    }

    /// `gallery` on a disk that fills: its summary line says what was drawn and that the disk
    /// stopped it, then the page that could not be written is its own line; exit 75.
    @Test func aGalleryOnAFullDiskStillSumsUp() throws {
        let folder = try Support.temporaryFolder("full-disk-gallery")
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try #require(mount("tmpfs", disk.path, "tmpfs", 0, "size=320k") == 0, "mount: \(String(cString: strerror(errno)))")
        defer { _ = umount2(disk.path, Int32(MNT_DETACH)) }
        let output = disk.appendingPathComponent("g")
        let run = try InProcessCLI.run("gallery", "-o", output.path, "--jobs", "1")
        #expect(run.status == 75, "\(run.stdout) \(run.stderr)")
        let summary = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(summary.hasPrefix("gallery: rendered "), "\(run.stdout)")
        #expect(summary.contains("on a full disk)") && summary.contains("stopped"), "\(summary)")
        #expect(run.stderr.hasSuffix("error: cannot write \(output.path)/index.html: no space left on the device\n"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
    }
}
