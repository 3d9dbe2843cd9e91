import Breakdown
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Which view takes which option is said once, in the option table (issue 45, item 3): every door
/// (render, describe, a batch record, a verify manifest, the server's query, the library) refuses a
/// view's option with the other view in the same words, and help, the manifest schema and the
/// OpenAPI document say which view takes it. The lists and words are written out here, from the
/// SDKs (iOS: Dynamic Type, SF Pro's tracking, dynamic logo colours; Android: the configuration's
/// environment, the device's font scale), not read from the table.
@Suite struct ViewOptionDoorsTests {
    /// (option, value, the view that takes it, words the other view's refusal must contain).
    static let viewOptions: [(name: String, value: String, view: String, words: String)] = [
        ("dark-palette", "alt", "ios", "is an iOS option (the Android view has a static style only)"),
        ("content-size", "large", "ios", "is iOS's Dynamic Type"),
        ("tracking", "none", "ios", "is iOS's letter spacing"),
        ("environment", "sandbox", "android", "is an Android configuration option"),
        ("font-scale", "1.5", "android", "is Android's font size setting"),
        // Flags (no value on the command line; true in a record or a query): iOS's accessibility
        // settings, which the Android view does not read (issue 48).
        ("increase-contrast", "", "ios", "is iOS's accessibility setting"),
        ("bold-text", "", "ios", "is iOS's accessibility setting"),
    ]

    /// The option as command-line words: `--name value`, or `--name` for a flag.
    static func words(_ option: (name: String, value: String, view: String, words: String)) -> [String] {
        ["--\(option.name)"] + (option.value.isEmpty ? [] : [option.value])
    }

    /// The option's value in a record or a query: a flag's is true.
    static func recordValue(_ option: (name: String, value: String, view: String, words: String)) -> String {
        option.value.isEmpty ? "true" : option.value
    }

    static func otherView(_ view: String) -> String { view == "ios" ? "android" : "ios" }

    /// The arguments asking for `view` (iOS is the default: nothing to give).
    static func platformArguments(_ view: String) -> [String] { view == "android" ? ["--platform", "android"] : [] }

    @Test func theTableDeclaresExactlyTheseViewOptions() {
        let declared = (ContentOptions.group.options + RenderOptions.drawing.options).filter { $0.views.count == 1 }
        #expect(Set(declared.map(\.name)) == Set(Self.viewOptions.map(\.name)))
        for option in Self.viewOptions {
            let spec = declared.first { $0.name == option.name }
            #expect(spec?.views.map(\.rawValue) == [option.view], "\(option.name)")
        }
    }

