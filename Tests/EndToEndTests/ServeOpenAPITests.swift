import BreakdownTestSupport
import Foundation
import Testing

/// `GET /openapi.json` and `serve --openapi`: a valid OpenAPI 3.1 document (openapi-spec-validator,
/// PyPI) whose query keys are the keys the live server reads, and Schemathesis (PyPI) finding
/// nothing against a live server with every check on; a document that drifts from the server
/// is caught.
@Suite(.serialized) struct ServeOpenAPITests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schemathesis")

    /// Validates a document file with openapi-spec-validator; its one-line verdict.
    static func validate(_ file: URL) throws -> (status: Int32, output: String) {
        let program = """
            import sys
            from openapi_spec_validator import validate
            from openapi_spec_validator.readers import read_from_filename
            document, _ = read_from_filename(sys.argv[1])
            validate(document)
            print("valid", document["openapi"])
            """
        let result = try ShellCommand.run("python3", ["-c", program, file.path])
        return (result.status, result.output + result.errors)
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The query parameters of an operation (`/v1/breakdown.json` unless given), references resolved.
    static func queryKeys(_ document: [String: Any], path: String = "/v1/breakdown.json") throws -> Set<String> {
        let components = try #require(document["components"] as? [String: Any])
        let parameters = try #require(components["parameters"] as? [String: [String: Any]])
        let operation = try #require((document["paths"] as? [String: [String: Any]])?[path]?["get"] as? [String: Any], "no GET \(path)")
        let listed = try #require(operation["parameters"] as? [[String: Any]])
        let resolved = try listed.map { parameter -> [String: Any] in
            guard let reference = parameter["$ref"] as? String else { return parameter }
            return try #require(parameters[String(reference.split(separator: "/").last!)], "\(reference) resolves to nothing")
        }
        return Set(resolved.filter { $0["in"] as? String == "query" }.compactMap { $0["name"] as? String })
    }

    @Test func theServerAnswersAValidDocumentThatServeOpenAPIPrintsToo() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        let reply = try server.get("/openapi.json")
        #expect(reply.status == 200)
        #expect(reply["Content-Type"] == "application/json")
        let printed = try BinaryRunner.run(["serve", "--openapi", "--allow-unsigned"])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout == reply.text, "serve --openapi prints what the server answers")

        let scratch = try GeneratedFromOptionsTests.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("openapi.json")
        try reply.body.write(to: file)
        let verdict = try Self.validate(file)
        #expect(verdict.status == 0 && verdict.output.hasPrefix("valid 3.1.0"), "\(verdict.output)")

        // Unsigned only: no signed paths. Without --allow-unsigned: signed only, and valid too.
        let unsigned = try Self.object(reply.text)
        let unsignedPaths = Set(try #require(unsigned["paths"] as? [String: Any]).keys)
        for name in ["png", "svg", "pdf", "json", "html"] {
            #expect(unsignedPaths.contains("/v1/breakdown.\(name)"))
            #expect(!unsignedPaths.contains("/{signature}/v1/breakdown.\(name)"))
        }
        #expect(unsignedPaths.isSuperset(of: ["/healthz", "/metrics", "/openapi.json"]))
        let signedText = try BinaryRunner.run(["serve", "--openapi"]).stdout
        let signedPaths = Set(try #require(try Self.object(signedText)["paths"] as? [String: Any]).keys)
        #expect(signedPaths.contains("/{signature}/v1/breakdown.png") && !signedPaths.contains("/v1/breakdown.png"))
        try Data(signedText.utf8).write(to: file)
        let signedVerdict = try Self.validate(file)
        #expect(signedVerdict.status == 0, "\(signedVerdict.output)")

        // The limits are the server's: the largest scale it draws is the enumeration's last.
        let parameters = try #require((unsigned["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]])
        let scale = try #require(parameters["scale"]?["schema"] as? [String: Any])
        #expect(scale["enum"] as? [String] == ["0.75", "1", "1.5", "2", "2.625", "3"])
        let fontSize = try #require(parameters["font-size"]?["schema"] as? [String: Any])
        #expect(fontSize["maximum"] as? Double == 100)
    }

    /// Every key in the document is read by the server (never "unknown option"), and every other
    /// key a render or a manifest knows is refused by it: the document and the server agree.
    /// The document's amount pattern takes exactly the amounts the server draws, at the edges
    /// Schemathesis's few examples seldom reach: the server's limit (10^9) and the one price rule
    /// (ambiguous `1.299`, more decimals than the currency has, a sign, a trailing `.`). The
    /// verdicts are the server's own answers, the pattern read back from the document.
    @Test func theAmountPatternIsTheServersRule() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        let document = try Self.object(try server.get("/openapi.json").text)
        let parameters = try #require((document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]])
        let amount = try #require(parameters.values.first { $0["name"] as? String == "amount" })
        let pattern = try #require((amount["schema"] as? [String: Any])?["pattern"] as? String)
        let regex = try NSRegularExpression(pattern: pattern)
        let texts = [
            "0", "1", "999999999", "1000000000", "1000000000.00", "1000000001", "9999999999", "10000000000", "0999999999",
            "1.299", "1.290", "1.2900", "12.345", "100.000", "1000.000", "0.005", "0.50", ".5", "100.", "-0", "+5", "49.99",
            "49.990", "049.990", "1299", "999.99", "999.999",
        ]
        for text in texts {
            let matches = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            let status = try server.get("/v1/breakdown.json?amount=\(text.replacingOccurrences(of: "+", with: "%2B"))").status
            #expect(matches == (status == 200), "\(text): the pattern \(matches ? "takes" : "refuses") it, the server answers \(status)")
        }
        #expect(server.stop() == 0)
    }

    @Test func everyKeyTheServerReadsIsInTheDocumentAndNoOther() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        let document = try Self.object(try server.get("/openapi.json").text)
        let documented = try Self.queryKeys(document)
        #expect(documented.count > 30, "\(documented.sorted())")
        for name in ["png", "svg", "pdf", "html"] {
            #expect(try Self.queryKeys(document, path: "/v1/breakdown.\(name)") == documented, "\(name) lists other keys")
        }
        for key in documented.sorted() {
            let reply = try server.get("/v1/breakdown.json?\(key)=1")
            #expect(!reply.text.contains("unknown option"), "the server does not read \(key), which the document lists: \(reply.text)")
        }
        // Candidates from elsewhere: the manifest schema's keys (every render option, name,
        // format) and words near them.
        let schema = try Self.object(try BinaryRunner.run(["schema"]).stdout)
        let manifestKeys = Set(try #require(schema["properties"] as? [String: Any]).keys)
        let candidates = manifestKeys.union(["metadata", "output", "signature", "jobs", "amounts", "Amount"])
        var accepted: [String] = []
        for key in candidates.subtracting(documented).sorted() {
            let reply = try server.get("/v1/breakdown.json?\(key)=1")
            if reply.status != 400 { accepted.append(key) }
        }
        #expect(accepted.isEmpty, "the server reads keys the document leaves out: \(accepted)")
        #expect(manifestKeys.subtracting(documented) == ["font-file", "logo-assets", "name", "format"])
    }

    /// Runs Schemathesis (`--checks all`, our hook and settings) against `document` (a URL or a
    /// file) for the server at `port`; its exit status and output. At most `seconds` of wall clock.
    static func schemathesis(_ document: String, port: Int, examples: Int, seconds: Int, extra: [String] = []) throws
        -> (status: Int32, output: String)
    {
        let scratch = try GeneratedFromOptionsTests.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "timeout", "--kill-after=10", String(seconds), "python3", "-m", "schemathesis.cli",
            "--config-file", folder.appendingPathComponent("schemathesis.toml").path,
            "run", document, "--url", "http://127.0.0.1:\(port)", "--checks", "all", "--max-examples", String(examples),
            "--seed", "20261202", "--no-color", "--workers", "1", "--report-dir", scratch.path,
            // Hypothesis's too_slow health check times data generation: a loaded machine trips
            // it with nothing wrong (no test here asserts a time).
            "--suppress-health-check=too_slow",
        ] + extra
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = folder.path
        environment["SCHEMATHESIS_HOOKS"] = "hooks"
        process.environment = environment
        process.currentDirectoryURL = scratch
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        SpawnLog.note()
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Found by the import system without importing it (an import costs a second of CPU), once.
    static let hasSchemathesis: Bool =
        (try? ShellCommand.run("python3", ["-c", "import importlib.util, sys; sys.exit(importlib.util.find_spec('schemathesis') is None)"]).status) == 0

    /// The live run's operations in two groups, each a test of its own, so that the runner runs
    /// them in two processes beside each other (one run of all of them was the suite's longest
    /// test; three groups cost a fifth more CPU for the start-up each run repeats). Together they are every operation Schemathesis selects from the document
    /// (`theLiveRunsTogetherTestEveryOperation`).
    static let liveGroups = [["breakdownPNG", "breakdownSVG", "breakdownHTML"], ["breakdownPDF", "breakdownJSON", "health", "metrics"]]

    /// Schemathesis (`--checks all`, 40 examples an operation) against a live server, on the
    /// operations of `group`: no issue, and every operation of the group selected and tested, not
    /// skipped. Returns how many operations the whole document has for Schemathesis.
    @discardableResult
    static func liveRun(_ group: [String]) throws -> Int {
        let server = try ServerProcess(["--allow-unsigned"])
        let run = try Self.schemathesis(
            "http://127.0.0.1:\(server.port)/openapi.json", port: server.port, examples: 40, seconds: 1800,
            extra: group.flatMap { ["--include-operation-id", $0] })
        #expect(run.status == 0, "\(group): \(run.output.suffix(6000))")
        #expect(run.output.contains("No issues found"), "\(group): \(run.output.suffix(2000))")
        let selected = run.output.firstMatch(of: /Selected: (\d+)\/(\d+)/), tested = run.output.firstMatch(of: /Tested: (\d+)/)
        #expect(selected.map { Int($0.1) == group.count } == true && tested.map { Int($0.1) == group.count } == true, "\(group): \(run.output.suffix(2000))")
        #expect(server.stop() == 0, "the server outlived Schemathesis: \(server.log.suffix(2000))")
        return try #require(selected.flatMap { Int($0.2) }, "\(run.output.suffix(2000))")
    }

    @Test func schemathesisFindsNothingAgainstALiveServerOnPNGSVGAndHTML() throws {
        try #require(Self.hasSchemathesis, "Schemathesis is not installed: make deps installs it (pip install schemathesis)")
        try Self.liveRun(Self.liveGroups[0])
    }

    @Test func schemathesisFindsNothingAgainstALiveServerOnPDFJSONHealthAndMetrics() throws {
        try #require(Self.hasSchemathesis, "Schemathesis is not installed: make deps installs it (pip install schemathesis)")
        let total = try Self.liveRun(Self.liveGroups[1])
        // The two groups are every operation Schemathesis finds in the document (the five
        // endpoints, /healthz and /metrics at least), each in one group.
        let all = Self.liveGroups.flatMap { $0 }
        #expect(Set(all).count == all.count && total == all.count && total >= 7, "the document has \(total) operations for Schemathesis; the groups name \(all)")
        let document = try BinaryRunner.run("serve", "--openapi", "--allow-unsigned")
        let paths = try #require(try document.json()["paths"] as? [String: [String: Any]])
        let ids = Set(paths.values.flatMap { $0.values.compactMap { ($0 as? [String: Any])?["operationId"] as? String } })
        #expect(Set(all).isSubset(of: ids), "\(Set(all).subtracting(ids)) are not in the document")
    }

    /// A document that says more or less than the server reads fails Schemathesis: a query key
    /// the server does not have (as a key added on one side only), and a choice left out of an
    /// enumeration (the server still takes it).
    @Test func schemathesisCatchesADocumentThatDriftsFromTheServer() throws {
        try #require(Self.hasSchemathesis, "Schemathesis is not installed: make deps installs it (pip install schemathesis)")
        let server = try ServerProcess(["--allow-unsigned"])
        let original = try server.get("/openapi.json").text
        let scratch = try GeneratedFromOptionsTests.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }

        func drifted(_ change: (inout [String: Any]) throws -> Void) throws -> String {
            var document = try Self.object(original)
            try change(&document)
            let file = scratch.appendingPathComponent("drifted-\(UUID().uuidString).json")
            try JSONSerialization.data(withJSONObject: document).write(to: file)
            return file.path
        }
        func parameters(_ document: inout [String: Any], _ change: (inout [String: [String: Any]]) -> Void) throws {
            var components = try #require(document["components"] as? [String: Any])
            var parameters = try #require(components["parameters"] as? [String: [String: Any]])
            change(&parameters)
            components["parameters"] = parameters
            document["components"] = components
        }
        // A key only the document has, required so that every request gives it.
        let extraKey = try drifted { document in
            try parameters(&document) { parameters in
                parameters["shade"] = ["name": "shade", "in": "query", "required": true, "schema": ["type": "string", "enum": ["light"]]]
            }
            var paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
            var operation = try #require(paths["/v1/breakdown.json"]?["get"])
            operation["parameters"] = (operation["parameters"] as? [Any] ?? []) + [["$ref": "#/components/parameters/shade"]]
            paths["/v1/breakdown.json"] = ["get": operation]
            document["paths"] = paths
        }
        // Each drift is run in the one phase that finds it, not all four (the live runs above run
        // every phase): a required key the server refuses fails every valid request, so the
        // fuzzing phase's first ones; a range narrower than the server's is found by the coverage
        // phase's values just past the document's maximum (fuzzing alone, 30 examples, does not).
        let extra = try Self.schemathesis(
            extraKey, port: server.port, examples: 10, seconds: 900, extra: ["--include-operation-id", "breakdownJSON", "--phases", "fuzzing"])
        #expect(extra.status != 0, "\(extra.output.suffix(3000))")
        #expect(extra.output.contains("refused for one key alone: unknown option"), "\(extra.output.suffix(3000))")

        // A range narrower than the server's (font sizes the server still takes).
        let narrowed = try drifted { document in
            try parameters(&document) { parameters in
                parameters["font-size"]?["schema"] = ["type": "number", "minimum": 1, "maximum": 50]
            }
        }
        let narrow = try Self.schemathesis(
            narrowed, port: server.port, examples: 30, seconds: 900, extra: ["--include-operation-id", "breakdownJSON", "--phases", "coverage"])
        #expect(narrow.status != 0, "\(narrow.output.suffix(3000))")
        #expect(narrow.output.contains("Schema-violating request accepted"), "\(narrow.output.suffix(3000))")
    }
}

