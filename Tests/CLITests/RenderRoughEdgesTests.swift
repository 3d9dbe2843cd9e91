@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
@testable import BreakdownDiff
import BreakdownCLI
import BreakdownEncode
import BreakdownContent
import BreakdownTestSupport
import Foundation
import Testing
@testable import CLITestSupport

/// What a new user tripped on in `render`: standard output, generic font names, the consumer
/// locale, the SVG's size on the web, float noise in metadata, README against `--help`.
@Suite struct RenderRoughEdgesTests {
    @Test(arguments: ["Sans", "Serif", "Monospace", "System-ui", "sans", "monospace"])
    func genericFontNamesAreNotFamilies(_ name: String) throws {
        let folder = try BatchTestSupport.temporaryFolder("font")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.png").path
        let result = try InProcessCLI.run("render", "--amount", "100", "--font", name, "-o", path)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.contains("font family \"\(name)\" is not available; available: Inter, Inter Display ("))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func realFamiliesStillWork() throws {
        let folder = try BatchTestSupport.temporaryFolder("font")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.png").path
        #expect(try InProcessCLI.run("render", "--amount", "100", "--font", "inter", "-o", path).status == 0)
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let added = try InProcessCLI.run("render", "--amount", "100", "--font-file", dejaVu, "--font", "DejaVu Sans", "-o", path)
        #expect(added.status == 0, "\(added.stderr)")
    }

    @Test func consumerLocaleIsNotValidatedLikeTheSDK() throws {
        let folder = try BatchTestSupport.temporaryFolder("consumer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.png").path
        // jp_JP (a typo for ja_JP): the SDK takes it, finds no language, and hides the view.
        let hidden = try InProcessCLI.run("render", "--amount", "100", "--consumer-locale", "jp_JP", "-o", path)
        #expect(hidden.status == 3)
        #expect(hidden.stderr.contains("hidden") && hidden.stderr.contains("language jp") && hidden.stderr.contains("not offered"))
        #expect(!FileManager.default.fileExists(atPath: path))
        let described = try InProcessCLI.run("describe", "--amount", "100", "--consumer-locale", "jp_JP").json()
        #expect(described["hidden"] as? Bool == true)
        // Any text, as the SDK takes it: no language, so hidden; not a usage error.
        let english = try InProcessCLI.run("describe", "--amount", "100", "--consumer-locale", "english").json()
        #expect(english["hidden"] as? Bool == true)
        // Configuration errors first: an invalid merchant locale is reported, not the consumer locale.
        let both = try InProcessCLI.run("render", "--locale", "fr_FR", "--consumer-locale", "jp_JP", "--amount", "100", "-o", path)
        #expect(both.status == 2)
        #expect(both.stderr.contains("(fr_FR)") && !both.stderr.contains("jp_JP"))
        // A consumer locale the region offers still chooses the language.
        let french = try InProcessCLI.run("describe", "--locale", "en_CA", "--consumer-locale", "fr_FR", "--amount", "100").json()
        #expect(french["language"] as? String == "fr_CA")
    }

    /// Every metadata number in points is a whole number of thousandths, written without noise.
    @Test(arguments: [
        ["--amount", "100"], ["--amount", "5000", "--locale", "en_US", "--logo", "lockup"],
        ["--amount", "100", "--locale", "en_GB", "--link-style", "learnMoreText", "--font-size", "13.3", "--padding", "0.7"],
        ["--amount", "100", "--content-size", "accessibilityLarge", "--width", "240", "--scale", "3"],
    ])
    func metadataIsRoundedToThousandthsOfAPoint(_ arguments: [String]) throws {
        let folder = try BatchTestSupport.temporaryFolder("metadata")
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("a.json")
        let result = try InProcessCLI.run(["render"] + arguments + ["-o", folder.appendingPathComponent("a.png").path, "--metadata", json.path])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: json, encoding: .utf8)
        // No number with more than three decimals, no exponent, no negative zero.
        let noisy = try NSRegularExpression(pattern: "[0-9]\\.[0-9]{4,}|[0-9][eE][-+]?[0-9]|-0[,\\s]")
        #expect(noisy.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil, "\(text)")
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        var numbers: [Double] = (metadata["baselines"] as? [Double]) ?? []
        for key in ["size", "logo", "link"] { numbers += ((metadata[key] as? [String: Double]) ?? [:]).values }
        #expect(!numbers.isEmpty)
        for number in numbers { #expect(abs(number * 1000 - (number * 1000).rounded()) < 1e-6, "\(number)") }
    }

    /// The README's table of option groups says what `--help` says.
    @Test func readmeTableMatchesTheOptionTable() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- option-groups -->"))
        let end = try #require(text.range(of: "<!-- /option-groups -->"))
        var table: [String: [String]] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let groups = cells[1].split(separator: "(")[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0 != "none" }
            table[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = groups
        }
        var fromHelp: [String: [String]] = [:]
        for command in BreakdownCLI.subcommands {
            let help = try InProcessCLI.run(command.name, "--help").stdout
            // Each group is a section of help, titled "NAME OPTIONS:" or "NAME OPTIONS".
            let titles = help.split(separator: "\n").filter { ($0.hasSuffix(" OPTIONS:") || $0.hasSuffix(" OPTIONS")) && !$0.hasPrefix(" ") }
            fromHelp[command.name] = titles.map { $0.replacingOccurrences(of: " OPTIONS", with: "").replacingOccurrences(of: ":", with: "").lowercased() }
            #expect(fromHelp[command.name] == command.groups.map { $0.title.replacingOccurrences(of: " OPTIONS", with: "").lowercased() })
        }
        #expect(table == fromHelp)
    }
}
