import Breakdown
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The one price rule (issue 45): 40 price texts through every door that reads one — `describe`,
/// `render`, a batch NDJSON manifest, a batch CSV manifest, `serve`'s query, and the library's
/// `Amount("…")` — each with the verdict and the instalment written out by hand here (a quarter of
/// the price, to the cent), so every door must give the same verdict, and every door that draws
/// must draw the same image (batch's bytes are render's). Only plain decimal texts: the form every
/// door reads (batch also reads shop prices such as `$1,299.00`, which the others refuse).
@Suite struct PriceDoorsTests {
    @Test func theTableIsForty() { #expect(PriceTable.doors.count >= 40) }

    /// `describe`, `render`, and batch from NDJSON and from CSV, one text at a time, for each view
    /// (the Android view says the same sentence in en_AU).
    @Test(.timeLimit(.minutes(15)), arguments: ["ios", "android"]) func everyCommandLineDoorGivesTheSameVerdict(platform: String) throws {
        let folder = try BatchTestSupport.temporaryFolder("price-doors")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, (text, verdict)) in PriceTable.doors.enumerated() {
            let view = ["--platform", platform]
            let describe = try InProcessCLI.run(["describe", "--amount=\(text)"] + view)
            let image = folder.appendingPathComponent("render-\(index).png")
            let render = try InProcessCLI.run(["render", "--amount=\(text)", "-o", image.path] + view)
            let ndjson = folder.appendingPathComponent("m-\(index).ndjson"), csv = folder.appendingPathComponent("m-\(index).csv")
            try Data("{\"name\": \"r\", \"amount\": \"\(text)\", \"platform\": \"\(platform)\"}\n".utf8).write(to: ndjson)
            try Data("name,amount,platform\nr,\(text),\(platform)\n".utf8).write(to: csv)
            let fromNDJSON = folder.appendingPathComponent("out-ndjson-\(index)"), fromCSV = folder.appendingPathComponent("out-csv-\(index)")
            let batchNDJSON = try InProcessCLI.run(["batch", ndjson.path, "-o", fromNDJSON.path, "--quiet"])
            let batchCSV = try InProcessCLI.run(["batch", csv.path, "-o", fromCSV.path, "--quiet"])
            switch verdict {
            case .drawn(let sentence):
                #expect(describe.status == 0, "\(text): \(describe.stderr)")
                #expect((try? describe.json())?["text"] as? String == sentence, "\(text): \(describe.stdout)")
                #expect(render.status == 0, "\(text): \(render.stderr)")
                let drawn = try Data(contentsOf: image)
                for (door, result, output) in [("NDJSON", batchNDJSON, fromNDJSON), ("CSV", batchCSV, fromCSV)] {
                    #expect(result.status == 0, "\(text) from \(door): \(result.stderr)")
                    #expect((try? Data(contentsOf: output.appendingPathComponent("r.png"))) == drawn, "\(text) from \(door): not render's image")
                }
            case .refused(let words):
                for (door, result) in [("describe", describe), ("render", render)] {
                    #expect(result.status == 2 && result.stderr.contains("--amount: '\(text)' ") && result.stderr.contains(words), "\(text) at \(door): \(result.status) \(result.stderr)")
                    #expect(result.stdout.isEmpty, "\(text) at \(door): nothing on standard output")
                }
                #expect(!FileManager.default.fileExists(atPath: image.path), "\(text): no image")
                for (door, result, output) in [("NDJSON", batchNDJSON, fromNDJSON), ("CSV", batchCSV, fromCSV)] {
                    #expect(result.status == 1 && result.stderr.contains("amount: '\(text)' ") && result.stderr.contains(words), "\(text) from \(door): \(result.status) \(result.stderr)")
                    #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("r.png").path), "\(text) from \(door): no image")
                }
            }
        }
    }

