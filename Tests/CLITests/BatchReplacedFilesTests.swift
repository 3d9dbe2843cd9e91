import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// A record's image that replaces a file the batch never wrote (the user's own, another tool's)
/// is said, in the summary, the record's report entry and the counts; a file an earlier run of
/// the batch wrote, drawn again, is not.
@Suite struct BatchReplacedFilesTests {
    typealias Support = BatchTestSupport

    @Test func aFileThatWasThereFirstIsNamedWhenReplaced() throws {
        let folder = try Support.temporaryFolder("replaced-files")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson"), output = folder.appendingPathComponent("out")
        let report = folder.appendingPathComponent("r.json")
        try Support.write(#"{"amount": "10", "name": "a"}"# + "\n" + #"{"amount": "20", "name": "b"}"# + "\n", to: manifest)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("my own photo".utf8).write(to: output.appendingPathComponent("a.png"))
        try Data("keep me".utf8).write(to: output.appendingPathComponent("notes.txt"))

        let first = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--report", report.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout.contains("; replaced 1 file already in the output folder that no run of this batch wrote, with records' images of the same name (a.png)"),
            "\(first.stdout)")
        let json = try Support.report(report)
        #expect(try Support.counts(json)["replacedUnknownFiles"] == 1)
        let entries = try #require(json["records"] as? [[String: Any]])
        #expect(entries.map { $0["replacedUnknown"] as? [String] } == [["a.png"], nil], "\(entries)")
        // Only the record's name was replaced: a file of no record's name is left.
        #expect(try Data(contentsOf: output.appendingPathComponent("notes.txt")) == Data("keep me".utf8))

        // Drawn again by the batch (a new price): its own file, nothing to say.
        try Support.write(#"{"amount": "30", "name": "a"}"# + "\n" + #"{"amount": "20", "name": "b"}"# + "\n", to: manifest)
        let second = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--report", report.path)
        #expect(second.status == 0 && second.stdout.hasPrefix("rendered 1, skipped 1"), "\(second.stdout)")
        #expect(!second.stdout.contains("already in the output folder"), "\(second.stdout)")
        #expect(try Support.counts(Support.report(report))["replacedUnknownFiles"] == 0)

        // Someone replaces b.png after the batch wrote it: the next drawing of b says so.
        try Data("edited by hand".utf8).write(to: output.appendingPathComponent("b.png"))
        try Support.write(#"{"amount": "30", "name": "a"}"# + "\n" + #"{"amount": "40", "name": "b"}"# + "\n", to: manifest)
        let third = try InProcessCLI.run("batch", manifest.path, "-o", output.path)
        // The folder has had runs of the batch, so an unrecorded file may be one a stopped run
        // renamed into place: said as the journal's silence, with both readings.
        #expect(
            third.stdout.contains(
                "replaced 1 file already in the output folder that the batch's journal does not record (an earlier run stopped before recording them, or someone else put them there), with records' images of the same name (b.png)"),
            "\(third.stdout)")
    }

    /// A shop's export run again after a price changed: the repriced record's image is drawn
    /// again, and the summary names it (not only counts it), as its report entry does
    /// (`replacedChanged`, with the options of the run that drew the old one); the unchanged
    /// record is skipped and a new one is simply rendered, neither said to replace anything.
    @Test func aRepricedRecordIsNamedWhenItsImageIsReplaced() throws {
        let folder = try Support.temporaryFolder("repriced")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("a.csv"), output = folder.appendingPathComponent("img")
        let report = folder.appendingPathComponent("r.json")
        let arguments = ["batch", manifest.path, "-o", output.path, "--map", "amount=Variant Price", "--name", "{Handle}", "--extra-columns", "ignore"]
        try Support.write("Handle,Variant SKU,Variant Price\r\ntee,TEE-S,$29.99\r\nmug,MUG,12.00\r\n", to: manifest)
        let first = try InProcessCLI.run(arguments)
        #expect(first.status == 0 && first.stdout.hasPrefix("rendered 2,"), "\(first.stdout) \(first.stderr)")
        let oldTee = try Data(contentsOf: output.appendingPathComponent("tee.png"))

        try Support.write("Handle,Variant SKU,Variant Price\r\ntee,TEE-S,$34.99\r\nmug,MUG,12.00\r\nnew,NEW1,\"$1,999.99\"\r\n", to: manifest)
        let second = try InProcessCLI.run(arguments + ["--report", report.path])
        #expect(second.status == 0 && second.stdout.hasPrefix("rendered 2, skipped 1,"), "\(second.stdout) \(second.stderr)")
        #expect(
            second.stdout.contains("; replaced 1 image an earlier run drew with other options or another renderer (tee); --on-change keep|replace|fail"),
            "\(second.stdout)")
        #expect(try Data(contentsOf: output.appendingPathComponent("tee.png")) != oldTee)
        let json = try Support.report(report)
        #expect(try Support.counts(json)["replacedChanged"] == 1)
        let entries = try #require(json["records"] as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["tee", "mug", "new"])
        #expect(entries.map { $0["replacedChanged"] as? Bool } == [true, nil, nil], "\(entries)")
        // The options of the run that drew the old image (kept in the batch's own folder): none.
        #expect(entries[0]["drawnWith"] as? [String: String] == [:], "\(entries[0])")

        // Other limits on the command line: every image is drawn again, each named, and the
        // change said; then a new price under those limits names them as what drew the old one.
        let limited = arguments + ["--max", "5000"]
        let third = try InProcessCLI.run(limited)
        #expect(third.stdout.contains("; replaced 3 images an earlier run drew with other options or another renderer (tee, mug, new; on the command line: max (not given) → 5000)"), "\(third.stdout)")
        try Support.write("Handle,Variant SKU,Variant Price\r\ntee,TEE-S,$39.99\r\nmug,MUG,12.00\r\nnew,NEW1,\"$1,999.99\"\r\n", to: manifest)
        let fourth = try InProcessCLI.run(limited + ["--report", report.path])
        #expect(fourth.stdout.contains("renderer (tee); --on-change"), "\(fourth.stdout)")
        let fourthEntries = try #require(try Support.report(report)["records"] as? [[String: Any]])
        #expect(fourthEntries[0]["drawnWith"] as? [String: String] == ["max": "5000"], "\(fourthEntries[0])")
    }