/// docs/serve.md's metrics table against what `/metrics` says after one request to every
/// endpoint: every metric and every endpoint label is documented, and nothing else is.
@Suite struct ServeMetricsDocsTests {
    @Test func everyMetricAndEndpointLabelIsDocumented() throws {
        let server = try ServerProcess(["--allow-unsigned", "--playground"])
        for target in [
            "/", "/v1/breakdown.png?amount=100", "/v1/breakdown.svg?amount=100", "/v1/breakdown.pdf?amount=100", "/v1/breakdown.json?amount=100",
            "/v1/breakdown.html?amount=100", "/healthz", "/openapi.json", "/nowhere", "/metrics",
        ] {
            _ = try server.get(target)
        }
        let metrics = try server.get("/metrics").text
        let emitted = Set(metrics.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            line.split(separator: " ").first.map { String($0.prefix { $0 != "{" }) }
        }.map { $0.replacing(/_(bucket|sum|count)$/, with: "") })
        let labels = Set(metrics.matches(of: /endpoint="([a-z]+)"/).map { String($0.1) })
        #expect(labels == ["png", "svg", "pdf", "json", "html", "healthz", "openapi", "playground", "other", "metrics"], "\(labels.sorted())")

        let docs = try String(contentsOf: ServeDocsTests.docs, encoding: .utf8)
        let table = docs.split(separator: "\n").filter { $0.hasPrefix("| `breakdown_") || $0.hasPrefix("| `process_") }
        let documented = Set(table.flatMap { row in
            (row.split(separator: "|").first.map(String.init) ?? "").matches(of: /`([a-z_]+)(\{[a-z,]+\})?`/).map { String($0.1) }
        })
        #expect(emitted == documented, "emitted \(emitted.sorted()), documented \(documented.sorted())")
        let requestsRow = try #require(table.first { $0.contains("breakdown_http_requests_total") })
        let cells = requestsRow.split(separator: "|")
        try #require(cells.count == 3, "\(requestsRow)")
        let documentedLabels = Set(cells[2].matches(of: /`([a-z]+)`/).map { String($0.1) })
        #expect(documentedLabels == labels, "documented endpoint labels \(documentedLabels.sorted())")
    }
}

