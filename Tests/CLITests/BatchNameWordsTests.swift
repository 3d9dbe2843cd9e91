import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// A refused name says what about it is refused: a leading '.' (hidden files), how long it is
/// against the limit, for a record's name and a template's; counts are worded in the singular too.
@Suite struct BatchNameWordsTests {
    typealias Support = BatchTestSupport

    @Test func aRefusedNameSaysWhy() throws {
        let folder = try Support.temporaryFolder("name-words")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson"), output = folder.appendingPathComponent("out")
        let long = String(repeating: "x", count: 160)
        try Support.write(#"{"name": ".hidden", "amount": 5}"# + "\n" + #"{"name": "\#(long)", "amount": 6}"# + "\n" + #"{"name": "ok", "amount": 7}"# + "\n", to: manifest)
        let run = try InProcessCLI.run("batch", manifest.path, "-o", output.path)
        #expect(run.status == 1)
        let lines = Support.errorLines(run)
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.hasSuffix("name: '.hidden' is not valid; expected a name of letters, digits, '.', '_' and '-', not starting with '.', without an extension") == true, "\(lines)")
        #expect(lines.last?.hasSuffix("name: 160 characters long; expected at most 150") == true, "\(lines)")

        // A template: the length it gives, in characters and bytes ('é' is written 'e' in a name).
        let csv = folder.appendingPathComponent("m.csv")
        try Support.write("SKU,Price\n\(String(repeating: "é", count: 120)),5\n", to: csv)
        let templated = try InProcessCLI.run("batch", csv.path, "-o", output.path, "--map", "amount=Price", "--name", "{SKU}-{SKU}")
        #expect(templated.stderr.contains("name: the template gives a name of 241 characters (241 bytes of UTF-8); expected at most 150 characters and 200 bytes"), "\(templated.stderr)")
    }
}
