import Foundation
import Testing
import BreakdownTestSupport

/// An installation without its font configuration (BREAKDOWN_HOME naming a folder with no
/// Fonts/fonts.conf) ends in our one line naming the file, with no image: fontconfig's own two
/// error lines came before it.
@Suite struct InstallationFilesTests {
    @Test func aMissingFontConfigurationIsOneLine() throws {
        let home = try BatchTestSupport.temporaryFolder("empty-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let output = home.appendingPathComponent("a.png")
        let result = try BinaryRunner.run(
            command: try #require(BinaryRunner.executable).path, ["render", "--amount", "100", "-o", output.path],
            environment: ["BREAKDOWN_HOME": home.path])
        #expect(result.status == 2, "\(result.status) \(result.stderr)")
        #expect(result.stderr == "error: cannot read the font configuration \(home.path)/Fonts/fonts.conf: it does not exist (the project's Fonts/ folder, or BREAKDOWN_HOME's, holds fonts.conf)\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
