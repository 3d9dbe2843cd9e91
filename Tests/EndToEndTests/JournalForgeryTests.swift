import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// A forged journal line never reaches outside the output folder (issue 44, item 1). A journal's
/// CHECK has no key: anyone who can write the folder can write a line that passes it. So a line
/// naming `../victim.txt`, an absolute path, a path through a folder or a symbolic link, written
/// into the folder's own journal or dropped in as another shard's, must be ignored (and said),
/// while the cleanup it imitates (an image an earlier run drew, removed when its record fails
/// now) goes on for the lines that name plain files of the folder.
///
/// Every run is the real binary on real folders; the forged lines are written here from the
/// documented format (docs/batch.md, `NAME FINGERPRINT FILE:SIZE:MTIME_NS:INODE:UID … CHECK`,
/// CHECK the 64-bit FNV-1a of the rest of the line followed by one 0xFF byte, as 16 lowercase hex
/// digits), without the batch's own code.
@Suite struct JournalForgeryTests {
    typealias Support = BatchTestSupport

    /// The ways a forged line names a file outside the output folder.
    enum Shape: String, CaseIterable, CustomTestStringConvertible {
        case parent  // ../victim.txt
        case absolute  // /tmp/…/victim.txt
        case doubleSlash  // //tmp/…/victim.txt (NUL-free, `/`-leading)
        case throughSubfolder  // sub/../../victim.txt (sub a real folder in the output folder)
        case throughLink  // link/victim.txt (link → a folder outside)
        var testDescription: String { rawValue }
    }

    /// Whose journal the forged line is in.
    enum Journal: String, CaseIterable, CustomTestStringConvertible {
        /// The folder's own (`journal`, an unsharded run's): appended to it.
        case own
        /// Another shard's (`journal-1-of-2`), dropped into the batch's folder.
        case otherShard
        var file: String { self == .own ? "journal" : "journal-1-of-2" }
        var testDescription: String { rawValue }
    }

    /// The victim outside the output folder, and the name a forged line gives it (`shape`),
    /// with whatever that name needs in the output folder (a subfolder, a link).
    static func victim(_ shape: Shape, folder: URL, output: URL) throws -> (url: URL, name: String) {
        let fileManager = FileManager.default
        switch shape {
        case .parent, .absolute, .doubleSlash, .throughSubfolder:
            let victim = folder.appendingPathComponent("victim.txt")
            try Data("the user's own file, not the batch's\n".utf8).write(to: victim)
            switch shape {
            case .parent: return (victim, "../victim.txt")
            case .absolute: return (victim, victim.path)
            case .doubleSlash: return (victim, "/" + victim.path)
            default:
                try fileManager.createDirectory(at: output.appendingPathComponent("sub"), withIntermediateDirectories: true)
                return (victim, "sub/../../victim.txt")
            }
        case .throughLink:
            let outside = folder.appendingPathComponent("outside")
            try fileManager.createDirectory(at: outside, withIntermediateDirectories: true)
            let victim = outside.appendingPathComponent("victim.txt")
            try Data("the user's own file, behind a link\n".utf8).write(to: victim)
            try fileManager.createSymbolicLink(at: output.appendingPathComponent("link"), withDestinationURL: outside)
            return (victim, "link/victim.txt")
        }
    }

