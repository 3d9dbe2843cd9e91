import BreakdownEncode
import Foundation
import Testing
import BreakdownTestSupport

/// `breakdown bench --encoders`: the old and new PNG encoders side by side, as a subprocess on a
/// tiny count. Checks that it runs, reads a folder of PNGs and rejects bad use; never the times.
@Suite struct BenchEncodersEndToEndTests {
    /// A new folder holding two PNGs (one half transparent, one opaque) and a file that is not one.
    private func folderOfPNGs() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-encoders-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        var half = PixelImage(width: 40, height: 10)
        for x in 0..<20 { half[x, 5] = [10, 20, 30, 128] }
        let encoder = try PNGEncoder()
        try Data(encoder.encode(half)).write(to: URL(fileURLWithPath: folder + "/a.png"))
        try Data(encoder.encode(PixelImage(width: 7, height: 3, filledWith: [178, 252, 228, 255])))
            .write(to: URL(fileURLWithPath: folder + "/b.png"))
        try Data("<html></html>".utf8).write(to: URL(fileURLWithPath: folder + "/index.html"))
        return folder
    }

    @Test func comparesOnTheWorkloadAndAFolder() throws {
        let folder = try folderOfPNGs()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try BinaryRunner.run("bench", "--encoders", "--count", "3", "--runs", "1", "--encoder-images", folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stdout)")
        #expect(lines.first?.hasPrefix("bench workload (scale 2): 3 images; ms/image old ") == true, "\(result.stdout)")
        #expect(lines.last?.hasPrefix("PNGs in \(folder): 2 images; ms/image old ") == true, "\(result.stdout)")
        for line in lines {
            #expect(line.contains("bytes old ") && line.contains("new ÷ old ") && line.hasSuffix("same decoded pixels"), "\(line)")
        }
    }

    @Test func badUseIsOneLineAndExit2() throws {
        let folder = try folderOfPNGs()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = folder + "/none"
        for arguments in [
            ["--encoder-images", folder], ["--encoders", "--count", "1", "--runs", "1", "--encoder-images", missing],
            ["--encoders", "--count", "1", "--runs", "1", "--encoder-images", folder + "/a.png"],
        ] {
            let result = try BinaryRunner.run(["bench"] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.stdout) \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("--encoder"), "\(arguments): \(result.stderr)")
        }
    }
}