    /// render and describe on the command line, a batch NDJSON record, a verify manifest record.
    @Test(.timeLimit(.minutes(15))) func everyCommandLineDoorRefusesTheOtherViewsOption() throws {
        let folder = try BatchTestSupport.temporaryFolder("view-doors")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, option) in Self.viewOptions.enumerated() {
            let other = Self.otherView(option.view)
            let given = ["--amount", "100"] + Self.words(option) + Self.platformArguments(other)
            // describe reads the content options only.
            let isContent = ContentOptions.group.options.contains { $0.name == option.name }
            for command in isContent ? ["render", "describe"] : ["render"] {
                let output = folder.appendingPathComponent("\(command)-\(index).png")
                let run = try InProcessCLI.run([command] + given + (command == "render" ? ["-o", output.path] : []))
                #expect(run.status == 2, "\(command) \(given): \(run.stderr)")
                #expect(run.stderr.contains("--\(option.name) \(option.words)"), "\(command): \(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: output.path))
            }
            // A record spells keys without dashes.
            var record = "{\"name\": \"r\", \"amount\": \"100\", \"\(option.name)\": \"\(Self.recordValue(option))\""
            if other == "android" { record += ", \"platform\": \"android\"" }
            record += "}\n"
            let manifest = folder.appendingPathComponent("m-\(index).ndjson")
            try Data(record.utf8).write(to: manifest)
            let out = folder.appendingPathComponent("out-\(index)")
            let batch = try BinaryRunner.run(["batch", manifest.path, "-o", out.path, "--quiet"])
            #expect(batch.status == 1, "batch: \(batch.stderr)")
            let report = (try? String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8)) ?? batch.stderr
            #expect(report.contains("\(option.name) \(option.words)"), "batch: \(report.prefix(600)) \(batch.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("r.png").path))
            // The same option with its own view is drawn.
            let own = try InProcessCLI.run(
                [isContent ? "describe" : "render", "--amount", "100"] + Self.words(option) + Self.platformArguments(option.view)
                    + (option.name == "environment" ? ["--locale", "en_AU"] : []) + (isContent ? [] : ["-o", "-"]))
            #expect(own.status == 0, "\(option.name) with its own view: \(own.stderr)")
        }
    }

    /// The server's query, in the query's spelling (no dashes).
    @Test func theServerRefusesTheOtherViewsOption() throws {
        let server = try InProcessService(["--allow-unsigned"])
        for option in Self.viewOptions {
            var query = "amount=100&\(option.name)=\(Self.recordValue(option))"
            if Self.otherView(option.view) == "android" { query += "&platform=android" }
            let reply = server.get("/v1/breakdown.json?" + query)
            #expect(reply.status == 400, "\(query): \(reply.status)")
            let detail = (try? reply.json())?["detail"] as? String ?? ""
            #expect(detail.hasPrefix("\(option.name) \(option.words)") && detail.contains("platform android"), "\(query): \(detail)")
        }
        // The document says which view takes each key.
        let document = try server.get("/openapi.json").json()
        let parameters = ((document["components"] as? [String: Any])?["parameters"] as? [String: Any]) ?? [:]
        for option in Self.viewOptions {
            let parameter = parameters[option.name] as? [String: Any]
            #expect(parameter?["x-breakdown-views"] as? [String] == [option.view], "\(option.name)")
            #expect((parameter?["description"] as? String ?? "").contains(option.view == "ios" ? "iOS view only" : "Android view only"))
        }
        let font = (parameters["font"] as? [String: Any])?["description"] as? String ?? ""
        #expect(font.contains("Android view (platform android): ") && font.contains("Roboto"), "\(font)")
    }

    /// The library: a request read from words throws the same words, a `RequestError`.
    @Test func theLibraryRefusesTheOtherViewsOption() throws {
        let groups = [ContentOptions.group, RenderOptions.drawing]
        for option in Self.viewOptions {
            let arguments = Self.words(option) + Self.platformArguments(Self.otherView(option.view))
            let options = try ParsedOptions(arguments: arguments, groups: groups)
            let error = try #require(throws: RequestError.self) { try RenderRequest(options) }
            #expect(error.message.hasPrefix("--\(option.name) \(option.words)"), "\(error.message)")
            guard case .invalidInput = error.reason else { Issue.record("\(error.reason)"); continue }
        }
    }

    /// Help and the manifest schema say it too.
    @Test func helpAndSchemaSayWhichViewTakesIt() throws {
        let help = try InProcessCLI.run(["render", "--help"])
        // Each option's entry: from its line ("  --name <value>") to the next option's, flattened.
        var entries: [String: String] = [:]
        var current: String?
        for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  -"), let name = line.split(separator: " ").first(where: { $0.hasPrefix("--") }) {
                current = String(name.dropFirst(2))
            } else if !line.hasPrefix("    ") {
                current = nil
            }
            if let current { entries[current, default: ""] += " " + line }
        }
        func flat(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let schema = try InProcessCLI.run(["schema"])
        let properties = try #require(
            (try JSONSerialization.jsonObject(with: Data(schema.stdout.utf8)) as? [String: Any])?["properties"] as? [String: Any])
        for option in Self.viewOptions {
            let note = option.view == "ios" ? "[iOS view only: refused with --platform android]" : "[Android view only: with --platform android]"
            #expect(flat(entries[option.name] ?? "").hasSuffix(note), "\(option.name): \(entries[option.name] ?? "no entry")")
            let property = properties[option.name] as? [String: Any]
            #expect(property?["x-breakdown-views"] as? [String] == [option.view], "\(option.name)")
            #expect((property?["description"] as? String ?? "").hasSuffix(option.view == "ios" ? "[iOS view only: refused with platform android]" : "[Android view only: with platform android]"))
        }
        // An option both views take has no note.
        #expect(entries["width"] != nil && !(entries["width"] ?? "").contains("view only"))
        #expect(properties["width"].flatMap { ($0 as? [String: Any])?["x-breakdown-views"] } == nil)
    }
}
