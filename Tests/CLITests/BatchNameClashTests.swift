import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 46 item 4 through `batch`: two products whose values give one name are never a
/// "duplicate"; an empty name fails its record unless `--empty-name generate`. The export is
/// Shopify's product CSV layout (Handle, Title, Variant SKU, Variant Price).
@Suite struct BatchNameClashTests {
    typealias Support = BatchTestSupport

    /// A batch in the test process (`InProcessCLI`); `folder` held the binary's output files.
    static func run(_ arguments: [String], in folder: URL) throws -> BinaryRunner.Result {
        try InProcessCLI.run(arguments)
    }

    static let shopify = ShopExports.shopifyClash

    @Test(arguments: ["fail", "first"]) func twoProductsOneNameIsNeverADuplicate(policy: String) throws {
        let folder = try Support.temporaryFolder("name-clash")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("products_export.csv")
        try Support.write(Self.shopify, to: csv)
        let output = folder.appendingPathComponent("out")
        let result = try Self.run(
            ["batch", csv.path, "-o", output.path, "--map", "amount=Variant Price", "--extra-columns", "ignore", "--name", "{Handle}",
             "--duplicate-names", policy, "--locale", "en_AU"], in: folder)
        #expect(result.status == 1, "\(result.stdout)")
        // Line 3's handle slugs to line 2's name: it fails, naming line 2; line 4 repeats line 3
        // exactly, and it too gives the name line 2 took from another value. Line 2 fails too,
        // naming line 3 (the manifest is a file: a pre-pass over the names found the clash
        // before anything was drawn), so only clay-mask is drawn.
        #expect(result.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 3 (3 name clashes)"), "\(result.stdout)")
        #expect(!result.stdout.contains("duplicate"), "\(result.stdout)")
        #expect(result.stderr.contains("line 3 (record 2): name: {Handle} 'creme-serum' gives 'creme-serum', the name the record on line 2 got from other values"), "\(result.stderr)")
        #expect(result.stderr.contains("both line 2 and this line need a name of their own"), "\(result.stderr)")
        #expect(result.stderr.contains("line 2 (record 1): name: {Handle} 'crème-serum' gives 'creme-serum', the name the record on line 3 also gets from other values; two products cannot share one file: both this line and line 3 need a name of their own"), "\(result.stderr)")
        #expect(try Support.files(output, ext: "png") == ["clay-mask.png"])
    }

    /// Same values, same options: still a duplicate (`--duplicate-names first`), as before.
    @Test func sameValuesStayDuplicates() throws {
        let folder = try Support.temporaryFolder("name-duplicate")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("products_export.csv")
        try Support.write("Handle,Variant Price\nserum,49.96\nserum,49.96\nserum,59.96\n", to: csv)
        let result = try Self.run(
            ["batch", csv.path, "-o", folder.appendingPathComponent("out").path, "--map", "amount=Variant Price", "--name", "{Handle}",
             "--duplicate-names", "first"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 0, duplicates 2"), "\(result.stdout)")
    }

    @Test func anEmptyNameFailsUnlessGeneratedNamesAreAskedFor() throws {
        let folder = try Support.temporaryFolder("empty-name")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("products_export.csv")
        try Support.write(Self.shopify, to: csv)
        let output = folder.appendingPathComponent("out")
        let arguments = ["batch", csv.path, "-o", output.path, "--map", "amount=Variant Price,name=Variant SKU", "--extra-columns", "ignore",
                         "--duplicate-names", "first", "--locale", "en_AU"]
        let result = try Self.run(arguments, in: folder)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 1 (1 empty name), duplicates 1"), "\(result.stdout)")
        #expect(result.stderr.contains("line 5 (record 4): name: empty in this record (column 'Variant SKU'); give every record a name, or --empty-name generate"), "\(result.stderr)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(pngs == ["CS-1.png", "CS-2.png"])

        let generated = try Self.run(arguments + ["--empty-name", "generate"], in: folder)
        #expect(generated.status == 0, "\(generated.stderr)")
        // The two drawn before are up to date; the record without a SKU is named from its options.
        #expect(generated.stdout.hasPrefix("rendered 1, skipped 2, hidden 0, failed 0, duplicates 1"), "\(generated.stdout)")
        let after = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".png") }
        #expect(after.count == 3, "\(after)")
        // JSON: a null name is empty too; a record with no name key is named from its options.
        let json = folder.appendingPathComponent("m.ndjson")
        try Support.write("{\"amount\": \"10\", \"name\": null}\n{\"amount\": \"20\"}\n", to: json)
        let nulls = try Self.run(["batch", json.path, "-o", folder.appendingPathComponent("json").path], in: folder)
        #expect(nulls.status == 1)
        #expect(nulls.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 1 (1 empty name)"), "\(nulls.stdout)")
    }
}
