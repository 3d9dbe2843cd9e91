import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The tests of MissingGlyphDoorsTests that start a process; the rest are MissingGlyphDoorsTests, in CLITests.
@Suite struct MissingGlyphDoorsEndToEndTests {
    static let privateUse = "\u{F8FF}"

    @Test func batchFailsTheRecordServeAnswers400AndVerifyFails() throws {
        let folder = try BatchTestSupport.temporaryFolder("glyphs-doors")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Data(
            ("{\"name\": \"box\", \"amount\": \"100\", \"link-text\": \"Info \(Self.privateUse)\"}\n"
                + "{\"name\": \"android-box\", \"amount\": \"100\", \"platform\": \"android\", \"link-text\": \"\(Self.privateUse)\"}\n"
                + "{\"name\": \"plain\", \"amount\": \"100\", \"link-text\": \"Info\"}\n").utf8
        ).write(to: manifest)
        let output = folder.appendingPathComponent("out")
        let batch = try BinaryRunner.run(["batch", manifest.path, "-o", output.path, "--quiet"])
        #expect(batch.status == 1, "\(batch.stderr)")
        #expect(batch.stderr.components(separatedBy: "no font has a glyph for U+F8FF (in the link text)").count == 3, "\(batch.stderr)")
        #expect(try BatchTestSupport.files(output, ext: "png") == ["plain.png"])

        let references = folder.appendingPathComponent("refs").path
        let verify = try InProcessCLI.run(["verify", manifest.path, "--reference", references, "--record"])
        // verify stops at a bad record with exit 2, naming it.
        #expect(verify.status == 2, "\(verify.stderr)")
        #expect(verify.stderr.hasPrefix("error: manifest \(manifest.path), line 1 (box): no font has a glyph for U+F8FF"), "\(verify.stderr)")
        #expect(!FileManager.default.fileExists(atPath: references + "/box.png"))

        let server = try InProcessService(["--allow-unsigned"])
        for query in ["link-text=Info%EF%A3%BF", "platform=android&link-text=Info%EF%A3%BF"] {
            let reply = server.get("/v1/breakdown.png?amount=100&\(query)")
            #expect(reply.status == 400, "\(query): \(reply.status)")
            #expect(((try? reply.json())?["detail"] as? String ?? "").hasPrefix("no font has a glyph for U+F8FF (in the link text)"), "\(reply.text.prefix(300))")
        }
        #expect(server.get("/v1/breakdown.png?amount=100&link-text=Info").status == 200)
    }
}