    /// One forgery: a first run draws `keep` and `stale`; then a forged, correctly checked line
    /// for the record `forged` naming the victim goes into `journal`; the next run has `stale`
    /// and `forged` fail (an ambiguous price) or be hidden. The victim stays, byte for byte; the
    /// run names the ignored line (journal file and name) in one warning; `stale.png`, which an
    /// earlier run drew, is still removed; the exit status is a failed record's (or, for hidden
    /// records, success) as without the forged line.
    func forge(_ shape: Shape, into journal: Journal, hidden: Bool = false) throws {
        let folder = try Support.temporaryFolder("journal-forgery-\(shape.rawValue)-\(journal.rawValue)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.csv")
        let output = folder.appendingPathComponent("out")
        let base = ["batch", manifest.path, "-o", output.path, "--map", "amount=Price", "--name", "{SKU}", "--jobs", "1"]
        try Support.write("SKU,Price,no-configuration\nkeep,10.00,\nstale,12.00,\n", to: manifest)
        let first = try BatchProcess.run(base, folder: folder)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(try Support.files(output, ext: "png") == ["keep.png", "stale.png"])

        let (victim, name) = try Self.victim(shape, folder: folder, output: output)
        let before = try Data(contentsOf: victim)
        let line = try JournalLine.forgedLine(name: "forged", file: name, describing: victim.path)
        let journalURL = output.appendingPathComponent(".breakdown-batch/" + journal.file)
        switch journal {
        case .own: try JournalLine.append(line, to: journalURL)
        case .otherShard: try Support.write("breakdown batch journal 2\n" + line, to: journalURL)
        }

        let failing = hidden ? "10.00,true" : "\"1,299\","
        try Support.write("SKU,Price,no-configuration\nkeep,10.00,\nstale,\(failing)\nforged,\(failing)\n", to: manifest)
        let second = try BatchProcess.run(base, folder: folder)
        let said = "\(shape) in \(journal.file): status \(second.status)\n\(second.stdout)\(second.stderr)"

        // Nothing outside the folder touched.
        #expect(FileManager.default.fileExists(atPath: victim.path), "the victim was removed: \(said)")
        #expect((try? Data(contentsOf: victim)) == before, "\(said)")
        // The same exit and counts as without the forged line; the cleanup still works.
        #expect(second.status == (hidden ? 0 : 1), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("stale.png").path), "\(said)")
        #expect(try Support.files(output, ext: "png") == ["keep.png"], "\(said)")
        #expect(
            second.stdout.contains("; removed 1 file an earlier run drew for records that failed or are hidden now (stale.png)"),
            "\(said)")
        // One warning line names the journal file and the bad name.
        let warnings = second.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") && $0.contains("ignored 1 batch journal line") }
        #expect(warnings.count == 1, "\(said)")
        #expect(warnings.first?.contains("\(output.path)/.breakdown-batch/\(journal.file): '\(name)'") == true, "\(said)")
        #expect(!second.stderr.contains("Fatal error") && second.status < 128, "\(said)")
    }

    @Test(.timeLimit(.minutes(3)), arguments: Shape.allCases, Journal.allCases)
    func aForgedLineOfAFailedRecordRemovesNothingOutsideTheFolder(shape: Shape, journal: Journal) throws {
        try forge(shape, into: journal)
    }

    @Test(.timeLimit(.minutes(3)), arguments: [Shape.parent, .absolute], Journal.allCases)
    func aForgedLineOfAHiddenRecordRemovesNothingOutsideTheFolder(shape: Shape, journal: Journal) throws {
        try forge(shape, into: journal, hidden: true)
    }

    /// Names that come from the manifest never leave the folder either: a `{SKU}` of `../x` is
    /// made a plain name (`x`) by the template, and a record's own `name` of `../y` is refused.
    @Test(.timeLimit(.minutes(2))) func namesFromTheManifestStayInTheFolder() throws {
        let folder = try Support.temporaryFolder("journal-forgery-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let csv = folder.appendingPathComponent("m.csv")
        try Support.write("SKU,Price\n../x,10.00\n/tmp/abs,11.00\n", to: csv)
        let templated = try BatchProcess.run(
            ["batch", csv.path, "-o", output.path, "--map", "amount=Price", "--name", "{SKU}", "--jobs", "1"], folder: folder)
        #expect(templated.status == 0, "\(templated.stdout)\(templated.stderr)")
        #expect(try Support.files(output, ext: "png") == ["tmp-abs.png", "x.png"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))

        let ndjson = folder.appendingPathComponent("m.ndjson")
        try Support.write("{\"name\": \"../y\", \"amount\": \"10.00\"}\n{\"name\": \"/tmp/z\", \"amount\": \"10.00\"}\n", to: ndjson)
        let named = try BatchProcess.run(["batch", ndjson.path, "-o", output.path, "--jobs", "1"], folder: folder)
        #expect(named.status == 1, "\(named.stdout)\(named.stderr)")
        #expect(named.stderr.contains("name: '../y' is not valid"), "\(named.stderr)")
        #expect(named.stderr.contains("name: '/tmp/z' is not valid"), "\(named.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("y.png").path))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/z.png"))
    }
}
