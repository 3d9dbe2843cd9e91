import BreakdownCLI
import Foundation
import Testing
@testable import CLITestSupport
import BreakdownTestSupport

/// Warnings where an image is seen: `X-Breakdown-Warning` on image responses (the CLI's words,
/// one quoted string a field) and in the snippet's comments; a dark `<source>` whose mark would
/// vanish uses the brand's readable palette and says so. The service and the command are called
/// in process (the two fields on the wire: ServeEndToEndTests).
@Suite struct ServeWarningsTests {
    /// What `breakdown render` says on stderr for these options, without `warning: ` (the
    /// command run in process).
    static func cliWarnings(_ arguments: [String]) throws -> [String] {
        let folder = try BatchTestSupport.temporaryFolder("generated")
        defer { try? FileManager.default.removeItem(at: folder) }
        let format = arguments.firstIndex(of: "--format").map { arguments[$0 + 1] } ?? "png"
        let capture = Capture()
        let status = BreakdownCLI.main(["render"] + arguments + ["-o", folder.appendingPathComponent("x.\(format)").path], console: capture.console)
        #expect(status == 0, "\(capture.error)")
        return capture.error.split(separator: "\n").compactMap { line in
            line.hasPrefix("warning: ") ? String(line.dropFirst("warning: ".count)) : nil
        }
    }

    @Test func anImageResponseNamesItsWarningsInTheCLIsWords() throws {
        let server = try InProcessService(["--allow-unsigned"])
        let dark = server.get("/v1/breakdown.png?amount=100&locale=en_US&logo=lockup&appearance=dark")
        #expect(dark.status == 200)
        let said = WarningField.warnings(dark["X-Breakdown-Warning"])
        let cli = try Self.cliWarnings(["--amount", "100", "--locale", "en_US", "--logo", "lockup", "--appearance", "dark"])
        #expect(!cli.isEmpty)
        #expect(said == cli, "header \(said) against the CLI's \(cli)")
        #expect(said.first?.contains("#000000 on the page #000000 is 1.00:1") == true)

        // Two warnings are two fields (joined here as a client joins them), each one whole.
        let two = server.get("/v1/breakdown.svg?amount=100&locale=en_US&logo=lockup&appearance=dark&text-color=%23000000")
        let twoSaid = WarningField.warnings(two["X-Breakdown-Warning"])
        let twoCLI = try Self.cliWarnings(
            ["--amount", "100", "--locale", "en_US", "--logo", "lockup", "--appearance", "dark", "--text-color", "#000000", "--format", "svg"])
        #expect(twoSaid.count == 2 && twoSaid == twoCLI, "\(twoSaid) against \(twoCLI)")

        // Readable: no header at all.
        let light = server.get("/v1/breakdown.png?amount=100&locale=en_US&logo=lockup")
        #expect(light.status == 200 && light["X-Breakdown-Warning"] == nil)
    }

}
