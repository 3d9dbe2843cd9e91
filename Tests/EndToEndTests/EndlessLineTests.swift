import Foundation
import Testing
import BreakdownTestSupport

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
        let result = try BinaryRunner.run(command: "/usr/bin/timeout", ["-k", "10", "300", try #require(BinaryRunner.executable).path, "batch", "/dev/zero", "-o", folder.appendingPathComponent("out").path])
        #expect(result.status == 2, "\(result.status) \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("the row is longer than 1048576 bytes"), "\(result.stderr)")
    }

    /// A JSON array's element with no end (a string that never closes, from a stream) was
    /// scanned for ever with no output, as the endless line was: past 64 MiB the reading ends in
    /// one line naming where the element starts, after the records before it are drawn.
    @Test func anEndlessElementOfAJSONArrayEndsTheManifestInOneLine() throws {
        let folder = try BatchTestSupport.temporaryFolder("endless-element")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let binary = try #require(BinaryRunner.executable).path
        let script = "(printf '%s' '[{\"name\":\"a\",\"amount\":\"5\"},\n{\"name\":\"'; head -c 80000000 /dev/zero | tr '\\0' x) | \"$1\" batch - -o \"$2\" --quiet"
        let result = try BinaryRunner.run(command: "/bin/sh", ["-c", script, "sh", binary, output.path])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.last == "error: cannot read the manifest (standard input) to its end: the element starting on line 2 runs on for more than 64 MiB without ending; nothing after it is read", "\(result.stderr)")
        // The element itself fails first, as longer than a record may be.
        #expect(lines.dropLast().last == "error: (standard input) line 2 (record 2): the element is longer than \(1 << 20) bytes; a record must be shorter", "\(result.stderr)")
        #expect(try BatchTestSupport.files(output, ext: "png") == ["a.png"], "the record before it is drawn")
    }

    /// From a file the whole manifest is there at once, so no pause in the input ever hands the
    /// records before the endless one out to the workers: they were planned, then dropped with the
    /// read error (exit 1, nothing drawn, though the line says they are). Every format, from a
    /// file of 70 MB (past the 64 MiB the reading gives up at, counted from where a record stops being kept).
    @Test(arguments: [
        ("m.ndjson", "{\"name\":\"a\",\"amount\":\"5\"}\n", "line 2 runs on for more than 64 MiB without a line break"),
        ("m.csv", "name,amount\na,5\n", "line 3 runs on for more than 64 MiB without a line break"),
        ("m.json", "[{\"name\":\"a\",\"amount\":\"5\"},\n{\"name\":\"", "the element starting on line 2 runs on for more than 64 MiB without ending"),
    ]) func theRecordsBeforeAnEndlessOneInAFileAreDrawn(file: String, head: String, words: String) throws {
        let folder = try BatchTestSupport.temporaryFolder("endless-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent(file)
        var bytes = Data(head.utf8)
        bytes.append(Data(repeating: UInt8(ascii: "x"), count: 70_000_000))
        try bytes.write(to: manifest)
        let output = folder.appendingPathComponent("out")
        let result = try BinaryRunner.run(["batch", manifest.path, "-o", output.path, "--quiet"])
        #expect(result.status == 1, "\(result.stderr)")
        let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last == "error: cannot read the manifest \(manifest.path) to its end: \(words); nothing after it is read", "\(result.stderr)")
        if file == "m.json" {
            // The element itself fails first, as longer than a record may be.
            let before = result.stderr.split(separator: "\n").dropLast().last.map(String.init) ?? ""
            #expect(before == "error: \(manifest.path) line 2 (record 2): the element is longer than \(1 << 20) bytes; a record must be shorter", "\(result.stderr)")
        }
        #expect(try BatchTestSupport.files(output, ext: "png") == ["a.png"], "the record before it is drawn: \(result.stderr)")
    }
}
