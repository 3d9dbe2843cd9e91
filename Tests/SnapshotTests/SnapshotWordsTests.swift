import BreakdownDiff
import BreakdownPipeline
@testable import BreakdownSnapshotTesting
import Foundation
import Testing
@testable import SnapshotTestSupport

/// The snapshot library compares what a breakdown says, exactly, before any pixel tolerance
/// (through `ReferenceCheck`, as `breakdown verify` does): a one-cent change fails under every
/// strategy docs/snapshots.md shows, and under one that passes any pixels, for both views at
/// every scale, iOS wrapped and not; an unchanged breakdown passes; a reference without words is
/// compared by its pixels, with a note.
@Suite struct SnapshotWordsTests {
    static let strategies: [SnapshotStrategy] = [
        .image, .image(channelTolerance: 2), .perceptual(deltaE: 3, allowedDifferingFraction: 0.005),
        .perceptual(deltaE: 5, allowedDifferingFraction: 0.05), .image(channelTolerance: 255, allowedDifferingFraction: 1),
    ]

    /// (name, arguments without the amount): iOS at its scales, unwrapped and wrapped, Android at every density.
    static var cases: [(name: String, arguments: [String])] {
        RenderScale.ios.flatMap { scale in
            [
                ("ios-\(scale.text)", ["--scale", scale.text]),
                ("ios-wrapped-\(scale.text)", ["--scale", scale.text, "--width", "150"]),
            ]
        } + RenderScale.allCases.map { ("android-\($0.text)", ["--platform", "android", "--scale", $0.text]) }
    }

    @Test func oneCentFailsUnderEveryStrategyWithBothSentences() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        for (line, (name, arguments)) in Self.cases.enumerated() {
            let site = UInt(line + 1)
            // 100 / 4 = 25.00 recorded; 100.04 / 4 = 25.01 checked.
            #expect(sandbox.verify(arguments + ["--amount", "100"], named: name, record: .all, line: site) != nil)
            let words = try String(contentsOfFile: try sandbox.paths(name).words, encoding: .utf8)
            #expect(words.contains("$25.00") && words.contains("\"view\" : \"\(name.hasPrefix("android") ? "android" : "ios")\""))
            for strategy in Self.strategies {
                let same = breakdownSnapshotVerdict(
                    of: arguments + ["--amount", "100"], as: strategy, named: name, record: .never, environment: sandbox.environment,
                    filePath: sandbox.filePath, testName: "sandbox", line: site, column: 1)
                #expect(same == SnapshotVerdict(), "\(name) \(strategy)")
                let message = try #require(
                    verifyBreakdownSnapshot(
                        of: arguments + ["--amount", "100.04"], as: strategy, named: name, record: .never,
                        environment: sandbox.environment, filePath: sandbox.filePath, testName: "sandbox", line: site, column: 1),
                    "\(name) passed a one-cent change under \(strategy)")
                let lines = message.split(separator: "\n").map(String.init)
                #expect(lines.first == "Snapshot \"\(name)\" (sandbox of test SnapshotWordsTests/\(#function)) does not match its reference \(try sandbox.paths(name).reference)")
                #expect(lines.count > 4 && lines[1] == "the words differ from the reference's (compared exactly, before any pixel tolerance):", "\(message)")
                #expect(lines.count > 4 && lines[2].hasPrefix("  sentence, reference: ") && lines[2].contains(" [-$25.00-] "), "\(message)")
                #expect(lines.count > 4 && lines[3].hasPrefix("  sentence, now:       ") && lines[3].contains(" {+$25.01+} "), "\(message)")
                #expect(message.contains("images differ") || message.contains("images match within tolerance") || message.contains("image sizes differ"))
                #expect(message.contains("actual: \(try sandbox.paths(name).actualArtifact)"), "\(message)")
            }
        }
    }

    @Test func aReferenceWithoutWordsIsComparedByPixelsWithANote() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let arguments = ["--amount", "100", "--scale", "2"]
        #expect(sandbox.verify(arguments, named: "old", record: .all) != nil)
        let paths = try sandbox.paths("old")
        // As the previous release recorded it: no words beside the image.
        try FileManager.default.removeItem(atPath: paths.words)
        func verdict(_ arguments: [String], _ strategy: SnapshotStrategy = .image) -> SnapshotVerdict {
            breakdownSnapshotVerdict(
                of: arguments, as: strategy, named: "old", record: .never, environment: sandbox.environment, filePath: sandbox.filePath,
                testName: "sandbox", line: 1, column: 1)
        }
        let note =
            "Snapshot \"old\" (sandbox of test SnapshotWordsTests/\(#function)): words not checked: no \(paths.words) beside the reference (recorded before words were stored),"
            + " so only pixels were compared; run with BREAKDOWN_RECORD=all (or record: .all) and commit the NAME.words.json it writes to store them"
        #expect(verdict(arguments) == SnapshotVerdict(failure: nil, note: note))
        // The public answer is a pass.
        #expect(sandbox.verify(arguments, named: "old", record: .never) == nil)
        // A change is still found by the pixels, with the note.
        let changed = try #require(verdict(["--amount", "100.04", "--scale", "2"]).failure)
        #expect(changed.contains("\nimages differ: ") || changed.contains("\nimage sizes differ: "), "\(changed)")
        #expect(changed.contains("\nwords not checked: no \(paths.words)"), "\(changed)")
        #expect(!FileManager.default.fileExists(atPath: paths.words), "a comparison never writes the words")
        // A words file that is not one fails (never taken as a reference without words).
        try Data("not json".utf8).write(to: URL(fileURLWithPath: paths.words))
        let broken = try #require(verdict(arguments).failure)
        #expect(broken.contains("\(paths.words) is not a words file"), "\(broken)")
    }

    @Test func theMessageMarksEveryChangedWordNotOnlyTheSentence() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        #expect(sandbox.verify(["--amount", "100", "--link-style", "moreInfoText"], named: "link", record: .all) != nil)
        // The same price, another link: the sentence is the same and still shown, the link's words marked.
        let message = try #require(
            sandbox.verify(["--amount", "100", "--link-style", "learnMoreText"], named: "link", comparison: .perceptual(deltaE: 100, allowedDifferingFraction: 1), record: .never))
        #expect(message.contains("  sentence, reference: or 4 interest-free payments of $25.00 with\n  sentence, now:       or 4 interest-free payments of $25.00 with\n"), "\(message)")
        #expect(message.contains("  linkStyle, reference: [-moreInfoText-]\n  linkStyle, now:       {+learnMoreText+}"), "\(message)")
        // "More Info" → "Learn More": "More" is common to both.
        #expect(message.contains("  linkText, reference: More [-Info-]\n  linkText, now:       {+Learn+} More"), "\(message)")
    }

    @Test func wordChangesMarkWhatIsOnlyInOneText() {
        // By hand: "interest-free" and "$10.25" are new, "$10.00" is gone.
        let changes = WordChanges(from: "or 4 payments of $10.00 with", to: "or 4 interest-free payments of $10.25 with")
        #expect(changes.removed == [4] && changes.added == [2, 5])
        #expect(
            WordChanges.marked("or 4 payments of $10.00 with", changes.removed, WordChanges.removedMark) == "or 4 payments of [-$10.00-] with")
    }
}
