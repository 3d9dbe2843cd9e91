import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The tests of NumberingSystemDoorsTests that start a process; the rest are NumberingSystemDoorsTests, in CLITests.
@Suite struct NumberingSystemDoorsEndToEndTests {
    @Test func batchFailsTheRecordAndServeAnswers400() throws {
        let folder = try BatchTestSupport.temporaryFolder("numbering-doors")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.csv")
        try Data("name,amount,device-locale\nroman,1234.56,en_AU@numbers=roman\narab,1234.56,en_AU@numbers=arab\n".utf8).write(to: manifest)
        let output = folder.appendingPathComponent("out")
        let batch = try BinaryRunner.run(["batch", manifest.path, "-o", output.path, "--quiet"])
        #expect(batch.status == 1, "\(batch.stderr)")
        #expect(batch.stderr.contains("'en_AU@numbers=roman' writes numbers without ten decimal digits"), "\(batch.stderr)")
        #expect(try BatchTestSupport.files(output, ext: "png") == ["arab.png"])
        let server = try InProcessService(["--allow-unsigned"])
        let refused = server.get("/v1/breakdown.png?amount=1234.56&device-locale=en_AU%40numbers%3Dhans")
        #expect(refused.status == 400)
        #expect(((try? refused.json())?["detail"] as? String ?? "").contains("writes numbers without ten decimal digits"))
        #expect(server.get("/v1/breakdown.png?amount=1234.56&device-locale=en_AU%40numbers%3Darab").status == 200)
        // Full-width digits: no font of the set has them, so 400 naming them, never boxes.
        let fullwide = server.get("/v1/breakdown.png?amount=1234.56&device-locale=en_AU%40numbers%3Dfullwide")
        #expect(fullwide.status == 400)
        #expect(((try? fullwide.json())?["detail"] as? String ?? "").contains("no font has glyphs for U+FF13"))
    }

    /// A `numbers=` name ICU has no system for (`bogus`, or `Latn`: ICU compares names exactly)
    /// stopped the process with SIGILL inside Foundation's NumberFormatter: `describe`, `render`,
    /// a batch record, `--number-locale`, and a whole server from one query. Each door now
    /// refuses it in one line, and the server goes on answering. Names ICU does make a formatter
    /// for (`latn`, `default`, `finance`) are drawn.
    @Test func aNameNoNumberingSystemHasIsRefusedNeverACrash() throws {
        let folder = try BatchTestSupport.temporaryFolder("numbering-unknown")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("x.png")
        for locale in ["en_AU@numbers=bogus", "en_AU@numbers=Latn", "en_AU@numbers=bogus;numbers=latn", "en_AU@a=1;numbers=x"] {
            for platform in ["ios", "android"] {
                for command in [["describe"], ["render", "-o", image.path]] {
                    // The real binary: what this checks is that the process is not killed.
                    let result = try BinaryRunner.run(command + ["--platform", platform, "--amount", "1234.56", "--device-locale", locale])
                    #expect(result.status == 2, "\(locale) \(command[0]): \(result.status) \(result.stderr.prefix(300))")
                    #expect(result.stderr.split(separator: "\n").count == 1, "\(locale): \(result.stderr.prefix(300))")
                    #expect(result.stderr.hasPrefix("error: --device-locale: '\(locale)' names no numbering system"), "\(result.stderr.prefix(300))")
                }
            }
            #expect(!FileManager.default.fileExists(atPath: image.path), "\(locale): no image")
        }
        let manifest = folder.appendingPathComponent("m.csv")
        try Data("name,amount,device-locale\nbogus,1234.56,en_AU@numbers=bogus\nfinance,1234.56,en_AU@numbers=finance\nlatn,1234.56,en_AU@numbers=latn\n".utf8)
            .write(to: manifest)
        for command in [["schema"], ["batch", manifest.path, "-o", folder.appendingPathComponent("none").path]] {
            let result = try BinaryRunner.run(command + ["--number-locale", "de_DE@numbers=bogus"])
            #expect(result.status == 2, "\(command[0]): \(result.status) \(result.stderr.prefix(300))")
            #expect(result.stderr.hasPrefix("error: --number-locale: 'de_DE@numbers=bogus' names no numbering system"), "\(result.stderr.prefix(300))")
        }
        let output = folder.appendingPathComponent("out")
        let batch = try BinaryRunner.run(["batch", manifest.path, "-o", output.path, "--quiet"])
        #expect(batch.status == 1, "\(batch.stderr.prefix(300))")
        #expect(batch.stderr.contains("'en_AU@numbers=bogus' names no numbering system"), "\(batch.stderr.prefix(300))")
        #expect(try BatchTestSupport.files(output, ext: "png") == ["finance.png", "latn.png"])
        let server = try ServerProcess(["--allow-unsigned"])
        for query in ["en_AU%40numbers%3Dbogus", "en_AU%40numbers%3DLatn"] {
            let refused = try server.get("/v1/breakdown.png?amount=1234.56&device-locale=\(query)")
            #expect(refused.status == 400, "\(query): \(refused.status)")
            #expect(((try? refused.json())?["detail"] as? String ?? "").contains("names no numbering system"), "\(refused.text.prefix(300))")
        }
        #expect(try server.get("/v1/breakdown.png?amount=1234.56&device-locale=en_AU%40numbers%3Dlatn").status == 200)
        #expect(server.stop() == 0)
    }
}
