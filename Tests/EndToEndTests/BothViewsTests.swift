@testable import BreakdownBatch
@testable import BreakdownOptions
import BreakdownContent
import BreakdownEncode
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 32's seam: the view (iOS or Android) is one value made where a request is made, and
/// every front end asks it how it ends and how it is described. On the built binary: a batch
/// counts an Android record outside its limits as iOS's, `--fail-on` fails both, and serve's JSON
/// is `describe`'s for both views over a grid of queries.
@Suite struct BothViewsTests {
    typealias Support = BatchTestSupport

    @Test(.timeLimit(.minutes(15))) func anAndroidRecordOutsideItsLimitsIsCountedAsIOSs() throws {
        let folder = try Support.temporaryFolder("both-views-limits")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        // Worked out from the default configuration (1.00 to 2000.00): 5000 is outside, 100 inside;
        // Android's default en_AU configuration has the same limits.
        try Support.write(
            """
            {"amount": "5000", "platform": "android", "name": "android-out"}
            {"amount": "5000", "name": "ios-out"}
            {"amount": "100", "platform": "android", "name": "android-in"}
            {"amount": "100", "platform": "android", "no-configuration": true, "name": "android-hidden"}

            """, to: manifest)
        let report = folder.appendingPathComponent("r.json")
        let result = try BinaryRunner.run("batch", manifest.path, "-o", folder.appendingPathComponent("out").path, "--report", report.path, "--jobs", "1")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered 1, skipped 0, hidden 1, failed 0, outside limits 2 (4 records"), "\(result.stdout)")
        let entries = try #require(try Support.report(report)["records"] as? [[String: Any]])
        #expect(entries.map { $0["status"] as? String } == ["outside-limits", "outside-limits", "rendered", "hidden"])

        let strict = try BinaryRunner.run(
            "batch", manifest.path, "-o", folder.appendingPathComponent("strict").path, "--fail-on", "outside-limits,hidden", "--jobs", "1")
        #expect(strict.status == 1)
        #expect(
            strict.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 3 (2 prices outside the limits (--fail-on), 1 hidden view (--fail-on))"),
            "\(strict.stdout)")
        #expect(strict.stderr.contains("line 1 (record 1): amount 5000 is outside the configuration's limits"), "\(strict.stderr)")
        #expect(try Support.files(folder.appendingPathComponent("strict"), ext: "png") == ["android-in.png"])
    }

    /// The view's own outcome, in the library, against the configurations' limits read by hand.
    @Test func theViewSaysHowItEnds() throws {
        func view(_ words: [String]) throws -> BreakdownView {
            try ContentOptions.view(from: ParsedOptions(arguments: words, groups: [ContentOptions.group]))
        }
        #expect(try view(["--amount", "100"]).outcome == .inRange)
        #expect(try view(["--amount", "5000"]).outcome == .outsideLimits)
        #expect(try view(["--amount", "100", "--platform", "android"]).outcome == .inRange)
        #expect(try view(["--amount", "5000", "--platform", "android"]).outcome == .outsideLimits)
        #expect(try view(["--amount", "5000", "--platform", "android", "--max", "6000"]).outcome == .inRange)
        guard case .hidden = try view(["--amount", "100", "--platform", "android", "--no-configuration"]).outcome else {
            Issue.record("an Android view without a configuration is GONE")
            return
        }
        guard case .hidden = try view(["--amount", "100", "--no-configuration"]).outcome else {
            Issue.record("an iOS view without a configuration is hidden")
            return
        }
        #expect(try view(["--amount", "100", "--platform", "android"]).platform == .android)
        // The Android view is asked of the Android inputs: no iOS configuration stands in for it.
        guard case .android(let inputs, _) = try view(["--amount", "100", "--platform", "android", "--currency", "EUR"]) else {
            Issue.record("not the Android view")
            return
        }
        #expect(inputs.configuration?.currencyCode == "EUR")
    }