/// `serve --playground`: the page at `/`, its form generated from the option table, used in
/// headless Chromium as a person would (Tools/playground-drive.py): the previews are the
/// server's bytes for the form's query, the same bytes `render` writes.
@Suite(.serialized) struct ServePlaygroundTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func thePlaygroundNeverAnswersUnsignedImagesForAServerThatSigns() throws {
        // Under `timeout`: a server that wrongly starts is stopped (exit 124), not waited for.
        let executable = try #require(BinaryRunner.executable).path
        let alone = try BinaryRunner.run(command: "/usr/bin/timeout", ["-k", "5", "10", executable, "serve", "--playground", "--port", "0"])
        #expect(alone.status == 2 && alone.stderr.contains("--playground needs --allow-unsigned"), "\(alone.stderr)")
        let keys = ["BREAKDOWN_KEY": String(repeating: "ab", count: 32), "BREAKDOWN_SALT": String(repeating: "cd", count: 16)]
        let signing = try BinaryRunner.run(command: "/usr/bin/timeout", ["-k", "5", "10", executable, "serve", "--playground", "--port", "0"], environment: keys)
        #expect(signing.status == 2 && signing.stderr.contains("--playground needs --allow-unsigned"), "\(signing.stderr)")

        // Without --playground there is no page; with it, the document lists it.
        let plain = try ServerProcess(["--allow-unsigned"])
        #expect(try plain.get("/").status == 404)
        let server = try ServerProcess(["--allow-unsigned", "--playground"])
        let page = try server.get("/")
        #expect(page.status == 200 && page["Content-Type"] == "text/html; charset=utf-8")
        #expect(page["Content-Security-Policy"]?.contains("connect-src 'self'") == true)
        let document = try ServeOpenAPITests.object(try server.get("/openapi.json").text)
        #expect((document["paths"] as? [String: Any])?["/"] != nil)
    }

    /// Every query key of the document is a field, with the document's choices, and no other.
    @Test func theFormHasAFieldForEveryKeyWithItsChoices() throws {
        let server = try ServerProcess(["--allow-unsigned", "--playground"])
        let html = try server.get("/").text
        let document = try ServeOpenAPITests.object(try server.get("/openapi.json").text)
        let keys = try ServeOpenAPITests.queryKeys(document)
        let fields = Set(html.matches(of: /<(?:input|select)[^>]* name="([^"]+)"/).map { String($0.1) })
        #expect(fields == keys, "fields \(fields.symmetricDifference(keys).sorted()) differ")
        let parameters = try #require((document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]])
        for (name, parameter) in parameters where parameter["in"] as? String == "query" {
            guard let choices = (parameter["schema"] as? [String: Any])?["enum"] as? [String] else { continue }
            let select = try #require(html.firstMatch(of: try Regex("<select name=\"\(name)\"[^>]*>(.*?)</select>")), "\(name) is not a drop-down")
            let offered = String(select.output[1].substring ?? "").matches(of: /<option value="([^"]*)"/).map { String($0.1) }
            #expect(offered == [""] + choices, "\(name): \(offered)")
        }
    }

    /// The bytes `breakdown render` writes for these options.
    static func rendered(_ arguments: [String]) throws -> Data {
        let folder = try GeneratedFromOptionsTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("image.png")
        let result = try BinaryRunner.run(["render"] + arguments + ["-o", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        return try Data(contentsOf: file)
    }

    @Test(arguments: [1280, 390]) func aPersonChangesTheAmountAndTheLogoAndSeesTheServersImages(width: Int) throws {
        try #require(ServeDocsTests.program("chromium", "chromium-browser") != nil, "Chromium is not installed: make deps installs it")
        let server = try ServerProcess(["--allow-unsigned", "--playground"])
        let folder = try GeneratedFromOptionsTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let drive = Self.root.appendingPathComponent("Tools/playground-drive.py").path
        func use(_ actions: [String], shot: String) throws -> [String: Any] {
            let result = try ShellCommand.run(
                "python3", [drive, "http://127.0.0.1:\(server.port)/", String(width), folder.appendingPathComponent(shot).path] + actions)
            #expect(result.status == 0, "\(result.errors)")
            return try ServeOpenAPITests.object(result.output)
        }
        func figures(_ report: [String: Any]) throws -> [String: [String: Any]] {
            let list = try #require(report["figures"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: list.map { ("\($0["platform"]!) \($0["appearance"]!)", $0) })
        }
        func bytes(_ figure: [String: Any]?) -> Data? { (figure?["bytes"] as? String).flatMap { Data(base64Encoded: $0) } }

        let before = try figures(try use([], shot: "before.png"))
        let report = try use(["type:amount=250", "choose:logo=lockup"], shot: "after-\(width).png")
        let after = try figures(report)
        #expect(after.count == 4)
        // What render writes for the same options, at the preview's scale.
        let common = ["--amount", "250", "--logo", "lockup", "--scale", "2"]
        let expected: [String: Data] = [
            "ios light": try Self.rendered(common), "ios dark": try Self.rendered(common + ["--appearance", "dark"]),
            "android light": try Self.rendered(common + ["--platform", "android"]),
            "android dark": try Self.rendered(common + ["--platform", "android", "--appearance", "dark"]),
        ]
        for (view, data) in expected {
            #expect(bytes(after[view]) == data, "\(view): the page shows other bytes than render writes (\(after[view]?["problem"] ?? ""))")
            #expect(bytes(before[view]) != nil && bytes(before[view]) != data, "\(view): the preview did not change")
            let shown = try #require(after[view]?["shownWidth"] as? Double), natural = try #require(after[view]?["naturalWidth"] as? Double)
            // At its size in points (a 2x image at half its pixels), or narrower on a small screen.
            #expect(shown <= natural / 2 + 0.5 && shown > min(natural / 2, Double(width) / 2) - 1, "\(view): shown \(shown) px of \(natural)")
        }
        // The URL and the snippet to copy are the server's for the form's query.
        #expect(report["url"] as? String == "/v1/breakdown.png?amount=250&logo=lockup&scale=2")
        #expect(report["snippet"] as? String == (try server.get("/v1/breakdown.html?logo=lockup&amount=250").text))
        // Nothing scrolls sideways, and the screenshot shows the window.
        #expect((report["scrollWidth"] as? Int).map { $0 <= width } == true, "the page is \(report["scrollWidth"] ?? "?") px wide in a \(width) px window")
        let shot = folder.appendingPathComponent("after-\(width).png")
        let size = try ShellCommand.run(
            "python3", ["-c", "import sys; from PIL import Image; i = Image.open(sys.argv[1]); print(*i.size, len(i.convert('RGB').getcolors(1 << 20)))", shot.path])
        let numbers = size.output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(numbers.count == 3 && numbers[0] == width && numbers[1] == 900 && numbers[2] > 50, "\(size.output) \(size.errors)")
        if let keep = ProcessInfo.processInfo.environment["BREAKDOWN_PLAYGROUND_SHOTS"] {
            try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: keep + "/playground-\(width).png")
            try FileManager.default.copyItem(atPath: shot.path, toPath: keep + "/playground-\(width).png")
        }
    }
}
