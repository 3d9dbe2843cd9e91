import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 44, item 6: an output name a shell or a Windows share would misread (`-rf`, `CON`,
/// `a.png`) fails its record in one line saying why; names around them are drawn. The lists are
/// written out here (Windows' reserved device names, as Microsoft documents them), not read from
/// the code.
@Suite struct MisreadNameTests {

    @Test func verifyRefusesAMisreadReferenceName() throws {
        let folder = try BatchTestSupport.temporaryFolder("misread-verify")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, words) in [("CON", "is a device name on Windows"), ("-x", "starts with '-'"), ("r.png", "ends with .png")] {
            let manifest = folder.appendingPathComponent("v.ndjson")
            try Data("{\"name\": \"\(name)\", \"amount\": \"100\"}\n".utf8).write(to: manifest)
            let run = try InProcessCLI.run(["verify", manifest.path, "--reference", folder.appendingPathComponent("refs").path, "--record"])
            #expect(run.status == 2 && run.stderr.contains("name '\(name)' \(words)"), "\(name): \(run.status) \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refs/\(name).png").path))
        }
    }
}
