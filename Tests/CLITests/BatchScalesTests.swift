import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 46 item 6 through `batch`: `--scale 1,2,3` draws every record at each scale in one
/// run, named by the template's `{scale}` (`@` allowed: `{SKU}@{scale}x`) or with `@2x` added;
/// `--html` writes one snippet whose srcset lists the scales. A record is done when all its
/// scales are (resume), shards split by record, and the bytes do not depend on `--jobs`.
/// Expected pixel sizes come from the 1x image's points (its metadata) times the scale, rounded
/// up, read back from each PNG's IHDR.
@Suite struct BatchScalesTests {
    typealias Support = BatchTestSupport

    /// A batch in the test process (`InProcessCLI`); `folder` held the binary's output files.
    static func run(_ arguments: [String], in folder: URL) throws -> BinaryRunner.Result {
        try InProcessCLI.run(arguments)
    }

    static let manifest = "SKU,Price\nW1,100\nW2,60\n"

    /// A PNG's width and height from its IHDR chunk (bytes 16–23, big-endian).
    static func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        try #require(bytes.count > 24)
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    /// Every file of a folder (the batch's own hidden folder left out) and its bytes.
    static func contents(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    @Test func eachRecordAtEachScaleWithASrcsetSnippet() throws {
        let folder = try Support.temporaryFolder("scales")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("m.csv")
        try Support.write(Self.manifest, to: csv)
        let output = folder.appendingPathComponent("out")
        let report = folder.appendingPathComponent("r.json")
        let arguments = [
            "batch", csv.path, "--map", "amount=Price", "--extra-columns", "ignore", "--name", "{SKU}@{scale}x", "--scale", "3,1,2",
            "--html", "--metadata",
        ]
        let result = try Self.run(arguments + ["-o", output.path, "--jobs", "1", "--report", report.path], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 0"), "\(result.stdout)")
        #expect(result.stdout.contains("each record at scales 1x, 2x, 3x"), "\(result.stdout)")
        #expect(!result.stdout.contains("names without {scale}"), "\(result.stdout)")
        #expect(try Support.files(output, ext: "png") == ["W1@1x.png", "W1@2x.png", "W1@3x.png", "W2@1x.png", "W2@2x.png", "W2@3x.png"])
        for sku in ["W1", "W2"] {
            // The image's size in points, from the 1x metadata; each scale's PNG is that times the scale.
            let metadata = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("\(sku)@1x.png.json"))) as? [String: Any])
            let size = try #require(metadata["size"] as? [String: Any])
            let width = try #require(size["width"] as? Double), height = try #require(size["height"] as? Double)
            for scale in [1, 2, 3] {
                let png = try Self.pngSize(output.appendingPathComponent("\(sku)@\(scale)x.png"))
                #expect(png.width == Int((width * Double(scale) - 1e-9).rounded(.up)), "\(sku)@\(scale)x")
                #expect(png.height == Int((height * Double(scale) - 1e-9).rounded(.up)), "\(sku)@\(scale)x")
            }
            // One snippet a record, named by its first scale, listing all three.
            let html = try String(contentsOf: output.appendingPathComponent("\(sku)@1x.html"), encoding: .utf8)
            #expect(html.contains("src=\"\(sku)@1x.png\" srcset=\"\(sku)@1x.png 1x, \(sku)@2x.png 2x, \(sku)@3x.png 3x\""), "\(html)")
            #expect(html.contains("width=\"\(Int((width - 1e-9).rounded(.up)))\""), "\(html)")
        }
        #expect(try Support.files(output, ext: "html") == ["W1@1x.html", "W2@1x.html"])
        // The report: one entry a record, with every scale's files.
        let written = try Support.report(report)
        #expect((written["options"] as? [String: String])?["scale"] == "1,2,3", "\(String(describing: written["options"]))")
        let records = try #require(written["records"] as? [[String: Any]])
        #expect(records.count == 2)
        let files = try #require(records.first { $0["name"] as? String == "W1@1x" }?["files"] as? [String])
        #expect(Set(files) == Set(["W1@1x.png", "W1@2x.png", "W1@3x.png", "W1@1x.png.json", "W1@2x.png.json", "W1@3x.png.json", "W1@1x.html"]), "\(files)")

        // Resumed: up to date. A record with one scale's file gone is not done: drawn again, whole.
        let again = try Self.run(arguments + ["-o", output.path], in: folder)
        #expect(again.stdout.hasPrefix("rendered 0, skipped 2"), "\(again.stdout)")
        let before = try Self.contents(output)
        try FileManager.default.removeItem(at: output.appendingPathComponent("W2@3x.png"))
        let resumed = try Self.run(arguments + ["-o", output.path], in: folder)
        #expect(resumed.stdout.hasPrefix("rendered 1, skipped 1"), "\(resumed.stdout)")
        #expect(try Self.contents(output) == before)

