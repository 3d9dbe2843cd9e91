import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 46 item 2 through `batch`: exports as two shop systems write them. A German Excel
/// "CSV (Trennzeichen-getrennt)" (`;`, decimal-comma prices, Windows-1252 text) and a Google
/// Merchant feed (TAB, `price` as `149.96 AUD`, Google's attribute names). The delimiter is told
/// from the header and said in the summary; a wrong one is named in the one-line refusal; a cell
/// that is not UTF-8 fails its record only in a column the run reads. Instalments are worked out
/// here from the prices as written (amount / 4, exact to the cent for these prices).
@Suite struct BatchDelimiterTests {
    typealias Support = BatchTestSupport

    /// A batch in the test process (`InProcessCLI`); `folder` held the binary's output files.
    static func run(_ arguments: [String], in folder: URL) throws -> BinaryRunner.Result {
        try InProcessCLI.run(arguments)
    }

    /// `1.299,00` → 1299.00: the German writing read here by hand, independently of PriceText.
    static func germanPrice(_ text: String) -> Decimal {
        Decimal(string: text.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: "."))!
    }

    static func instalment(_ amount: Decimal) -> String {
        var quarter = amount / 4
        var rounded = Decimal()
        NSDecimalRound(&rounded, &quarter, 2, .bankers)
        return String(format: "%.2f", NSDecimalNumber(decimal: rounded).doubleValue)
    }

    /// Excel's German export: `;` between cells, CRLF, a decimal comma, Windows-1252 umlauts
    /// (0xE4 is `ä`, 0xF6 `ö`, 0xFC `ü`: not UTF-8).
    static func germanExcel() -> Data {
        var bytes: [UInt8] = Array("Artikelnummer;Bezeichnung;Preis;Lagerbestand\r\n".utf8)
        let rows: [(String, [UInt8], String)] = [
            ("A-1001", Array("Kaffeem".utf8) + [0xFC] + Array("hle".utf8), "1.299,00"),
            ("A-1002", Array("Gl".utf8) + [0xE4] + Array("ser, 6 St".utf8) + [0xFC] + Array("ck".utf8), "59,96"),
            ("A-1003", Array("Teekanne".utf8), "\"1.000,00\""),
        ]
        for (sku, title, price) in rows {
            bytes += Array("\(sku);".utf8) + title + Array(";\(price);12\r\n".utf8)
        }
        return Data(bytes)
    }

    @Test func aGermanExcelExportIsReadWithItsSemicolonsAndDecimalCommas() throws {
        let folder = try Support.temporaryFolder("german-excel")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("Artikel.csv")
        try Self.germanExcel().write(to: csv)
        let output = folder.appendingPathComponent("out")
        let result = try Self.run(
            ["batch", csv.path, "-o", output.path, "--map", "amount=Preis,name=Artikelnummer", "--extra-columns", "ignore",
             "--number-locale", "de_DE", "--locale", "en_GB", "--html"], in: folder)
        // The titles are Windows-1252, in a column the run ignores: no record fails for them.
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered 3, skipped 0, hidden 0, failed 0"), "\(result.stdout)")
        #expect(result.stdout.contains("CSV read as ';'-separated (told from the header)"), "\(result.stdout)")
        for (sku, price) in [("A-1001", "1.299,00"), ("A-1002", "59,96"), ("A-1003", "1.000,00")] {
            let html = try String(contentsOf: output.appendingPathComponent("\(sku).html"), encoding: .utf8)
            #expect(html.contains("£" + Self.instalment(Self.germanPrice(price))), "\(sku): \(html)")
        }

        // The same file read as commas: one line naming the delimiter assumed and the header's first fields.
        let asCommas = try Self.run(
            ["batch", csv.path, "-o", folder.appendingPathComponent("commas").path, "--map", "amount=Preis", "--delimiter", "comma",
             "--number-locale", "de_DE"], in: folder)
        #expect(asCommas.status == 2)
        #expect(asCommas.stderr.split(separator: "\n").count == 1, "\(asCommas.stderr)")
        #expect(asCommas.stderr.contains("read as ','-separated (--delimiter)"), "\(asCommas.stderr)")
        #expect(asCommas.stderr.contains("'Artikelnummer;Bezeichnung;Preis;Lagerbestand'"), "\(asCommas.stderr)")

        // A column the run reads (the name template's) with a cell that is not UTF-8: that record
        // fails, naming the column and the row; the others are drawn.
        let named = try Self.run(
            ["batch", csv.path, "-o", folder.appendingPathComponent("named").path, "--map", "amount=Preis", "--extra-columns", "ignore",
             "--number-locale", "de_DE", "--locale", "en_GB", "--name", "{Artikelnummer}-{Bezeichnung}"], in: folder)
        #expect(named.status == 1)
        #expect(named.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 2"), "\(named.stdout)")
        #expect(named.stderr.contains("column 'Bezeichnung' of row 1 (line 2) is not valid UTF-8"), "\(named.stderr)")
        #expect(named.stderr.contains("column 'Bezeichnung' of row 2 (line 3) is not valid UTF-8"), "\(named.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("named/A-1003-Teekanne.png").path))
    }

    /// Google Merchant Center's tab-separated feed, with the attribute names of its product data
    /// specification and the price as `NUMBER CURRENCY`.
    @Test func aGoogleMerchantFeedIsReadWithItsTabs() throws {
        let folder = try Support.temporaryFolder("merchant-feed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = folder.appendingPathComponent("feed.tsv")
        let header = ["id", "title", "description", "link", "image_link", "availability", "price", "brand", "condition"]
        let rows = [
            ["SERUM-30", "Crème serum, 30 ml", "A light serum; for day and night", "https://shop.example/serum", "https://shop.example/serum.jpg", "in_stock", "149.96 AUD", "Example", "new"],
            ["MASK-1", "Clay mask", "Deep clean", "https://shop.example/mask", "https://shop.example/mask.jpg", "out_of_stock", "39.96 AUD", "Example", "new"],
        ]
        try Support.write(([header] + rows).map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n", to: feed)
        let output = folder.appendingPathComponent("out")
        let result = try Self.run(
            ["batch", feed.path, "-o", output.path, "--map", "amount=price,name=id", "--extra-columns", "ignore", "--locale", "en_AU", "--html"],
            in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 0"), "\(result.stdout)")
        #expect(result.stdout.contains("CSV read as TAB-separated (told from the header)"), "\(result.stdout)")
        for row in rows {
            let amount = Decimal(string: String(row[6].split(separator: " ")[0]))!
            let html = try String(contentsOf: output.appendingPathComponent("\(row[0]).html"), encoding: .utf8)
            #expect(html.contains("$" + Self.instalment(amount)), "\(row[0]): \(html)")
        }

        // Given as --delimiter tab, the same; given as semicolon, the header is one column.
        let given = try Self.run(
            ["batch", feed.path, "-o", folder.appendingPathComponent("given").path, "--map", "amount=price,name=id", "--extra-columns", "ignore",
             "--locale", "en_AU", "--delimiter", "tab"], in: folder)
        #expect(given.status == 0, "\(given.stderr)")
        #expect(given.stdout.contains("CSV read as TAB-separated (--delimiter)"), "\(given.stdout)")
        let wrong = try Self.run(
            ["batch", feed.path, "-o", folder.appendingPathComponent("wrong").path, "--map", "amount=price", "--delimiter", "semicolon"], in: folder)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("read as ';'-separated (--delimiter)"), "\(wrong.stderr)")
        #expect(wrong.stderr.contains("its first fields: 'id\ttitle"), "\(wrong.stderr)")
    }

    /// A header split as often by two candidates cannot tell its delimiter: one line naming
    /// what was seen, exit 2, nothing drawn.
    @Test func aHeaderThatCannotTellItsDelimiterIsNamed() throws {
        let folder = try Support.temporaryFolder("delimiter-tie")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("tie.csv")
        try Support.write("SKU;Price,EUR\nA;10\n", to: csv)
        let output = folder.appendingPathComponent("out")
        let result = try Self.run(["batch", csv.path, "-o", output.path], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot tell the CSV delimiter from the header on line 1 (',' once, ';' once)"), "\(result.stderr)")
        #expect(result.stderr.contains("--delimiter comma, semicolon or tab"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // A JSON manifest has no delimiter to give.
        let json = folder.appendingPathComponent("m.json")
        try Support.write("[{\"amount\": \"10\"}]", to: json)
        let refused = try Self.run(["batch", json.path, "-o", output.path, "--delimiter", "tab"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--delimiter is for a CSV manifest"), "\(refused.stderr)")
    }
}
