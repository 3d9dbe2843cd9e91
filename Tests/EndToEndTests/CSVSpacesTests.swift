import Foundation
import Testing
import BreakdownTestSupport

/// CSV cells and their spaces, seen in the images a batch draws: an unquoted cell is trimmed
/// (`  lockup  ` is the logo lockup), a quoted one is kept exactly (`" More "` keeps its spaces).
@Suite struct CSVSpacesTests {
    typealias Support = BatchTestSupport

    /// Runs a batch of `manifest` (written as `file`) and returns the bytes of `p.png`.
    static func image(_ manifest: String, file: String, in folder: URL) throws -> Data {
        let url = folder.appendingPathComponent(file)
        try Support.write(manifest, to: url)
        let output = folder.appendingPathComponent("out-" + file)
        let result = try BinaryRunner.run("batch", url.path, "-o", output.path)
        #expect(result.status == 0, "\(file): \(result.stdout) \(result.stderr)")
        return try Data(contentsOf: output.appendingPathComponent("p.png"))
    }

    @Test func quotedCellsKeepTheirSpacesUnquotedCellsAreTrimmed() throws {
        let folder = try Support.temporaryFolder("csv-spaces")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The same record three ways; only the link text's spaces differ.
        let spaced = try Self.image(#"{"name": "p", "amount": "100", "logo": "lockup", "link-text": "  More  "}"#, file: "spaced.ndjson", in: folder)
        let trimmed = try Self.image(#"{"name": "p", "amount": "100", "logo": "lockup", "link-text": "More"}"#, file: "trimmed.ndjson", in: folder)
        // Spaces around the link text widen the picture: the two are different images.
        #expect(spaced != trimmed)

        // Unquoted cells padded with spaces and tabs: trimmed, so the same as the plain values.
        let unquoted = try Self.image("name,amount,logo,link-text\n  p  ,\t100 , lockup\t,  More  \n", file: "unquoted.csv", in: folder)
        #expect(unquoted == trimmed)
        // A quoted cell keeps its spaces; spaces outside its quotes are not part of it.
        let kept = try Self.image("name,amount,logo,link-text\n\"p\", \"100\" ,lockup,  \"  More  \"  \n", file: "quoted.csv", in: folder)
        #expect(kept == spaced)
    }
}
