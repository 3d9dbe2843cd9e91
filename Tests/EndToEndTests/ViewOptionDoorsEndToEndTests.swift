import Breakdown
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The tests of ViewOptionDoorsTests that start a process; the rest are ViewOptionDoorsTests, in CLITests.
@Suite struct ViewOptionDoorsEndToEndTests {
    /// render and describe on the command line, a batch NDJSON record, a verify manifest record.
    @Test(.timeLimit(.minutes(15))) func everyCommandLineDoorRefusesTheOtherViewsOption() throws {
        let folder = try BatchTestSupport.temporaryFolder("view-doors")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, option) in ViewOptionTable.viewOptions.enumerated() {
            let other = ViewOptionTable.otherView(option.view)
            let given = ["--amount", "100"] + ViewOptionTable.words(option) + ViewOptionTable.platformArguments(other)
            // describe reads the content options only.
            let isContent = ContentOptions.group.options.contains { $0.name == option.name }
            for command in isContent ? ["render", "describe"] : ["render"] {
                let output = folder.appendingPathComponent("\(command)-\(index).png")
                let run = try InProcessCLI.run([command] + given + (command == "render" ? ["-o", output.path] : []))
                #expect(run.status == 2, "\(command) \(given): \(run.stderr)")
                #expect(run.stderr.contains("--\(option.name) \(option.words)"), "\(command): \(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: output.path))
            }
            // A record spells keys without dashes.
            var record = "{\"name\": \"r\", \"amount\": \"100\", \"\(option.name)\": \"\(ViewOptionTable.recordValue(option))\""
            if other == "android" { record += ", \"platform\": \"android\"" }
            record += "}\n"
            let manifest = folder.appendingPathComponent("m-\(index).ndjson")
            try Data(record.utf8).write(to: manifest)
            let out = folder.appendingPathComponent("out-\(index)")
            let batch = try BinaryRunner.run(["batch", manifest.path, "-o", out.path, "--quiet"])
            #expect(batch.status == 1, "batch: \(batch.stderr)")
            let report = (try? String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8)) ?? batch.stderr
            #expect(report.contains("\(option.name) \(option.words)"), "batch: \(report.prefix(600)) \(batch.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("r.png").path))
            // The same option with its own view is drawn.
            let own = try InProcessCLI.run(
                [isContent ? "describe" : "render", "--amount", "100"] + ViewOptionTable.words(option) + ViewOptionTable.platformArguments(option.view)
                    + (option.name == "environment" ? ["--locale", "en_AU"] : []) + (isContent ? [] : ["-o", "-"]))
            #expect(own.status == 0, "\(option.name) with its own view: \(own.stderr)")
        }
    }
}
