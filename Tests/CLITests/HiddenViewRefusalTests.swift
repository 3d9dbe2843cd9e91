import BreakdownContent
import BreakdownOptions
import BreakdownPipeline
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// What layout refuses of a request alone (a font family the view's fonts lack, link markup Pango
/// cannot read or sized over the limits) is refused whether or not the view is shown: a view
/// hidden by its consumer locale (French in region AU) with `font=Foo` was answered "hidden"
/// (exit 3, 204, a hidden record) while the same request shown was refused; Schemathesis found
/// the server's 204 to a request its own document calls invalid. Every door now says what the
/// shown view says, word for word, for either view; a request layout takes still gives "hidden".
@Suite struct HiddenViewRefusalTests {
    static let hiddenLocale = ["--consumer-locale", "fr_FR"]
    static let platforms: [[String]] = [[], ["--platform", "android"]]
    /// Each refused input, and how the shown view's refusal begins.
    static let refused: [(option: String, value: String, words: String)] = [
        ("font", "Foo", #"font family "Foo" is not available; available: "#),
        ("link-text", "<b>Info", "link text is not valid Pango markup: "),
        // A link of nothing visible (a zero-width space, a space, a Hangul filler, which Unicode
        // says to draw as nothing): a clickable area nobody could see.
        ("link-text", "<b>\u{200B}</b> \u{3164}", "link text shows nothing: its text is only spaces and invisible characters (U+200B, U+0020, U+3164), "),
        ("link-text", #"<span size="900000">Info</span>"#, "link text: a text size of 878.9 pt is over the limit of 500 pt"),
    ]

    /// The shown view's refusal, as `render` words it (one line, without "error: ").
    static func shownRefusal(_ platform: [String], _ option: String, _ value: String) throws -> String {
        let shown = try InProcessCLI.run(["render", "--amount", "100", "--\(option)", value, "-o", "-"] + platform)
        #expect(shown.status == 2 && shown.stderr.split(separator: "\n").count == 1, "\(shown.stderr)")
        return String(shown.stderr.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("error: ".count))
    }

    @Test(arguments: platforms)
    func renderRefusesItForAHiddenView(_ platform: [String]) throws {
        let folder = try BatchTestSupport.temporaryFolder("hidden-refusal")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (option, value, words) in Self.refused {
            let shown = try Self.shownRefusal(platform, option, value)
            #expect(shown.hasPrefix(words), "\(shown)")
            for format in ["png", "svg", "pdf"] {
                let path = folder.appendingPathComponent("a.\(format)").path
                let hidden = try InProcessCLI.run(["render", "--amount", "100", "--\(option)", value, "-o", path] + platform + Self.hiddenLocale)
                #expect(hidden.status == 2, "\(option) \(format): \(hidden.stderr)")
                #expect(hidden.stderr == "error: \(shown)\n", "\(option) \(format): \(hidden.stderr)")
                #expect(!FileManager.default.fileExists(atPath: path))
            }
        }
        // What layout takes: hidden, as before (exit 3, nothing written).
        let family = platform.isEmpty ? "inter" : "roboto"
        let path = folder.appendingPathComponent("a.png").path
        let kept = try InProcessCLI.run(["render", "--amount", "100", "--font", family, "--link-text", "<b>Info</b>", "-o", path] + platform + Self.hiddenLocale)
        #expect(kept.status == 3 && kept.stderr.hasPrefix("error: the breakdown is hidden"), "\(kept.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// The library's layout of the shown Android view refuses a family in the Android view's
    /// words, as its hidden view does (the one place either is worded).
    @Test(arguments: platforms)
    func theLibrarysLayoutSaysTheSame(_ platform: [String]) throws {
        let expected = try Self.shownRefusal(platform, "font", "Foo")
        let options = try ParsedOptions(arguments: ["--amount", "100", "--font", "Foo"] + platform, groups: [ContentOptions.group, RenderOptions.drawing])
        let request = try RenderRequest(options)
        let renderer = try BreakdownRenderer(fontFiles: request.fontFiles, logoAssets: request.logoAssets)
        let error = try #require(throws: BreakdownError.self) { try renderer.layout(request.view, style: request.settings.style) }
        #expect("\(error)" == expected, "\(error)")
        #expect(expected.hasSuffix(platform.isEmpty ? "(add font files to Fonts/ or with --font-file)" : "(the Android view uses Roboto, Debian fonts-roboto; others with --font-file)"))
        // Rendering it hidden, as a view or (the iOS view) as a breakdown, says the same.
        let hidden = try RenderRequest(try ParsedOptions(arguments: ["--amount", "100", "--font", "Foo"] + platform + Self.hiddenLocale, groups: [ContentOptions.group, RenderOptions.drawing]))
        #expect(hidden.breakdown.isHidden)
        let viewError = try #require(throws: BreakdownError.self) { try renderer.render(hidden.view, settings: hidden.settings, format: .png) }
        #expect("\(viewError)" == expected, "\(viewError)")
        if platform.isEmpty {
            let breakdownError = try #require(throws: BreakdownError.self) { try renderer.render(hidden.breakdown, settings: hidden.settings, format: .png) }
            #expect("\(breakdownError)" == expected, "\(breakdownError)")
        }
    }

    @Test func aBatchRecordOfAHiddenViewFailsWithTheShownViewsWords() throws {
        let folder = try BatchTestSupport.temporaryFolder("hidden-refusal-batch")
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines: [String] = []
        var expected: [String] = []
        for platform in Self.platforms {
            for (option, value, _) in Self.refused {
                var record: [String: String] = ["name": "r\(lines.count + 1)", "amount": "100", "consumer-locale": "fr_FR", option: value]
                if !platform.isEmpty { record["platform"] = "android" }
                lines.append(String(decoding: try JSONSerialization.data(withJSONObject: record, options: .sortedKeys), as: UTF8.self))
                expected.append("line \(lines.count) (record \(lines.count)): " + (try Self.shownRefusal(platform, option, value)))
            }
        }
        lines.append(#"{"name":"kept","amount":"100","consumer-locale":"fr_FR","font":"Inter"}"#)
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: manifest)
        let result = try InProcessCLI.run("batch", manifest.path, "-o", folder.appendingPathComponent("out").path)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered 0, skipped 0, hidden 1, failed \(expected.count)"), "\(result.stdout)")
        for line in expected { #expect(result.stderr.contains(line), "\(line)\n\(result.stderr)") }
    }

    @Test(arguments: ["", "&platform=android"])
    func theServerRefusesItAtEveryEndpointWhateverItsIfNoneMatch(_ platform: String) throws {
        let server = try InProcessService(["--allow-unsigned"])
        for (option, value, _) in Self.refused {
            let expected = try Self.shownRefusal(platform.isEmpty ? [] : ["--platform", "android"], option, value)
            let query = "amount=100&consumer-locale=fr_FR&\(option)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" + platform
            for endpoint in ["png", "svg", "pdf", "json", "html"] {
                for headers in [[:], ["If-None-Match": "*"]] {
                    let reply = server.get("/v1/breakdown.\(endpoint)?" + query, headers: headers)
                    #expect(reply.status == 400, "\(endpoint) \(query) \(headers): \(reply.status)")
                    #expect((try? reply.json())?["detail"] as? String == expected, "\(endpoint) \(query): \(reply.text)")
                }
            }
        }
        // What layout takes: hidden as before (204 for an image, 200 describing it).
        let family = platform.isEmpty ? "Inter" : "Roboto"
        for endpoint in ["png", "svg", "pdf", "json", "html"] {
            let kept = server.get("/v1/breakdown.\(endpoint)?amount=100&consumer-locale=fr_FR&font=\(family)&link-text=%3Cb%3EInfo%3C%2Fb%3E" + platform)
            #expect(kept.status == (["json", "html"].contains(endpoint) ? 200 : 204), "\(endpoint): \(kept.status) \(kept.text)")
        }
    }
}
