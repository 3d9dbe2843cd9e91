import Foundation
import Testing
import BreakdownTestSupport

/// Under an address-space limit (`ulimit -v`, `prlimit --as`), each thread's own malloc arena
/// took 64 MiB of it: a batch of two jobs needed 450 MiB and crashed below (fontconfig and GLib
/// failing an allocation, SIGSEGV or SIGTRAP). The binary shares one arena between its threads
/// when a limit is set, so a two-job batch of both views runs in 300 MiB.
@Suite struct AddressSpaceLimitTests {
    @Test func aTwoJobBatchOfBothViewsRunsIn300MiB() throws {
        let folder = try BatchTestSupport.temporaryFolder("address-space")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        let lines = (0..<300).map { #"{"name": "r\#($0)", "amount": "\#(10 + $0)", "platform": "\#($0 % 2 == 0 ? "ios" : "android")"}"# }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: manifest)
        let output = folder.appendingPathComponent("out")
        let binary = try #require(BinaryRunner.executable).path
        let result = try BinaryRunner.run(
            command: "/bin/sh",
            ["-c", "ulimit -v 307200; ulimit -f 102400; exec timeout 300 '\(binary)' batch '\(manifest.path)' -o '\(output.path)' --jobs 2 --locale en_AU --min 1 --max 1000"])
        #expect(result.status == 0, "exit \(result.status): \(result.stderr.suffix(1500))")
        let pngs = (try? FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".png") }) ?? []
        #expect(pngs.count == 300, "\(pngs.count) images")
    }
}
