@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
import BreakdownEncode
import BreakdownContent
@testable import BreakdownVerify
@testable import BreakdownGallery
@testable import BreakdownBench
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// `breakdown batch` (in the test process: `InProcessCLI`): each manifest format, resume, report, shards, jobs.
@Suite struct BatchEndToEndTests {
    typealias Support = BatchTestSupport

    @Test func ndjsonWithBadRecordsRendersTheRestAndNamesTheBadLines() throws {
        let folder = try Support.temporaryFolder("ndjson")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(
            """
            {"amount": 100, "name": "first"}
            {"amount": "abc"}

            {"amount": 100.10, "logo": "lockup", "format": ["png", "svg"]}
            {"amount": 50, "no-configuration": true}
            {"amount": 20, "min": 30, "max": 10}
            not json

            """, to: manifest)
        let output = folder.appendingPathComponent("out")
        let report = folder.appendingPathComponent("report.json")
        let result = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--report", report.path, "--jobs", "2")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("rendered 2, skipped 0, hidden 1, failed 3 (1 invalid min value, 1 invalid price, 1 unreadable record) (6 records"), "\(result.stdout)")
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors == [
            "error: \(manifest.path) line 2 (record 2): amount: 'abc' is not valid; expected a price such as 1299.00, 1,299.00, $49.95 or AUD 49.95 (decimal separator '.', thousands grouped in threes by ',')",
            "error: \(manifest.path) line 6 (record 5): Minimum (30) is not strictly less than maximum (10) (min, max)",
            "error: \(manifest.path) line 7 (record 6): not a JSON object; expected a JSON object such as {\"amount\": \"100\"}",
        ])
        let pngs = try Support.files(output, ext: "png")
        #expect(pngs.count == 2)
        #expect(pngs.contains("first.png"))
        #expect(try Support.files(output, ext: "svg").count == 1)
        for png in pngs { #expect(Support.isWholePNG(output.appendingPathComponent(png))) }
        // The 100.10 stays 100.10 in the name (and the text): never through a Double.
        #expect(pngs.contains { $0.hasPrefix("en_AU-100.10-lockup-") })

        let json = try Support.report(report)
        #expect(
            try Support.counts(json) == [
                "records": 6, "rendered": 2, "outsideLimits": 0, "skipped": 0, "hidden": 1, "failed": 3, "duplicates": 0, "notRun": 0,
                "warnings": 1, "replacedChanged": 0, "kept": 0, "noPrice": 0, "removedFiles": 0, "keptStaleFiles": 0, "leftUnknownFiles": 0, "removedLeftoverFiles": 0,
                "replacedUnknownFiles": 0,
            ])
        #expect(json["failures"] as? [String: Int] == ["invalid-min": 1, "invalid-price": 1, "unreadable": 1])
        let records = try #require(json["records"] as? [[String: Any]])
        #expect(records.map { $0["line"] as? Int } == [1, 2, 4, 5, 6, 7])
        #expect(records.map { $0["record"] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(records.map { $0["index"] as? Int } == [0, 1, 2, 3, 4, 5])
        #expect(json["interrupted"] is NSNull)
        #expect(records.map { $0["status"] as? String } == ["rendered", "failed", "rendered", "hidden", "failed", "failed"])
        #expect(records[1]["field"] as? String == "amount")
        #expect(records[4]["field"] as? String == "min")
        #expect(records[3]["reason"] as? String == "no configuration is set")
    }

