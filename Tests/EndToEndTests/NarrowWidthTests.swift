import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 44, item 2: `render --amount 1000 --width 30` drew "$25" for $250.00 and exited 0. A
/// width that cannot hold the sentence is refused in one line naming the narrowest width that
/// works (iOS: no word may overflow the width, its image would cut it; Android: words break as
/// StaticLayout breaks them, but never the price). The sweep: the named width is drawn, one point
/// less is refused, for both views and several prices and locales; serve answers 400 and batch
/// fails the record, with the same words.
@Suite struct NarrowWidthTests {
    static let cases: [[String]] = [
        ["--amount", "1000"], ["--amount", "1234.56", "--locale", "en_GB", "--currency", "GBP"], ["--amount", "100"],
        ["--amount", "1234.56", "--locale", "fr_CA", "--currency", "CAD", "--device-locale", "fr_CA"],
        // A price wider than the Android badge ($24,999,999,999,997.50): there the price, not the
        // logo, names the narrowest width, so the price's own check is what refuses one point less.
        ["--amount", "99999999999990", "--max", "99999999999999"],
    ]

    /// The narrowest width the refusal names, or nil when `result` is not that refusal.
    static func narrowest(_ result: BinaryRunner.Result) -> Int? {
        guard result.status == 2, let match = result.stderr.firstMatch(of: /whole is (\d+) \(a width of at least \d+\)/) else { return nil }
        return Int(match.1)
    }

    @Test(arguments: ["ios", "android"]) func theNamedWidthIsDrawnAndOnePointLessIsRefused(platform: String) throws {
        let folder = try BatchTestSupport.temporaryFolder("narrow-\(platform)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for options in Self.cases {
            let base = ["render", "--platform", platform] + options
            let image = folder.appendingPathComponent("x.png")
            let tooNarrow = try InProcessCLI.run(base + ["--width", "30", "-o", image.path])
            let width = try #require(Self.narrowest(tooNarrow), "\(options) at 30: \(tooNarrow.status) \(tooNarrow.stderr)")
            #expect(tooNarrow.stderr.split(separator: "\n").count == 1 && tooNarrow.stderr.hasPrefix("error: the width 30 cannot hold the sentence: "))
            #expect(!FileManager.default.fileExists(atPath: image.path), "\(options): no image at 30")
            #expect(width > 30 && width < 400, "\(options): \(width)")
            let drawn = try InProcessCLI.run(base + ["--width", String(width), "-o", image.path])
            #expect(drawn.status == 0, "\(options) at \(width): \(drawn.stderr)")
            let less = try InProcessCLI.run(base + ["--width", String(width - 1), "-o", folder.appendingPathComponent("y.png").path])
            #expect(Self.narrowest(less) == width, "\(options) at \(width - 1): \(less.status) \(less.stderr)")
            try? FileManager.default.removeItem(at: image)
        }
    }

    /// The columns of a PNG holding the Afterpay badge's mint (#B2FCE4, opaque), read with PIL.
    static func mintColumns(_ png: String) throws -> Int {
        let script = """
            import sys
            from PIL import Image
            image = Image.open(sys.argv[1]).convert('RGBA')
            w, h = image.size
            mint = (178, 252, 228)
            print(sum(1 for x in range(w) if any(image.getpixel((x, y))[3] == 255 and all(abs(image.getpixel((x, y))[i] - mint[i]) <= 6 for i in range(3)) for y in range(h))))
            """
        let result = try ShellCommand.run("python3", ["-c", script, png])
        return try #require(Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.output) \(result.errors)")
    }

    /// Android breaks words but not its pictures: the badge at `--width 51` was drawn cut at the
    /// image's edge ("after"), exit 0. A width narrower than the logo is refused, naming the
    /// width that holds it; drawn there, the badge is as wide as at a wide width.
    @Test func androidRefusesAWidthThatWouldCutTheBadge() throws {
        let folder = try BatchTestSupport.temporaryFolder("narrow-badge")
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = ["render", "--platform", "android", "--amount", "1000", "--scale", "3"]
        let wide = folder.appendingPathComponent("wide.png").path
        #expect(try InProcessCLI.run(base + ["--width", "300", "-o", wide]).status == 0)
        let badge = try Self.mintColumns(wide)
        // android.md: the badge is about 117.8 dp wide at 14 sp; at scale 3, about 353 pixels.
        #expect(abs(badge - 353) <= 6, "\(badge)")

        let cut = folder.appendingPathComponent("cut.png").path
        let refused = try InProcessCLI.run(base + ["--width", "51", "-o", cut])
        #expect(refused.stderr.hasPrefix("error: the width 51 cannot hold the sentence: a picture in it (the logo) would be cut at the edge"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cut))
        let width = try #require(Self.narrowest(refused), "\(refused.status) \(refused.stderr)")
        #expect(Double(width) * 3 >= Double(badge - 1), "the named width holds the badge: \(width) pt, the badge \(badge) px")

        let whole = folder.appendingPathComponent("whole.png").path
        #expect(try InProcessCLI.run(base + ["--width", String(width), "-o", whole]).status == 0)
        #expect(abs(try Self.mintColumns(whole) - badge) <= 1, "the badge is whole at \(width)")
    }

    @Test func serveAndBatchRefuseTheSameWidth() throws {
        let server = try InProcessService(["--allow-unsigned"])
        let reply = server.get("/v1/breakdown.png?amount=1000&width=30")
        #expect(reply.status == 400, "\(reply.status)")
        #expect(((try? reply.json())?["detail"] as? String ?? "").contains("the width 30 cannot hold the sentence"), "\(reply.text.prefix(300))")
        #expect(server.get("/v1/breakdown.png?amount=1000&width=200").status == 200)

        let folder = try BatchTestSupport.temporaryFolder("narrow-batch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.csv")
        try Data("name,amount,width\nnarrow,1000,30\nwide,1000,200\n".utf8).write(to: manifest)
        let output = folder.appendingPathComponent("out")
        let report = folder.appendingPathComponent("report.json")
        let batch = try BinaryRunner.run(["batch", manifest.path, "-o", output.path, "--quiet", "--report", report.path])
        #expect(batch.status == 1, "\(batch.stderr)")
        #expect(batch.stderr.contains("the width 30 cannot hold the sentence"), "\(batch.stderr)")
        #expect(try BatchTestSupport.files(output, ext: "png") == ["wide.png"])
        // The report names the field the record must change, as for any option's bad value.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let records = try #require(json["records"] as? [[String: Any]])
        let narrow = try #require(records.first { $0["status"] as? String == "failed" }, "\(records)")
        #expect(narrow["field"] as? String == "width" && narrow["cause"] as? String == "invalid-width", "\(narrow)")
        #expect(batch.stdout.contains("1 invalid width"), "\(batch.stdout)")
    }
}
