import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The tests of BatchNameClashTests that start a process; the rest are BatchNameClashTests, in CLITests.
@Suite struct BatchNameClashEndToEndTests {
    typealias Support = BatchTestSupport

    /// A batch in the test process (`InProcessCLI`); `folder` held the binary's output files.
    static func run(_ arguments: [String], in folder: URL) throws -> BinaryRunner.Result {
        try InProcessCLI.run(arguments)
    }

    static let shopify = ShopExports.shopifyClash

    /// The earlier product of a clash, drawn by an earlier run before the second product was
    /// added to the export: both fail now, and its image (showing one of two products under a
    /// name both claim) is removed. From standard input (read once, no pre-pass) the earlier
    /// record is drawn as it streams, as docs/batch.md says; the later one still fails, naming it.
    @Test func theEarlierProductOfAClashLeavesNoImage() throws {
        let folder = try Support.temporaryFolder("name-clash-earlier")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("products_export.csv")
        let output = folder.appendingPathComponent("out")
        let arguments = ["batch", csv.path, "-o", output.path, "--map", "amount=Variant Price", "--extra-columns", "ignore", "--name", "{Handle}", "--locale", "en_AU"]
        try Support.write("Handle,Title,Variant SKU,Variant Price\ncrème-serum,Crème serum,CS-1,49.96\n", to: csv)
        #expect(try Self.run(arguments, in: folder).status == 0)
        #expect(try Support.files(output, ext: "png") == ["creme-serum.png"])
        try Support.write(Self.shopify, to: csv)
        let both = try Self.run(arguments, in: folder)
        #expect(both.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 3 (3 name clashes)"), "\(both.stdout)")
        #expect(both.stdout.contains("removed 1 file an earlier run drew for records that failed or are hidden now (creme-serum.png)"), "\(both.stdout)")
        #expect(try Support.files(output, ext: "png") == ["clay-mask.png"])

        let piped = try BinaryRunner.run(
            command: "/bin/sh", ["-c", "\"$0\" batch - -o \"$1\" --map 'amount=Variant Price' --extra-columns ignore --name '{Handle}' --locale en_AU < \"$2\"",
                                 try #require(BinaryRunner.executable).path, folder.appendingPathComponent("piped").path, csv.path])
        #expect(piped.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 2 (2 name clashes)"), "\(piped.stdout)")
    }
}
