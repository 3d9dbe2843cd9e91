import Foundation
import Testing

/// Issue 44, item 6: a manifest line with no end (`/dev/zero`, a stream that never breaks) was
/// read for ever with no output. A line of more than 64 MiB ends the reading in one line naming
/// it, after the records before it are drawn; the run fails (exit 1). The stream here is 80 MB of
/// NULs, not endless, so a reader that went on would still end, with other words.
@Suite struct EndlessLineTests {
    @Test(arguments: ["{\"name\":\"a\",\"amount\":\"5\"}\n", "name,amount\na,5\n"]) func anEndlessLineEndsTheManifestInOneLine(head: String) throws {
        let folder = try BatchTestSupport.temporaryFolder("endless-line")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let binary = try #require(BinaryRunner.executable).path
        let script = "(printf '%s' \"$1\"; head -c 80000000 /dev/zero) | \"$2\" batch - -o \"$3\" --quiet"
        let result = try BinaryRunner.run(command: "/bin/sh", ["-c", script, "sh", head, binary, output.path])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.last == "error: cannot read the manifest (standard input) to its end: line \(head.filter { $0 == "\n" }.count + 1) runs on for more than 64 MiB without a line break; nothing after it is read", "\(result.stderr)")
        #expect(try BatchTestSupport.files(output, ext: "png") == ["a.png"], "the record before it is drawn")
    }

    @Test func devZeroAsAManifestIsRefusedInOneLine() throws {
        let folder = try BatchTestSupport.temporaryFolder("dev-zero")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BinaryRunner.run(command: "/usr/bin/timeout", ["300", try #require(BinaryRunner.executable).path, "batch", "/dev/zero", "-o", folder.appendingPathComponent("out").path])
        #expect(result.status == 2, "\(result.status) \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("the row is longer than 1048576 bytes"), "\(result.stderr)")
    }
}