    @Test func secondRunSkipsWhatIsUpToDateAndForceRendersAgain() throws {
        let folder = try Support.temporaryFolder("resume")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 6), to: manifest)
        let output = folder.appendingPathComponent("out").path
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output).stdout.hasPrefix("rendered 6, skipped 0,"))
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output).stdout.hasPrefix("rendered 0, skipped 6,"))
        // A deleted image is drawn again; so is a record whose options changed.
        let first = try Support.files(URL(fileURLWithPath: output), ext: "png")[0]
        try FileManager.default.removeItem(atPath: output + "/" + first)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output).stdout.hasPrefix("rendered 1, skipped 5,"))
        // Asking for metadata too: the records lack it, so they are drawn again, with it.
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output, "--metadata").stdout.hasPrefix("rendered 6, skipped 0,"))
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output, "--metadata").stdout.hasPrefix("rendered 0, skipped 6,"))
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output, "--force").stdout.hasPrefix("rendered 6, skipped 0,"))
        // Same options under an explicit name: the journal is per name, so it renders.
        try Support.write("{\"amount\": \"10.50\", \"name\": \"named\"}\n", to: manifest)
        #expect(try InProcessCLI.run("batch", manifest.path, "-o", output).stdout.hasPrefix("rendered 1, skipped 0,"))
    }

    @Test func jsonArrayAndCSVGiveTheSameImagesAsNDJSON() throws {
        let folder = try Support.temporaryFolder("formats")
        defer { try? FileManager.default.removeItem(at: folder) }
        let records = [("100", "badge", "en_AU"), ("45.5", "lockup", "en_GB"), ("2500", "compactBadge", "en_US")]
        let ndjson = records.map { "{\"amount\": \($0.0), \"logo\": \"\($0.1)\", \"locale\": \"\($0.2)\"}" }.joined(separator: "\n")
        let array = "[\n" + records.map { "  {\"amount\": \"\($0.0)\", \"logo\": \"\($0.1)\", \"locale\": \"\($0.2)\"}" }.joined(separator: ",\n") + "\n]\n"
        let csv = "amount,logo,locale\n" + records.map { "\($0.0),\($0.1),\"\($0.2)\"" }.joined(separator: "\r\n") + "\r\n"
        var listings: [[String: Data]] = []
        for (file, text) in [("m.ndjson", ndjson), ("m.json", array), ("m.csv", csv)] {
            let manifest = folder.appendingPathComponent(file)
            try Support.write(text, to: manifest)
            let output = folder.appendingPathComponent("out-" + file)
            let result = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--quiet")
            #expect(result.status == 0, "\(file): \(result.stderr)")
            // --quiet: the summary alone (2500 is above the default maximum of 2000).
            #expect(result.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 0, outside limits 1 (3 records"), "\(result.stdout)")
            #expect(result.stdout.split(separator: "\n").count == 1)
            var listing: [String: Data] = [:]
            for png in try Support.files(output, ext: "png") { listing[png] = try Data(contentsOf: output.appendingPathComponent(png)) }
            #expect(listing.count == 3, "\(file)")
            listings.append(listing)
        }
        #expect(listings[0] == listings[1])
        #expect(listings[0] == listings[2])
    }

    /// Every file of a batch output folder (not the hidden resume markers), by name.
    static func outputFiles(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    static func mixedManifest(count: Int, format: String) -> String {
        (0..<count).map { index in
            let logo = ["badge", "lockup", "compactBadge"][index % 3]
            let locale = ["en_AU", "en_GB", "en_US", "fr_CA"][index % 4]
            return "{\"amount\": \"\(index * 37 + 1)\", \"logo\": \"\(logo)\", \"locale\": \"\(locale)\", \"format\": \"\(format)\", \"scale\": 2}"
        }.joined(separator: "\n")
    }

    @Test func oneJobAndTwoJobsWriteTheSameBytes() throws {
        let folder = try Support.temporaryFolder("jobs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Self.mixedManifest(count: 24, format: "png"), to: manifest)
        var outputs: [[String: Data]] = []
        for jobs in ["1", "2"] {
            let output = folder.appendingPathComponent("out-\(jobs)")
            let report = folder.appendingPathComponent("report-\(jobs).json")
            let result = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--jobs", jobs, "--metadata", "--html", "--report", report.path)
            #expect(result.status == 0, "\(result.stderr)")
            let files = try Self.outputFiles(output)
            #expect(files.count == 24 * 3)
            outputs.append(files)
        }
        #expect(outputs[0] == outputs[1])
        // The reports list the records in the same (manifest) order.
        let first = try #require(Support.report(folder.appendingPathComponent("report-1.json"))["records"] as? [[String: Any]])
        let second = try #require(Support.report(folder.appendingPathComponent("report-2.json"))["records"] as? [[String: Any]])
        #expect(first.map { $0["name"] as? String } == second.map { $0["name"] as? String })
    }

    /// SVG bytes do not depend on --jobs or on what a thread drew before (Paint replays artwork
    /// from bounded recordings; unbounded ones were placed from uninitialised extents by Cairo 1.16).
    @Test func svgBytesDoNotDependOnJobs() throws {
        let folder = try Support.temporaryFolder("jobs-svg")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Self.mixedManifest(count: 12, format: "svg"), to: manifest)
        var outputs: [[String: Data]] = []
        for jobs in ["1", "2"] {
            let output = folder.appendingPathComponent("out-\(jobs)")
            #expect(try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--jobs", jobs).status == 0)
            outputs.append(try Self.outputFiles(output))
        }
        #expect(outputs[0].count == 12)
        #expect(outputs[0] == outputs[1])
    }

    @Test func shardsPartitionTheManifest() throws {
        let folder = try Support.temporaryFolder("shards")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 10), to: manifest)
        var seen: [String] = []
        for shard in 0..<3 {
            let output = folder.appendingPathComponent("shard-\(shard)")
            let result = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--shard", "\(shard)/3")
            #expect(result.status == 0)
            let files = try Support.files(output, ext: "png")
            // Shards go by name: each shard draws the records whose names hash to it, and says so.
            #expect(result.stdout.hasPrefix("rendered \(files.count), skipped 0,"), "\(result.stdout)")
            #expect(Set(files).isDisjoint(with: seen))
            seen += files
        }
        let whole = folder.appendingPathComponent("whole")
        _ = try InProcessCLI.run("batch", manifest.path, "-o", whole.path)
        #expect(seen.count == 10)
        #expect(seen.sorted() == (try Support.files(whole, ext: "png")))
        let bad = try InProcessCLI.run("batch", manifest.path, "-o", whole.path, "--shard", "3/3")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("expected K/N"))
    }

    @Test func metadataAndHTMLSnippets() throws {
        let folder = try Support.temporaryFolder("html")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write("{\"amount\": 100, \"name\": \"p\", \"scale\": 2}\n", to: manifest)
        let output = folder.appendingPathComponent("out")
        let result = try InProcessCLI.run(
            "batch", manifest.path, "-o", output.path, "--metadata", "--html", "--html-base-url", "https://cdn.example.com/b/")
        #expect(result.status == 0)
        let html = try String(contentsOf: output.appendingPathComponent("p.html"), encoding: .utf8)
        #expect(html.hasPrefix("<a href=\"https://static.afterpay.com/modal/en_AU.html\"><img src=\"https://cdn.example.com/b/p.png\" alt=\"or 4 interest-free payments of $25.00 with Afterpay\" width=\""))
        // Issue 13: the base URL and the file name are joined with exactly one slash, whatever the base ends with.
        for base in ["https://cdn.example.com/bnpl", "https://cdn.example.com/bnpl//"] {
            let other = folder.appendingPathComponent("out-\(base.count)")
            #expect(try InProcessCLI.run("batch", manifest.path, "-o", other.path, "--html", "--html-base-url", base).status == 0)
            let snippet = try String(contentsOf: other.appendingPathComponent("p.html"), encoding: .utf8)
            #expect(snippet.contains("<img src=\"https://cdn.example.com/bnpl/p.png\""), "\(snippet)")
        }
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("p.png.json"))) as? [String: Any])
        let size = try #require(metadata["size"] as? [String: Double])
        let width = try #require(size["width"])
        #expect(html.contains("width=\"\(Int(width.rounded(.up)))\""))
        #expect((metadata["pixelSize"] as? [String: Int])?["width"] == Int((width * 2).rounded(.up)))
    }

    @Test func failFastStopsAtTheFirstFailure() throws {
        let folder = try Support.temporaryFolder("failfast")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write("{\"amount\": \"x\"}\n" + Support.ndjson(count: 40), to: manifest)
        let report = folder.appendingPathComponent("r.json")
        let result = try InProcessCLI.run("batch", manifest.path, "-o", folder.appendingPathComponent("out").path, "--fail-fast", "--jobs", "1", "--report", report.path)
        #expect(result.status == 1)
        #expect(result.stdout.contains("stopped at the first failure"))
        let counts = try Support.counts(Support.report(report))
        #expect(counts["failed"] == 1)
        #expect(counts["rendered"]! < 40)
    }

    @Test func unreadableManifestsExitTwo() throws {
        let folder = try Support.temporaryFolder("unreadable")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out").path
        let missing = try InProcessCLI.run("batch", folder.appendingPathComponent("nope.ndjson").path, "-o", output)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: cannot read the manifest"))
        #expect(try InProcessCLI.run("batch", folder.path, "-o", output).status == 2)
        let csv = folder.appendingPathComponent("bad.csv")
        try Support.write("amount,,logo\n1,2,3\n", to: csv)
        let header = try InProcessCLI.run("batch", csv.path, "-o", output)
        #expect(header.status == 2)
        #expect(header.stderr.contains("column 2 has no name"))
        let array = folder.appendingPathComponent("bad.json")
        try Support.write("{\"amount\": 1}\n", to: array)
        #expect(try InProcessCLI.run("batch", array.path, "-o", output, "--manifest-format", "json").status == 2)
        #expect(try InProcessCLI.run("batch", array.path).status == 2)
        #expect(try InProcessCLI.run("batch", "-o", output).status == 2)
    }
}