    /// serve's `/v1/breakdown.json` is `describe`'s object for the same options (plus the image's
    /// metadata), for both views, over a grid of queries.
    @Test(.timeLimit(.minutes(15))) func serveDescribesBothViewsAsDescribeDoes() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        let grid: [[(String, String)]] = [
            [("amount", "100")], [("amount", "5000")], [("amount", "100"), ("locale", "en_GB")], [("amount", "100"), ("locale", "en_US")],
            [("amount", "100"), ("no-configuration", "true")], [("amount", "100"), ("consumer-locale", "fr_CA"), ("locale", "en_CA")],
        ]
        var compared = 0
        for platform in ["ios", "android"] {
            for base in grid {
                let query = base + [("platform", platform)]
                let target = "/v1/breakdown.json?" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
                let reply = try server.get(target)
                try #require(reply.status == 200, "\(target): \(reply.status) \(reply.text)")
                var served = try reply.json()
                #expect(served.removeValue(forKey: "metadata") != nil, "\(target)")
                let words = query.flatMap { $0.1 == "true" ? ["--\($0.0)"] : ["--\($0.0)", $0.1] }
                let described = try InProcessCLI.run(["describe"] + words)
                try #require(described.status == 0, "\(words): \(described.stderr)")
                let expected = try #require(try JSONSerialization.jsonObject(with: Data(described.stdout.utf8)) as? [String: Any])
                let canonical = { (object: [String: Any]) in
                    String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
                }
                #expect(try canonical(served) == canonical(expected), "\(target)")
                #expect((served["platform"] as? String ?? "ios") == platform || platform == "ios", "\(target)")
                compared += 1
            }
        }
        #expect(compared == 12)
    }

    /// `--scale` takes Android's densities for the Android view: the PNG is the view's dp size ×
    /// the density in whole device pixels (about 398 × 40 dp for this sentence at mdpi, so each
    /// density's image is that many pixels, give or take the rounding of each line at that
    /// density); PIL reads the size the metadata gives. The iOS view refuses them, in one line.
    @Test(.timeLimit(.minutes(15))) func androidDensitiesDrawImagesOfTheirSize() throws {
        let folder = try Support.temporaryFolder("densities")
        defer { try? FileManager.default.removeItem(at: folder) }
        for density in [0.75, 1, 1.5, 2, 2.625, 3, 3.5, 4] {
            let text = density.shortText
            let png = folder.appendingPathComponent("a\(text).png")
            let metadata = folder.appendingPathComponent("a\(text).json")
            let result = try InProcessCLI.run(
                "render", "--platform", "android", "--amount", "100", "--scale", text, "-o", png.path, "--metadata", metadata.path)
            try #require(result.status == 0, "\(text): \(result.stderr)")
            let described = try Support.report(metadata)
            let pixels = try #require(described["pixelSize"] as? [String: Int])
            let size = try #require(described["size"] as? [String: Double])
            let read = try ShellCommand.run(
                "python3", ["-c", "import sys; from PIL import Image; print(*Image.open(sys.argv[1]).size)", png.path])
            #expect(read.output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } == [pixels["width"]!, pixels["height"]!], "\(text)")
            #expect(abs(Double(pixels["width"]!) - 398 * density) <= 3, "\(text): \(pixels)")
            #expect(abs(Double(pixels["height"]!) - 40 * density) <= 2 + density, "\(text): \(pixels)")
            // Whole device pixels: the dp size times the density is the pixel size, to a rounding.
            #expect(abs(size["width"]! * density - Double(pixels["width"]!)) < 0.01, "\(text): \(size) \(pixels)")
        }
        let ios = try InProcessCLI.run("render", "--amount", "100", "--scale", "1.5", "-o", folder.appendingPathComponent("i.png").path)
        #expect(ios.status == 2 && ios.stderr.split(separator: "\n").count == 1 && ios.stderr.contains("1.5 is an Android density"), "\(ios.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("i.png").path))
    }
}
