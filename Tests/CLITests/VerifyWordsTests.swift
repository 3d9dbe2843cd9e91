import BreakdownDiff
import BreakdownPipeline
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// `breakdown verify` compares what a breakdown says, exactly, before any pixel tolerance: a
/// one-cent or one-digit change fails under every tolerance docs/snapshots.md and the README
/// document (and under one that passes any pixels), for both views at every scale, iOS wrapped
/// and not; an unchanged manifest passes; a reference without words is compared by its pixels,
/// with a note.
@Suite struct VerifyWordsTests {
    /// Every tolerance the docs show, and one that passes any pixels at all.
    static let tolerances: [[String]] = [
        [], ["--tolerance", "2"], ["--perceptual", "3", "--allowed-fraction", "0.005"],
        ["--perceptual", "5", "--allowed-fraction", "0.05"], ["--tolerance", "255", "--allowed-fraction", "1"],
    ]

    /// The records: the iOS view at its three scales, unwrapped and wrapped (150 points wide: two lines),
    /// and the Android view at every density. The amount comes from the command line.
    static func manifest(locale: String) -> String {
        var lines: [String] = []
        for scale in RenderScale.ios {
            lines.append(#"{"name": "ios-\#(scale.text)", "locale": "\#(locale)", "scale": \#(scale.text)}"#)
            lines.append(#"{"name": "ios-wrapped-\#(scale.text)", "locale": "\#(locale)", "scale": \#(scale.text), "width": 150}"#)
        }
        for scale in RenderScale.allCases {
            lines.append(#"{"name": "android-\#(scale.text)", "platform": "android", "locale": "\#(locale)", "scale": \#(scale.text)}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static var names: [String] {
        RenderScale.ios.flatMap { ["ios-\($0.text)", "ios-wrapped-\($0.text)"] } + RenderScale.allCases.map { "android-\($0.text)" }
    }

    /// Each record's block of output: its `FAIL`/`ok` line and the lines under it.
    static func blocks(_ stdout: String) -> [String: String] {
        var blocks: [String: String] = [:]
        var current: String?
        for line in stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("FAIL ") || line.hasPrefix("ok ") {
                let name = line.drop { $0 != " " }.dropFirst().prefix { $0 != ":" }
                current = String(name)
                blocks[String(name)] = String(line)
            } else if line.hasPrefix("verified ") || line.hasPrefix("report: ") {
                current = nil
            } else if let name = current {
                blocks[name, default: ""] += "\n" + line
            }
        }
        return blocks
    }

    /// Records at `old`, then checks at `new` under every tolerance: each record fails, its
    /// message giving both sentences with the changed price marked, the sentence lines first.
    func priceChangeFailsEverywhere(
        locale: String, old: String, new: String, was: String, now: String, tolerances: [[String]] = Self.tolerances
    ) throws {
        let folder = try BatchTestSupport.temporaryFolder("verify-words")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try BatchTestSupport.write(Self.manifest(locale: locale), to: manifest)
        let references = folder.appendingPathComponent("refs").path
        let recorded = try InProcessCLI.run("verify", manifest.path, "--reference", references, "--record", "--amount", old)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        for name in Self.names {
            let words = try String(contentsOfFile: "\(references)/\(name).words.json", encoding: .utf8)
            #expect(words.contains(was) && words.contains("\"view\" : \"\(name.hasPrefix("android") ? "android" : "ios")\""), "\(words)")
        }
        for tolerance in tolerances {
            let same = try InProcessCLI.run(["verify", manifest.path, "--reference", references, "--amount", old] + tolerance)
            #expect(same.status == 0, "\(tolerance): \(same.stdout)")
            #expect(!same.stdout.contains("words not checked"))
            let changed = try InProcessCLI.run(["verify", manifest.path, "--reference", references, "--amount", new] + tolerance)
            #expect(changed.status == 1, "\(tolerance): \(changed.stdout)")
            #expect(changed.stdout.contains("\(Self.names.count) differ"), "\(tolerance): \(changed.stdout)")
            let blocks = Self.blocks(changed.stdout)
            for name in Self.names {
                let block = try #require(blocks[name], "\(name) under \(tolerance): \(changed.stdout)")
                let lines = block.split(separator: "\n").map(String.init)
                #expect(lines.first == "FAIL \(name): the words differ from the reference's (compared exactly, before any pixel tolerance):", "\(block)")
                #expect(lines.count > 3 && lines[1].hasPrefix("  sentence, reference: ") && lines[1].contains(" [-\(was)-] "), "\(block)")
                #expect(lines.count > 3 && lines[2].hasPrefix("  sentence, now:       ") && lines[2].contains(" {+\(now)+} "), "\(block)")
                // Apart from the marks, the two sentences are the same words.
                if lines.count > 3 {
                    let reference = lines[1].dropFirst(23).replacingOccurrences(of: "[-\(was)-]", with: was)
                    let actual = lines[2].dropFirst(23).replacingOccurrences(of: "{+\(now)+}", with: now)
                    #expect(reference.replacingOccurrences(of: was, with: now) == actual, "\(block)")
                }
                // Then the pixel summary.
                #expect(block.contains("images differ") || block.contains("images match within tolerance") || block.contains("image sizes differ"), "\(block)")
            }
        }
    }

    @Test func oneCentFailsUnderEveryTolerance() throws {
        // 100 / 4 = 25.00; 100.04 / 4 = 25.01.
        try priceChangeFailsEverywhere(locale: "en_AU", old: "100", new: "100.04", was: "$25.00", now: "$25.01")
    }

    @Test func oneDigitFailsUnderEveryTolerance() throws {
        // 1299.96 / 4 = 324.99; 1299.92 / 4 = 324.98.
        // Under the docs' recommended tolerance and the one that passes any pixels (each changed
        // run decodes and compares 14 images: the other tolerances are the one-cent test's).
        try priceChangeFailsEverywhere(
            locale: "en_GB", old: "1299.96", new: "1299.92", was: "£324.99", now: "£324.98",
            tolerances: [["--perceptual", "3", "--allowed-fraction", "0.005"], ["--tolerance", "255", "--allowed-fraction", "1"]])
    }

    @Test func aReferenceWithoutWordsIsComparedByPixelsWithANote() throws {
        let folder = try BatchTestSupport.temporaryFolder("verify-words-old")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try BatchTestSupport.write(#"{"name": "au", "scale": 2}"# + "\n" + #"{"name": "gb", "platform": "android", "locale": "en_GB"}"# + "\n", to: manifest)
        let references = folder.appendingPathComponent("refs").path
        #expect(try InProcessCLI.run("verify", manifest.path, "--reference", references, "--record", "--amount", "100").status == 0)
        // As the previous release recorded them: no words beside the images.
        for name in ["au", "gb"] { try FileManager.default.removeItem(atPath: "\(references)/\(name).words.json") }
        let same = try InProcessCLI.run("verify", manifest.path, "--reference", references, "--amount", "100")
        #expect(same.status == 0, "\(same.stdout)")
        for name in ["au", "gb"] {
            #expect(
                same.stdout.contains(
                    "ok \(name): images are identical; words not checked: no \(references)/\(name).words.json beside the reference"
                        + " (recorded before words were stored), so only pixels were compared; run verify again with --record to store them"),
                "\(same.stdout)")
        }
        // A change is still found by the pixels, with the note.
        let report = folder.appendingPathComponent("report").path
        let changed = try InProcessCLI.run("verify", manifest.path, "--reference", references, "--amount", "100.04", "--report", report)
        #expect(changed.status == 1)
        // The report shows the sentence the metadata file of an older --record kept, saying the words were not compared.
        let section = try #require(ReportHTML.section(try String(contentsOfFile: report + "/index.html", encoding: .utf8), "au"))
        #expect(section.contains("<dd class=\"reference-text\">or 4 interest-free payments of <del>$25.00</del> with</dd>"), "\(section)")
        #expect(
            section.contains(
                "no \(references)/au.words.json: the reference was recorded before verify stored its words, so they were not checked"
                    + " (record it again with --record to add them); the reference text is from its metadata file"), "\(section)")
        let blocks = Self.blocks(changed.stdout)
        for name in ["au", "gb"] {
            let block = try #require(blocks[name])
            // A narrower price can change the image size too.
            #expect(block.hasPrefix("FAIL \(name): images differ: ") || block.hasPrefix("FAIL \(name): image sizes differ: "), "\(block)")
            #expect(block.contains("words not checked: no \(references)/\(name).words.json"), "\(block)")
        }
        // Recording again adds the words, the images unchanged.
        let before = try Data(contentsOf: URL(fileURLWithPath: references + "/au.png"))
        let again = try InProcessCLI.run("verify", manifest.path, "--reference", references, "--record", "--amount", "100")
        #expect(again.stdout.contains("2 unchanged"), "\(again.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: references + "/au.png")) == before)
        let words = try JSONDecoder().decode(ReferenceWords.self, from: Data(contentsOf: URL(fileURLWithPath: references + "/au.words.json")))
        #expect(words.sentence == "or 4 interest-free payments of $25.00 with")
        #expect(words.view == "ios" && words.hidden == false && words.linkStyle == "circledInfoIcon" && words.linkText == "\u{24D8}")
        // A words file that is not one fails, saying so (never taken as a reference without words).
        try Data("{}".utf8).write(to: URL(fileURLWithPath: references + "/au.words.json"))
        let broken = try InProcessCLI.run("verify", manifest.path, "--reference", references, "--amount", "100")
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("FAIL au: \(references)/au.words.json is not a words file"), "\(broken.stdout)")
        #expect(!broken.stdout.contains("the pixels alone would pass"))
    }

    @Test func theReportShowsBothSentencesAboveTheImages() throws {
        let folder = try BatchTestSupport.temporaryFolder("verify-words-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try BatchTestSupport.write(#"{"name": "au", "scale": 3, "width": 150}"# + "\n", to: manifest)
        let references = folder.appendingPathComponent("refs").path, report = folder.appendingPathComponent("report").path
        #expect(try InProcessCLI.run("verify", manifest.path, "--reference", references, "--record", "--amount", "100").status == 0)
        // The loosest tolerance: the pixels pass, the words do not.
        let result = try InProcessCLI.run(
            "verify", manifest.path, "--reference", references, "--amount", "100.04", "--tolerance", "255", "--allowed-fraction", "1",
            "--report", report)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("(the pixels alone would pass: the tolerance absorbs this change, the words do not)"), "\(result.stdout)")
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        let section = try #require(ReportHTML.section(html, "au"), "\(html)")
        let reference = try #require(section.range(of: "<dd class=\"reference-text\">or 4 interest-free payments of <del>$25.00</del> with</dd>"), "\(section)")
        let actual = try #require(section.range(of: "<dd class=\"actual-text\">or 4 interest-free payments of <ins>$25.01</ins> with</dd>"), "\(section)")
        let images = try #require(section.range(of: "<div class=\"row\">"))
        #expect(reference.upperBound <= actual.lowerBound && actual.upperBound <= images.lowerBound)
        // The alt text changed too, and says so; the images are there to look at.
        #expect(section.contains("<dt>Reference altText</dt>"), "\(section)")
        #expect(section.contains("src=\"au.reference.png\"") && section.contains("src=\"au.actual.png\""))
    }
}