    /// A symbolic link at a record's name is replaced by the image (the link, not what it points
    /// to) and said like any file the batch never wrote: in the summary, the entry and the counts.
    @Test func aSymbolicLinkThatWasThereFirstIsNamedWhenReplaced() throws {
        let folder = try Support.temporaryFolder("replaced-link")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson"), output = folder.appendingPathComponent("out")
        let report = folder.appendingPathComponent("r.json"), victim = folder.appendingPathComponent("victim.txt")
        try Support.write(#"{"amount": "5", "name": "a"}"# + "\n" + #"{"amount": "6", "name": "b"}"# + "\n", to: manifest)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(atPath: output.appendingPathComponent("a.png").path, withDestinationPath: "../victim.txt")
        try FileManager.default.createSymbolicLink(atPath: output.appendingPathComponent("b.png").path, withDestinationPath: "../nowhere.png")

        let run = try InProcessCLI.run("batch", manifest.path, "-o", output.path, "--report", report.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("; replaced 2 files already in the output folder that no run of this batch wrote, with records' images of the same name (a.png, b.png)"),
            "\(run.stdout)")
        let json = try Support.report(report)
        #expect(try Support.counts(json)["replacedUnknownFiles"] == 2)
        let entries = try #require(json["records"] as? [[String: Any]])
        #expect(entries.map { $0["replacedUnknown"] as? [String] } == [["a.png"], ["b.png"]], "\(entries)")
        #expect(try Data(contentsOf: victim) == Data("keep".utf8), "the link's target is untouched")
        for name in ["a.png", "b.png"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(name).path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(name) is the image, not a link")
        }
    }
}
