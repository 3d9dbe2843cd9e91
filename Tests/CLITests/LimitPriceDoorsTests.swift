import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The limits are prices too, read by the one price rule in every door. `--max 1.999` (a German
/// merchant's 1999) was drawn "available for orders between $1 – $2" with exit 0 by `render`,
/// `describe`, `verify` and `serve`, while `batch` refused it as ambiguous; `-0`, `2000.` the same.
/// Each text here, with its verdict's words written out by hand, goes through `describe`,
/// `render`, `verify --record`, `batch` (NDJSON and CSV) and `serve`'s query, for both views; what
/// the SDK itself refuses keeps the SDK's words (`ConfigurationTests`, `AndroidSDKCasesTests`).
@Suite struct LimitPriceDoorsTests {
    /// (option, text, what the refusal says after the quoted text). The Android SDK refuses a
    /// minimum of 0 itself ("Minimum order amount is invalid"), so `-0` is the iOS view's only.
    static let refused: [(option: String, text: String, words: String)] = [
        ("max", "1.999", "is ambiguous: 1999 where '.' groups thousands (as in de_DE), or 1.999 where '.' is the decimal separator"),
        ("min", "1.299", "is ambiguous: 1299 where '.' groups thousands (as in de_DE), or 1.299 where '.' is the decimal separator"),
        ("min", "-0", "is negative; prices are 0 or more, written without a sign"),
        ("max", "2000.", "ends with the decimal separator"),
        ("min", "+5", "has a sign; prices are 0 or more, written without one"),
    ]

    @Test(arguments: ["ios", "android"]) func everyDoorRefusesALimitThatIsNoPrice(platform: String) throws {
        let folder = try BatchTestSupport.temporaryFolder("limit-doors")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try InProcessService(["--allow-unsigned"])
        for (index, (option, text, words)) in Self.refused.enumerated() where platform == "ios" || text != "-0" {
            let expected = "--\(option): '\(text)' \(words)"
            let arguments = ["--amount", "100", "--\(option)=\(text)", "--platform", platform]
            let describe = try InProcessCLI.run(["describe"] + arguments)
            let image = folder.appendingPathComponent("render-\(index).png")
            let render = try InProcessCLI.run(["render", "-o", image.path] + arguments)
            for (door, result) in [("describe", describe), ("render", render)] {
                #expect(result.status == 2 && result.stderr.hasPrefix("error: " + expected), "\(text) at \(door): \(result.status) \(result.stderr)")
                #expect(result.stdout.isEmpty, "\(text) at \(door)")
            }
            #expect(!FileManager.default.fileExists(atPath: image.path), "\(text): no image")

            let record = "{\"name\": \"r\", \"amount\": \"100\", \"\(option)\": \"\(text)\", \"platform\": \"\(platform)\"}\n"
            let ndjson = folder.appendingPathComponent("m-\(index).ndjson"), csv = folder.appendingPathComponent("m-\(index).csv")
            try Data(record.utf8).write(to: ndjson)
            try Data("name,amount,\(option),platform\nr,100,\(text),\(platform)\n".utf8).write(to: csv)
            for (door, manifest) in [("NDJSON", ndjson), ("CSV", csv)] {
                let output = folder.appendingPathComponent("out-\(door)-\(index)")
                let batch = try InProcessCLI.run(["batch", manifest.path, "-o", output.path, "--quiet"])
                #expect(batch.status == 1 && batch.stderr.contains("\(option): '\(text)' \(words)"), "\(text) from \(door): \(batch.status) \(batch.stderr)")
                #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("r.png").path), "\(text) from \(door): no image")
            }
            let references = folder.appendingPathComponent("references-\(index)")
            let verify = try InProcessCLI.run(["verify", ndjson.path, "--reference", references.path, "--record"])
            #expect(verify.status == 2 && verify.stderr.contains("(r): \(option): '\(text)' \(words)"), "\(text) at verify: \(verify.status) \(verify.stderr)")
            #expect(!FileManager.default.fileExists(atPath: references.appendingPathComponent("r.png").path), "\(text) at verify: no reference")

            let query = "amount=100&\(option)=\(text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&platform=\(platform)"
            for endpoint in ["png", "json"] {
                let reply = server.get("/v1/breakdown.\(endpoint)?" + query)
                #expect(reply.status == 400, "\(text) at serve .\(endpoint): \(reply.status) \(reply.text.prefix(300))")
                #expect(((try? reply.json())?["detail"] as? String ?? "").hasPrefix("\(option): '\(text)' \(words)"), "\(text) at serve: \(reply.text)")
            }
        }
    }

    /// The manifest schema says the same of a record's limits (Python's jsonschema judges).
    @Test func theSchemaSaysTheSame() throws {
        let schema = try InProcessCLI.run(["schema"]).stdout
        let refused = Self.refused.map { #"{"amount": "100", "\#($0.option)": "\#($0.text)"}"# }
        let taken = [#"{"amount": "100", "min": "11", "max": "1,999.00"}"#, #"{"amount": "100", "min": null, "max": ""}"#, #"{"amount": "100", "max": 1999}"#]
        let verdicts = try JSONSchemaCheck.verdicts(schema: schema, records: refused + taken)
        #expect(verdicts == Array(repeating: false, count: refused.count) + Array(repeating: true, count: taken.count), "\(verdicts)")
    }

    /// Limits that are prices are drawn as before, the same sentence from every door that says it.
    @Test(arguments: ["ios", "android"]) func limitsThatArePricesAreDrawn(platform: String) throws {
        let server = try InProcessService(["--allow-unsigned"])
        let describe = try InProcessCLI.run(["describe", "--amount", "5000", "--min", "11", "--max", "1999", "--platform", platform])
        #expect(describe.status == 0, "\(describe.stderr)")
        let sentence = try #require((try? describe.json())?["text"] as? String)
        #expect(sentence.hasSuffix("between $11 \u{2013} $1,999"), "\(sentence)")
        let reply = server.get("/v1/breakdown.json?amount=5000&min=11&max=1999&platform=\(platform)")
        #expect(reply.status == 200 && (try? reply.json())?["text"] as? String == sentence, "\(reply.text.prefix(300))")
    }
}
