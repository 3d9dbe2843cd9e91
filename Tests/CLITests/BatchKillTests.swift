@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
import BreakdownEncode
import BreakdownContent
@testable import BreakdownVerify
@testable import BreakdownGallery
@testable import BreakdownBench
import Foundation
import Testing

/// A batch killed with SIGKILL part way leaves only whole images, and a rerun completes it.
@Suite struct BatchKillTests {
    typealias Support = BatchTestSupport

    @Test(.timeLimit(.minutes(2))) func killedBatchLeavesWholeFilesAndARerunFinishesIt() throws {
        let folder = try Support.temporaryFolder("kill")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let total = 160
        try Support.write(Support.ndjson(count: total, extra: ", \"scale\": 3, \"content-size\": \"accessibilityLarge\""), to: manifest)
        let output = folder.appendingPathComponent("out")

        let process = Process()
        let executable: URL = try #require(BinaryRunner.executable, "build the breakdown executable first (swift build)")
        process.executableURL = executable
        process.arguments = ["batch", manifest.path, "-o", output.path, "--jobs", "2", "--quiet"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until some images are in place, then kill it without warning.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning, ((try? Support.files(output, ext: "png"))?.count ?? 0) < 12 {
            usleep(5_000)
        }
        let killedWhileRunning = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(killedWhileRunning, "the batch finished before it could be killed; make it longer")
        #expect(process.terminationReason == .uncaughtSignal)

        let before = try Support.files(output, ext: "png")
        #expect(before.count >= 12)
        #expect(before.count < total)
        for png in before { #expect(Support.isWholePNG(output.appendingPathComponent(png)), "\(png) is truncated") }
        // Anything else left behind is a hidden temporary file, never under a final name.
        let others = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasSuffix(".png") }
        for name in others { #expect(name == ".breakdown-batch" || (name.hasPrefix(".") && name.hasSuffix(".tmp")), "\(name)") }

        let rerun = try BinaryRunner.run("batch", manifest.path, "-o", output.path, "--jobs", "2")
        #expect(rerun.status == 0)
        let summary = rerun.stdout
        let skipped = try #require(summary.split(separator: ",").first { $0.contains("skipped") }.flatMap { Int($0.split(separator: " ").last!) })
        // Every image whose marker landed is skipped (a killed record may have its image but not yet its marker).
        #expect(skipped >= before.count - 2 && skipped <= before.count)
        #expect(summary.hasPrefix("rendered \(total - skipped), skipped \(skipped), hidden 0, failed 0"))
        let after = try Support.files(output, ext: "png")
        #expect(after.count == total)
        for png in after { #expect(Support.isWholePNG(output.appendingPathComponent(png))) }
    }
}
