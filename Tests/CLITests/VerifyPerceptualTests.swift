import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// `breakdown verify --perceptual`: antialiasing moved by a fraction of a pixel (as another
/// library version moves it) passes; a different picture does not.
@Suite struct VerifyPerceptualTests {
    @Test func perceptualToleratesAntialiasingNotChanges() throws {
        let folder = try BatchTestSupport.temporaryFolder("verify-perceptual")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try BatchTestSupport.write(#"{"name": "au", "amount": "100", "scale": 2}"# + "\n", to: manifest)
        let references = folder.appendingPathComponent("refs").path
        let record = try InProcessCLI.run("verify", manifest.path, "--reference", references, "--record")
        #expect(record.status == 0, "\(record.stderr)")

        // Everything 1/50 px to the right and down: the command line's padding goes under the record.
        let shifted = ["verify", manifest.path, "--reference", references, "--padding", "0.01"]
        let exact = try InProcessCLI.run(shifted)
        #expect(exact.status == 1)
        // The reference's library versions are kept beside it and printed beside the failure.
        let sidecar = try String(contentsOfFile: references + "/au.versions.txt", encoding: .utf8)
        #expect(sidecar.hasPrefix("pango ") && sidecar.contains("\ncairo ") && sidecar.contains("\nfreetype "))
        #expect(exact.stdout.contains("reference recorded with: pango "), "\(exact.stdout)")
        #expect(exact.stdout.contains("libraries here: pango ") && exact.stdout.contains("(the same)"))
        let perceptual = try InProcessCLI.run(shifted + ["--perceptual", "3", "--allowed-fraction", "0.005"])
        #expect(perceptual.status == 0, "\(perceptual.stdout) \(perceptual.stderr)")
        // Another price is a change.
        try BatchTestSupport.write(#"{"name": "au", "amount": "180", "scale": 2}"# + "\n", to: manifest)
        let changed = try InProcessCLI.run(["verify", manifest.path, "--reference", references, "--perceptual", "3", "--allowed-fraction", "0.005"])
        #expect(changed.status == 1)
        #expect((changed.stdout + changed.stderr).contains("ΔE₀₀"))
        // One way to compare a pixel.
        let both = try InProcessCLI.run(shifted + ["--perceptual", "3", "--tolerance", "4"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--perceptual and --tolerance cannot be used together"))
    }
}
