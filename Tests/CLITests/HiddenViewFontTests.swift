import BreakdownContent
import BreakdownOptions
import BreakdownPipeline
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// A font family the view's fonts lack is refused whether or not the view is shown: a view hidden
/// by its consumer locale (French in region AU) with `font=Foo` was answered "hidden" (exit 3, 204,
/// a hidden record), while the same request shown was refused; Schemathesis found the server's
/// 204 to a request its own document calls invalid. Every door now says what the shown view says,
/// word for word, for either view; a family the fonts have still gives "hidden".
@Suite struct HiddenViewFontTests {
    static let hiddenLocale = ["--consumer-locale", "fr_FR"]
    static let platforms: [[String]] = [[], ["--platform", "android"]]

    /// The shown view's refusal of `font`, as `render` words it (one line).
    static func shownRefusal(_ platform: [String], font: String = "Foo") throws -> String {
        let shown = try InProcessCLI.run(["render", "--amount", "100", "--font", font, "-o", "-"] + platform)
        #expect(shown.status == 2, "\(shown.stderr)")
        return shown.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: platforms)
    func renderRefusesTheFamilyOfAHiddenView(_ platform: [String]) throws {
        let folder = try BatchTestSupport.temporaryFolder("hidden-font")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.png").path
        let shown = try Self.shownRefusal(platform)
        #expect(shown.hasPrefix(#"error: font family "Foo" is not available; available: "#), "\(shown)")
        for format in ["png", "svg", "pdf"] {
            let path = folder.appendingPathComponent("a.\(format)").path
            let hidden = try InProcessCLI.run(["render", "--amount", "100", "--font", "Foo", "-o", path] + platform + Self.hiddenLocale)
            #expect(hidden.status == 2, "\(format): \(hidden.stderr)")
            #expect(hidden.stderr.trimmingCharacters(in: .whitespacesAndNewlines) == shown, "\(format): \(hidden.stderr)")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        // A family the view has: hidden, as before (exit 3, nothing written).
        let family = platform.isEmpty ? "inter" : "roboto"
        let kept = try InProcessCLI.run(["render", "--amount", "100", "--font", family, "-o", path] + platform + Self.hiddenLocale)
        #expect(kept.status == 3 && kept.stderr.contains("the breakdown is hidden"), "\(kept.stderr)")
    }

    /// The library's layout of either view, shown, refuses it in the same words.
    @Test(arguments: platforms)
    func theLibrarysLayoutSaysTheSame(_ platform: [String]) throws {
        let expected = try Self.shownRefusal(platform).dropFirst("error: ".count)
        let options = try ParsedOptions(arguments: ["--amount", "100", "--font", "Foo"] + platform, groups: [ContentOptions.group, RenderOptions.drawing])
        let request = try RenderRequest(options)
        let renderer = try BreakdownRenderer(fontFiles: request.fontFiles, logoAssets: request.logoAssets)
        let error = try #require(throws: BreakdownError.self) { try renderer.layout(request.view, style: request.settings.style) }
        #expect("\(error)" == String(expected), "\(error)")
    }

    @Test func aBatchRecordOfAHiddenViewWithAnUnknownFamilyFails() throws {
        let folder = try BatchTestSupport.temporaryFolder("hidden-font-batch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Data(
            """
            {"name":"a","amount":"100","consumer-locale":"fr_FR","font":"Foo"}
            {"name":"b","amount":"100","consumer-locale":"fr_FR","font":"Foo","platform":"android"}
            {"name":"c","amount":"100","consumer-locale":"fr_FR","font":"Inter"}

            """.utf8
        ).write(to: manifest)
        let output = folder.appendingPathComponent("out").path
        let result = try InProcessCLI.run("batch", manifest.path, "-o", output)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered 0, skipped 0, hidden 1, failed 2"), "\(result.stdout)")
        let ios = try Self.shownRefusal([]).dropFirst("error: ".count)
        let android = try Self.shownRefusal(["--platform", "android"]).dropFirst("error: ".count)
        #expect(result.stderr.contains("line 1 (record 1): \(ios)"), "\(result.stderr)")
        #expect(result.stderr.contains("line 2 (record 2): \(android)"), "\(result.stderr)")
    }

    @Test(arguments: ["", "&platform=android"])
    func theServerRefusesItAtEveryEndpointWhateverItsIfNoneMatch(_ platform: String) throws {
        let server = try InProcessService(["--allow-unsigned"])
        let expected = try Self.shownRefusal(platform.isEmpty ? [] : ["--platform", "android"]).dropFirst("error: ".count)
        for endpoint in ["png", "svg", "pdf", "json", "html"] {
            for headers in [[:], ["If-None-Match": "*"]] {
                let target = "/v1/breakdown.\(endpoint)?amount=100&consumer-locale=fr_FR&font=Foo" + platform
                let reply = server.get(target, headers: headers)
                #expect(reply.status == 400, "\(target) \(headers): \(reply.status)")
                #expect((try? reply.json())?["detail"] as? String == String(expected), "\(target): \(reply.text)")
            }
            // A family the view has: hidden as before (204 for an image, 200 describing it).
            let family = platform.isEmpty ? "Inter" : "Roboto"
            let kept = server.get("/v1/breakdown.\(endpoint)?amount=100&consumer-locale=fr_FR&font=\(family)" + platform)
            #expect(kept.status == (["json", "html"].contains(endpoint) ? 200 : 204), "\(endpoint): \(kept.status) \(kept.text)")
        }
    }
}
