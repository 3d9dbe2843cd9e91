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
    @Test func theTableDeclaresExactlyTheseViewOptions() {
        let declared = (ContentOptions.group.options + RenderOptions.drawing.options).filter { $0.views.count == 1 }
        #expect(Set(declared.map(\.name)) == Set(ViewOptionTable.viewOptions.map(\.name)))
        for option in ViewOptionTable.viewOptions {
            let spec = declared.first { $0.name == option.name }
            #expect(spec?.views.map(\.rawValue) == [option.view], "\(option.name)")
        }
    }

    /// The server's query, in the query's spelling (no dashes).
    @Test func theServerRefusesTheOtherViewsOption() throws {
        let server = try InProcessService(["--allow-unsigned"])
        for option in ViewOptionTable.viewOptions {
            var query = "amount=100&\(option.name)=\(ViewOptionTable.recordValue(option))"
            if ViewOptionTable.otherView(option.view) == "android" { query += "&platform=android" }
            let reply = server.get("/v1/breakdown.json?" + query)
            #expect(reply.status == 400, "\(query): \(reply.status)")
            let detail = (try? reply.json())?["detail"] as? String ?? ""
            #expect(detail.hasPrefix("\(option.name) \(option.words)") && detail.contains("platform android"), "\(query): \(detail)")
        }
        // The document says which view takes each key.
        let document = try server.get("/openapi.json").json()
        let parameters = ((document["components"] as? [String: Any])?["parameters"] as? [String: Any]) ?? [:]
        for option in ViewOptionTable.viewOptions {
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
        for option in ViewOptionTable.viewOptions {
            let arguments = ViewOptionTable.words(option) + ViewOptionTable.platformArguments(ViewOptionTable.otherView(option.view))
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
        for option in ViewOptionTable.viewOptions {
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