        // Byte-identical for any --jobs, and the shards of two together give the same folder.
        let parallel = folder.appendingPathComponent("jobs2")
        #expect(try Self.run(arguments + ["-o", parallel.path, "--jobs", "2"], in: folder).status == 0)
        #expect(try Self.contents(parallel) == before)
        let sharded = folder.appendingPathComponent("shards")
        for shard in ["0/2", "1/2"] {
            #expect(try Self.run(arguments + ["-o", sharded.path, "--shard", shard], in: folder).status == 0)
        }
        #expect(try Self.contents(sharded) == before)
    }

    /// No {scale} in the name: the documented default adds `@2x` (and says so); the snippet
    /// keeps the name without it.
    @Test func namesWithoutTheScaleTokenGetTheScaleAdded() throws {
        let folder = try Support.temporaryFolder("scales-default")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("m.csv")
        try Support.write(Self.manifest, to: csv)
        let output = folder.appendingPathComponent("out")
        let result = try Self.run(
            ["batch", csv.path, "-o", output.path, "--map", "amount=Price,name=SKU", "--extra-columns", "ignore", "--scale", "1,2", "--html",
             "--platform", "android"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("each record at scales 1x, 2x (names without {scale} end @1x, @2x)"), "\(result.stdout)")
        #expect(try Support.files(output, ext: "png") == ["W1@1x.png", "W1@2x.png", "W2@1x.png", "W2@2x.png"])
        let html = try String(contentsOf: output.appendingPathComponent("W1.html"), encoding: .utf8)
        #expect(html.contains("srcset=\"W1@1x.png 1x, W1@2x.png 2x\""), "\(html)")

        // W1's price now reads two ways: it fails, and no scale's image of its old price is left.
        try Support.write("SKU,Price\nW1,1.299\nW2,60\n", to: csv)
        let failed = try Self.run(
            ["batch", csv.path, "-o", output.path, "--map", "amount=Price,name=SKU", "--extra-columns", "ignore", "--scale", "1,2", "--html",
             "--platform", "android"], in: folder)
        #expect(failed.status == 1)
        #expect(failed.stdout.hasPrefix("rendered 0, skipped 1, hidden 0, failed 1"), "\(failed.stdout)")
        #expect(try Support.files(output, ext: "png") == ["W2@1x.png", "W2@2x.png"])
        #expect(try Support.files(output, ext: "html") == ["W2.html"])
    }

    /// A product gone from the export is found gone under several scales too (the runs' options
    /// hold the scale list, and the run that looks for gone names matches them the same way):
    /// listed, then `--prune` removes every scale's image and its snippet.
    @Test func aProductGoneFromTheExportIsFoundUnderSeveralScales() throws {
        let folder = try Support.temporaryFolder("scales-gone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("m.csv")
        try Support.write(Self.manifest, to: csv)
        let output = folder.appendingPathComponent("out")
        let arguments = ["batch", csv.path, "-o", output.path, "--map", "amount=Price,name=SKU", "--extra-columns", "ignore", "--scale", "1,2", "--html"]
        #expect(try Self.run(arguments, in: folder).status == 0)
        try Support.write("SKU,Price\nW1,100\n", to: csv)
        let listed = try Self.run(arguments, in: folder)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("1 record no longer in the manifest still has 3 files an earlier run drew"), "\(listed.stdout)")
        #expect(try Support.files(output, ext: "png") == ["W1@1x.png", "W1@2x.png", "W2@1x.png", "W2@2x.png"])
        let pruned = try Self.run(arguments + ["--prune"], in: folder)
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(try Support.files(output, ext: "png") == ["W1@1x.png", "W1@2x.png"])
        #expect(try Support.files(output, ext: "html") == ["W1.html"])
    }

    /// Runs at other scales draw the same list of records (docs/batch.md: `--scale 2` after
    /// `--scale 1,2` is the same list): a product gone from the export since a run at 1x and 2x
    /// is found by a run at 2x alone, and its files listed.
    @Test func aRunAtOtherScalesFindsTheSameGoneProduct() throws {
        let folder = try Support.temporaryFolder("scales-gone-other")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("m.csv")
        try Support.write(Self.manifest, to: csv)
        let output = folder.appendingPathComponent("out")
        let base = ["batch", csv.path, "-o", output.path, "--map", "amount=Price,name=SKU", "--extra-columns", "ignore"]
        #expect(try Self.run(base + ["--scale", "1,2"], in: folder).status == 0)
        try Support.write("SKU,Price\nW1,100\n", to: csv)
        let later = try Self.run(base + ["--scale", "2"], in: folder)
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stdout.contains("1 record no longer in the manifest still has 2 files an earlier run drew"), "\(later.stdout)")
    }

    @Test func scaleListsAndTemplatesRefuseWhatTheyCannotRead() throws {
        let folder = try Support.temporaryFolder("scales-refused")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("m.csv")
        try Support.write(Self.manifest, to: csv)
        for scale in ["1,5", "2,2", "1,,2"] {
            let expected = "--scale: '\(scale)' is not valid; expected one of 0.75, 1, 1.5, 2, 2.625, 3, 3.5, 4, or several separated by commas (each once)"
            let result = try Self.run(
                ["batch", csv.path, "-o", folder.appendingPathComponent("out").path, "--map", "amount=Price,name=SKU", "--extra-columns", "ignore",
                 "--scale", scale], in: folder)
            #expect(result.status == 2, "\(scale)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(expected), "\(result.stderr)")
        }
        // One scale, `@` in the template's text: accepted as it was refused before.
        let single = folder.appendingPathComponent("single")
        let one = try Self.run(
            ["batch", csv.path, "-o", single.path, "--map", "amount=Price", "--extra-columns", "ignore", "--name", "{SKU}@2x", "--scale", "2"], in: folder)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(try Support.files(single, ext: "png") == ["W1@2x.png", "W2@2x.png"])
    }

    /// A dynamic palette (`--dark-palette`) looks other in dark mode: `--html` draws the dark
    /// image at each scale too (`W1@2x-dark.png`) and the snippet is a `<picture>` whose dark
    /// `<source>` lists them; a static palette gets none (the other tests' file lists).
    @Test func aDynamicPaletteGetsADarkSource() throws {
        let folder = try Support.temporaryFolder("scales-dark")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("m.csv")
        try Support.write(Self.manifest, to: csv)
        let output = folder.appendingPathComponent("out")
        let result = try Self.run(
            ["batch", csv.path, "-o", output.path, "--map", "amount=Price", "--extra-columns", "ignore", "--name", "{SKU}@{scale}x",
             "--scale", "1,2", "--html", "--dark-palette", "alt"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try Support.files(output, ext: "png") == [
                "W1@1x-dark.png", "W1@1x.png", "W1@2x-dark.png", "W1@2x.png", "W2@1x-dark.png", "W2@1x.png", "W2@2x-dark.png", "W2@2x.png",
            ])
        let html = try String(contentsOf: output.appendingPathComponent("W1@1x.html"), encoding: .utf8)
        #expect(
            html.contains(
                "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"W1@1x-dark.png 1x, W1@2x-dark.png 2x\"><img src=\"W1@1x.png\" srcset=\"W1@1x.png 1x, W1@2x.png 2x\""
            ), "\(html)")
        // The dark image is another drawing of the same size.
        let light = try Data(contentsOf: output.appendingPathComponent("W1@2x.png"))
        let dark = try Data(contentsOf: output.appendingPathComponent("W1@2x-dark.png"))
        #expect(light != dark)
        #expect(try Self.pngSize(output.appendingPathComponent("W1@2x.png")) == Self.pngSize(output.appendingPathComponent("W1@2x-dark.png")))
        // Resumed: the dark images are part of the record (one deleted: drawn again).
        try FileManager.default.removeItem(at: output.appendingPathComponent("W2@1x-dark.png"))
        let again = try Self.run(
            ["batch", csv.path, "-o", output.path, "--map", "amount=Price", "--extra-columns", "ignore", "--name", "{SKU}@{scale}x",
             "--scale", "1,2", "--html", "--dark-palette", "alt"], in: folder)
        #expect(again.stdout.hasPrefix("rendered 1, skipped 1"), "\(again.stdout)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("W2@1x-dark.png").path))

        // One scale: the dark source is the one dark image.
        let single = folder.appendingPathComponent("single")
        let one = try Self.run(
            ["batch", csv.path, "-o", single.path, "--map", "amount=Price,name=SKU", "--extra-columns", "ignore", "--html", "--dark-palette", "alt"],
            in: folder)
        #expect(one.status == 0, "\(one.stderr)")
        let snippet = try String(contentsOf: single.appendingPathComponent("W1.html"), encoding: .utf8)
        #expect(snippet.contains("<source media=\"(prefers-color-scheme: dark)\" srcset=\"W1-dark.png\"><img src=\"W1.png\""), "\(snippet)")
    }
}
