import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// `verify --report DIR` holds this run's report only: the images of records that failed in an
/// earlier report there and pass now are removed (a passing page beside old diffs misled CI
/// artifacts); and a folder whose index.html is someone else's page is refused, not overwritten.
@Suite struct VerifyReportFolderTests {
    typealias Support = BatchTestSupport

    @Test func aPassingReportLeavesNoImageOfTheFailingOneBefore() throws {
        let folder = try Support.temporaryFolder("verify-report-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(#"{"name": "au", "locale": "en_AU"}"# + "\n" + #"{"name": "gb", "locale": "en_GB"}"# + "\n", to: manifest)
        let references = folder.appendingPathComponent("refs").path, report = folder.appendingPathComponent("report")
        #expect(try InProcessCLI.run("verify", manifest.path, "--reference", references, "--record", "--amount", "100").status == 0)
        let failing = try InProcessCLI.run("verify", manifest.path, "--reference", references, "--amount", "100.04", "--report", report.path)
        #expect(failing.status == 1, "\(failing.stdout)")
        let images = ["au.actual.png", "au.diff.png", "au.reference.png", "gb.actual.png", "gb.diff.png", "gb.reference.png"]
        #expect(try FileManager.default.contentsOfDirectory(atPath: report.path).sorted() == images + ["index.html"])
        // A file of the user's in the folder is not the report's: it stays.
        try Data("notes".utf8).write(to: report.appendingPathComponent("notes.txt"))
        let passing = try InProcessCLI.run("verify", manifest.path, "--reference", references, "--amount", "100", "--report", report.path)
        #expect(passing.status == 0, "\(passing.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: report.path).sorted() == ["index.html", "notes.txt"])
        let page = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<title>breakdown verify: all 2 records pass</title>"))
        // Failing again for one record: its three images, the other's none.
        let manifestOne = folder.appendingPathComponent("one.ndjson")
        try Support.write(#"{"name": "au", "locale": "en_AU", "amount": "100.04"}"# + "\n" + #"{"name": "gb", "locale": "en_GB"}"# + "\n", to: manifestOne)
        let one = try InProcessCLI.run("verify", manifestOne.path, "--reference", references, "--amount", "100", "--report", report.path)
        #expect(one.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: report.path).sorted() == ["au.actual.png", "au.diff.png", "au.reference.png", "index.html", "notes.txt"])
        // The same record failing again: the earlier page showed its images, and this one does too.
        let again = try InProcessCLI.run("verify", manifestOne.path, "--reference", references, "--amount", "100", "--report", report.path)
        #expect(again.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: report.path).sorted() == ["au.actual.png", "au.diff.png", "au.reference.png", "index.html", "notes.txt"])
    }

    @Test(.timeLimit(.minutes(2))) func someoneElsesPageIsNotReplaced() throws {
        let folder = try Support.temporaryFolder("verify-report-page")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(#"{"name": "au", "locale": "en_AU"}"# + "\n", to: manifest)
        let references = folder.appendingPathComponent("refs").path, site = folder.appendingPathComponent("site")
        #expect(try InProcessCLI.run("verify", manifest.path, "--reference", references, "--record", "--amount", "100").status == 0)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data("<h1>my site</h1>\n".utf8).write(to: site.appendingPathComponent("index.html"))
        let refused = try InProcessCLI.run("verify", manifest.path, "--reference", references, "--amount", "100", "--report", site.path)
        #expect(refused.status == 2)
        #expect(
            refused.stderr == "error: --report \(site.path) holds an index.html that is not a report of breakdown verify, which the report would replace: give a new or empty folder, or an earlier report's\n",
            "\(refused.stderr)")
        #expect(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8) == "<h1>my site</h1>\n")
        // A FIFO named index.html is not waited on (it has no writer): refused the same way.
        let pipe = folder.appendingPathComponent("pipe")
        try FileManager.default.createDirectory(at: pipe, withIntermediateDirectories: true)
        #expect(mkfifo(pipe.appendingPathComponent("index.html").path, 0o600) == 0)
        let fifo = try InProcessCLI.run("verify", manifest.path, "--reference", references, "--amount", "100", "--report", pipe.path)
        #expect(fifo.status == 2 && fifo.stderr.contains("holds an index.html that is not a report of breakdown verify"), "\(fifo.stderr)")
    }
}