    /// A manifest's JSON number means what it says (`1.299` is never thousands), but it is never
    /// rounded either: more decimals than the currency has are refused; extra zeros are not more.
    @Test func aJSONNumberIsNeverAmbiguousAndNeverRounded() throws {
        let folder = try BatchTestSupport.temporaryFolder("price-json-numbers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Data("{\"name\": \"a\", \"amount\": 1.299}\n{\"name\": \"b\", \"amount\": 1.290}\n{\"name\": \"c\", \"amount\": 49.9900}\n".utf8).write(to: manifest)
        let output = folder.appendingPathComponent("out")
        let batch = try InProcessCLI.run(["batch", manifest.path, "-o", output.path, "--quiet"])
        #expect(batch.status == 1, "\(batch.stderr)")
        #expect(batch.stderr.contains("amount: 1.299 has 3 digits after the decimal separator, but AUD has 2; prices are not rounded"), "\(batch.stderr)")
        #expect(!batch.stderr.contains("ambiguous"), "\(batch.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("a.png").path))
        // 1.290 is 1.29 and 49.9900 is 49.99: the same images as render draws for those prices.
        for (name, price) in [("b", "1.29"), ("c", "49.99")] {
            let image = folder.appendingPathComponent("\(name).png")
            #expect(try InProcessCLI.run(["render", "--amount", price, "-o", image.path]).status == 0)
            #expect(try Data(contentsOf: output.appendingPathComponent("\(name).png")) == Data(contentsOf: image), "\(name)")
        }
        // verify reads a manifest's numbers as batch does: the same refusal (never "ambiguous"),
        // and the same references for the numbers it takes.
        let references = folder.appendingPathComponent("references")
        let verify = try InProcessCLI.run(["verify", manifest.path, "--reference", references.path, "--record"])
        #expect(verify.status == 2 && verify.stderr.contains("(a): amount: 1.299 has 3 digits after the decimal separator, but AUD has 2; prices are not rounded"), "\(verify.stderr)")
        #expect(!verify.stderr.contains("ambiguous"), "\(verify.stderr)")
        let taken = folder.appendingPathComponent("taken.ndjson")
        try Data("{\"name\": \"b\", \"amount\": 1.290}\n{\"name\": \"c\", \"amount\": 49.9900, \"max\": 2000.000}\n".utf8).write(to: taken)
        let recorded = try InProcessCLI.run(["verify", taken.path, "--reference", references.path, "--record"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        for name in ["b", "c"] {
            #expect(try Data(contentsOf: references.appendingPathComponent("\(name).png")) == Data(contentsOf: folder.appendingPathComponent("\(name).png")), "\(name)")
        }
    }

    /// The library's text door, `Amount("…")` (signs aside: the library parses `-2` as documented).
    @Test func theLibraryGivesTheSameVerdict() throws {
        for (text, verdict) in PriceTable.doors where !text.hasPrefix("-") && !text.hasPrefix("+") {
            switch verdict {
            case .drawn:
                #expect((try? Amount(text)) != nil, "\(text)")
            case .refused(let words):
                do {
                    _ = try Amount(text)
                    Issue.record("\(text) was taken")
                } catch {
                    #expect(error.message.contains(words), "\(text): \(error.message)")
                }
            }
        }
    }
}

extension PriceDoorsTests {
    /// The library's word door, a request read from arguments, for each view: the same verdict
    /// and the same sentence, a `RequestError` naming the amount where the binary refuses.
    @Test(arguments: ["ios", "android"]) func theLibrarysRequestGivesTheSameVerdict(platform: String) throws {
        let groups = [ContentOptions.group, RenderOptions.drawing]
        for (text, verdict) in PriceTable.doors {
            let arguments = ["--amount=\(text)", "--platform", platform]
            switch verdict {
            case .drawn(let sentence):
                let request = try RenderRequest(ParsedOptions(arguments: arguments, groups: groups))
                #expect(request.view.platform.rawValue == platform)
                #expect(request.breakdown.text == sentence, "\(text): \(request.breakdown.text)")
            case .refused(let words):
                do {
                    _ = try RenderRequest(ParsedOptions(arguments: arguments, groups: groups))
                    Issue.record("\(text) was taken")
                } catch {
                    #expect(error.problem?.option == "amount" && error.message.contains(words), "\(text): \(error.message)")
                }
            }
        }
    }
}

/// Issue 44, item 6: `--max 9007199254740993` was drawn as "$9,007,199,254,740,992" (the limit
/// went through the currency formatter's Double). A limit of 10^14 or more is refused, as such a
/// price is, in both views and through serve; one just below is drawn digit for digit.
@Suite struct LimitSizeTests {
    @Test(arguments: ["ios", "android"]) func aLimitTooLargeToDrawExactlyIsRefused(platform: String) throws {
        for (option, value) in [("--max", "9007199254740993"), ("--max", "100000000000000"), ("--min", "100000000000000.5")] {
            var arguments = ["describe", "--platform", platform, "--amount", "0.5", "--min", "1", "--max", "2000"]
            if option == "--max" { arguments[arguments.count - 1] = value } else { arguments[arguments.count - 3] = value }
            let result = try InProcessCLI.run(arguments)
            #expect(result.status == 2, "\(option) \(value): \(result.stdout.prefix(200))")
            #expect(result.stderr == "error: \(option): '\(value)' is 100000000000000 or more; a limit that large cannot be drawn exactly (limits, like prices, stay below 100000000000000)\n", "\(result.stderr)")
        }
        let below = try InProcessCLI.run(["describe", "--platform", platform, "--amount", "0.5", "--min", "1", "--max", "99999999999999"])
        #expect(below.status == 0, "\(below.stderr)")
        #expect(((try? below.json())?["text"] as? String ?? "").contains("99,999,999,999,999"), "\(below.stdout.prefix(300))")
    }

}
