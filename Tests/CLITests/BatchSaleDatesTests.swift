import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 46 item 1 through `batch`: sale prices with their dates, in each shop's own export
/// layout (WooCommerce's CSV, Magento 2's CSV, a Google Merchant TSV feed, BigCommerce's CSV),
/// written here from the shops' published column names. A sale price is drawn only while its
/// dates hold `--as-of` (always given, so no test depends on the clock); an unread date column
/// beside a sale price is refused; a zero sale price is no sale. The expected instalment is the
/// price chosen by hand (sale or regular) divided by four: every price here divides exactly.
@Suite struct BatchSaleDatesTests {
    typealias Support = BatchTestSupport

    /// A batch in the test process (`InProcessCLI`); `folder` held the binary's output files.
    static func run(_ arguments: [String], in folder: URL) throws -> BinaryRunner.Result {
        try InProcessCLI.run(arguments)
    }

    /// `$25.00` for 100: a quarter of the price, to the cent.
    static func instalment(_ price: Decimal, symbol: String = "$") -> String {
        symbol + String(format: "%.2f", NSDecimalNumber(decimal: price / 4).doubleValue)
    }

    /// The HTML snippet's text (its alt text says the instalment drawn).
    static func snippet(_ folder: URL, _ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name + ".html"), encoding: .utf8)
    }

    /// WooCommerce's Products → Export columns (a subset, in its order): sale dates as Y-m-d in
    /// the shop's zone, the sale price empty when not on sale.
    static let wooCommerce = """
        ID,Type,SKU,Name,Published,"Is featured?",Date sale price starts,Date sale price ends,Sale price,Regular price,Categories
        11,simple,W1,Mug,1,0,2026-06-01,2026-06-30,60,100,Home
        12,simple,W2,Lamp,1,0,2099-01-01,,60,100,Home
        13,simple,W3,Chair,1,0,2020-01-01,2020-01-31,60,100,Home
        14,simple,W4,Rug,1,0,,,60,100,Home
        15,simple,W5,Vase,1,0,2026-06-01,2026-06-15,80,120,Home
        16,simple,W6,Bowl,1,0,2026-06-16,2026-06-20,80,120,Home
        17,simple,W7,Tray,1,0,,2026-06-16,80,120,Home

        """

    /// 2026-06-15 15:00 UTC is 2026-06-16 01:00 in Sydney (AEST, UTC+10 in June): W5's sale
    /// (through the 15th, Sydney) has ended and W6's (from the 16th) has started, where UTC
    /// dates would say the opposite for both; W7's runs through the whole of the 16th.
    static let asOf = "2026-06-15T15:00:00Z"
    static let wooExpected: [(sku: String, price: Decimal)] = [
        ("W1", 60), ("W2", 100), ("W3", 100), ("W4", 60), ("W5", 120), ("W6", 80), ("W7", 80),
    ]

    @Test(arguments: ["ios", "android"])
    func wooCommerceSalesAreDrawnOnlyWhileTheyRun(platform: String) throws {
        let folder = try Support.temporaryFolder("sale-woo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("wc-product-export.csv")
        try Support.write(Self.wooCommerce, to: csv)
        let output = folder.appendingPathComponent("out")
        let map = "amount=Sale price|Regular price,name=SKU,sale-start=Date sale price starts,sale-end=Date sale price ends"
        let result = try Self.run(
            ["batch", csv.path, "-o", output.path, "--map", map, "--extra-columns", "ignore", "--html", "--platform", platform,
             "--as-of", Self.asOf, "--time-zone", "Australia/Sydney"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered 7, skipped 0, hidden 0, failed 0"), "\(result.stdout)")
        #expect(result.stdout.contains("sales as of 2026-06-15T15:00:00Z (--as-of)"), "\(result.stdout)")
        for (sku, price) in Self.wooExpected {
            let html = try Self.snippet(output, sku)
            #expect(html.contains(Self.instalment(price)), "\(platform) \(sku): \(html)")
            // Nothing drawn with an inactive sale: the other price's instalment is absent.
            let other: Decimal = price == 60 ? 100 : price == 100 ? 60 : price == 80 ? 120 : 80
            #expect(!html.contains(Self.instalment(other)), "\(platform) \(sku): \(html)")
        }
    }

    @Test func wooCommerceDatesWithoutAZoneFailTheirRecordsUnlessTheZoneIsGiven() throws {
        let folder = try Support.temporaryFolder("sale-woo-zone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("wc.csv")
        try Support.write(Self.wooCommerce, to: csv)
        let output = folder.appendingPathComponent("out")
        let map = "amount=Sale price|Regular price,name=SKU,sale-start=Date sale price starts,sale-end=Date sale price ends"
        let result = try Self.run(
            ["batch", csv.path, "-o", output.path, "--map", map, "--extra-columns", "ignore", "--as-of", Self.asOf], in: folder)
        // Only W4 (a sale without dates) is drawn; the six dated records fail, each in one line.
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 6"), "\(result.stdout)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("has no time zone; give --time-zone") }
        #expect(lines.count == 6, "\(result.stderr)")
        #expect(try Support.files(output, ext: "png") == ["W4.png"])
    }

    @Test func unreadSaleDatesAreRefusedInOneLineNamingThem() throws {
        let folder = try Support.temporaryFolder("sale-unmapped")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("wc.csv")
        try Support.write(Self.wooCommerce, to: csv)
        let output = folder.appendingPathComponent("out")
        // The docs' earlier mapping, without the dates: refused, nothing drawn.
        let result = try Self.run(
            ["batch", csv.path, "-o", output.path, "--map", "amount=Sale price|Regular price,name=SKU", "--extra-columns", "ignore"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("'Date sale price starts', 'Date sale price ends'"), "\(result.stderr)")
        #expect(result.stderr.contains("--map 'sale-start=Date sale price starts,sale-end=Date sale price ends'"), "\(result.stderr)")
        #expect((try? Support.files(output, ext: "png")) ?? [] == [])

        // Magento 1's attribute codes, the same way.
        let magento = folder.appendingPathComponent("magento1.csv")
        try Support.write("sku,price,special_price,special_from_date,special_to_date\nM1,100,60,2026-06-01,2026-06-30\n", to: magento)
        let refused = try Self.run(
            ["batch", magento.path, "-o", output.path, "--map", "amount=special_price|price,name=sku", "--extra-columns", "ignore"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("'special_from_date', 'special_to_date'"), "\(refused.stderr)")

        // Dates mapped without a sale column to govern: refused before anything is read.
        let alone = try Self.run(
            ["batch", magento.path, "-o", output.path, "--map", "amount=price,sale-start=special_from_date", "--extra-columns", "ignore"], in: folder)
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("map the sale and the regular price"), "\(alone.stderr)")
    }

    /// Magento 2's product export: `special_price` with `special_price_from_date` and
    /// `special_price_to_date`. A date in the admin's short form (`6/1/26`: June 1st or January
    /// 6th) fails its record, naming the forms accepted.
    @Test func magentoSpecialPricesFollowTheirDates() throws {
        let folder = try Support.temporaryFolder("sale-magento")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("catalog_product.csv")
        try Support.write(
            """
            sku,store_view_code,attribute_set_code,product_type,name,price,special_price,special_price_from_date,special_price_to_date
            MG-1,,Default,simple,Tote,100.000000,60.000000,2026-06-01 00:00:00,2026-07-01 00:00:00
            MG-2,,Default,simple,Scarf,120.000000,80.000000,2026-07-01,
            MG-3,,Default,simple,Belt,100.000000,60.000000,6/1/26,
            MG-4,,Default,simple,Hat,100.000000,,,

            """, to: csv)
        let output = folder.appendingPathComponent("out")
        let result = try Self.run(
            ["batch", csv.path, "-o", output.path, "--map",
             "amount=special_price|price,name=sku,sale-start=special_price_from_date,sale-end=special_price_to_date",
             "--extra-columns", "ignore", "--html", "--as-of", "2026-06-15", "--time-zone", "UTC"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("rendered 3, skipped 0, hidden 0, failed 1 (1 invalid sale-start value)"), "\(result.stdout)")
        #expect(result.stdout.contains("sales as of 2026-06-15T00:00:00Z (--as-of)"), "\(result.stdout)")
        #expect(result.stderr.contains("'6/1/26' is not valid"), "\(result.stderr)")
        #expect(try Self.snippet(output, "MG-1").contains(Self.instalment(60)))
        #expect(try Self.snippet(output, "MG-2").contains(Self.instalment(120)))
        #expect(try Self.snippet(output, "MG-4").contains(Self.instalment(100)))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("MG-3.png").path))
    }

    /// A Google Merchant feed (TSV): `sale_price_effective_date` is one cell START/END, each
    /// with its zone; prices written `100.00 AUD`; titles with inch marks (a bare `"` inside an
    /// unquoted cell, taken as it is in a TAB-separated file).
    @Test func googleFeedEffectiveDatesAndInchMarks() throws {
        let folder = try Support.temporaryFolder("sale-google")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tsv = folder.appendingPathComponent("feed.tsv")
        let rows = [
            ["id", "title", "price", "sale_price", "sale_price_effective_date", "availability"],
            ["G1", "Monitor 27\" wide", "100.00 AUD", "60.00 AUD", "2026-06-01T00:00+1000/2026-06-30T23:59+1000", "in_stock"],
            ["G2", "Tablet 11\"", "100.00 AUD", "60.00 AUD", "2026-07-01T00:00:00+10:00/2026-07-31T00:00:00+10:00", "in_stock"],
            ["G3", "Cable 6'", "120.00 AUD", "80.00 AUD", "", "in_stock"],
            ["G4", "Stand", "120.00 AUD", "80.00 AUD", "2026-06-01T00:00Z", "in_stock"],
            ["G5", "Lamp", "100.00 AUD", "60.00 AUD", "2026-06-20T00:00Z/2026-06-10T00:00Z", "in_stock"],
        ]
        try Support.write(rows.map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n", to: tsv)
        let output = folder.appendingPathComponent("out")
        let result = try Self.run(
            ["batch", tsv.path, "-o", output.path, "--map", "amount=sale_price|price,name=id,sale-dates=sale_price_effective_date",
             "--extra-columns", "ignore", "--html", "--as-of", "2026-06-15T00:00:00+10:00", "--name", "{id}-{title}"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("rendered 3, skipped 0, hidden 0, failed 2 (2 invalid sale-dates values)"), "\(result.stdout)")
        #expect(result.stdout.contains("CSV read as TAB-separated"), "\(result.stdout)")
        #expect(result.stderr.contains("'2026-06-01T00:00Z' is not START/END"), "\(result.stderr)")
        #expect(result.stderr.contains("the sale ends (2026-06-10T00:00:00Z) before it starts (2026-06-20T00:00:00Z)"), "\(result.stderr)")
        // The inch marks are read as part of the titles (the names hold them, made safe).
        let htmls = try Support.files(output, ext: "html")
        #expect(htmls.count == 3, "\(htmls)")
        func html(_ id: String) throws -> String {
            let file = try #require(htmls.first { $0.hasPrefix(id + "-") })
            return try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)
        }
        #expect(try html("G1").contains(Self.instalment(60)))
        #expect(try html("G2").contains(Self.instalment(100)))
        #expect(try html("G3").contains(Self.instalment(80)))
    }

    /// BigCommerce writes `Sale Price` 0.0000 for "not on sale": the regular price is drawn,
    /// never the limits sentence of a $0 price.
    @Test func bigCommerceZeroSalePriceIsNoSale() throws {
        let folder = try Support.temporaryFolder("sale-bigcommerce")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("products.csv")
        try Support.write(
            """
            Item Type,Product ID,Product Name,Product Type,Product Code/SKU,Brand Name,Price,Cost Price,Retail Price,Sale Price,Product Visible?
            Product,101,Kettle,P,BC-1,Acme,149.9600,0.0000,0.0000,0.0000,Y
            Product,102,Toaster,P,BC-2,Acme,149.9600,0.0000,0.0000,99.0000,Y

            """, to: csv)
        let output = folder.appendingPathComponent("out")
        let result = try Self.run(
            ["batch", csv.path, "-o", output.path, "--map", "amount=Sale Price|Price,name=Product Code/SKU", "--extra-columns", "ignore",
             "--html", "--as-of", Self.asOf], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered 2, skipped 0, hidden 0, failed 0"), "\(result.stdout)")
        // No sale dates mapped, --as-of given: the summary still says the instant.
        #expect(result.stdout.contains("sales as of 2026-06-15T15:00:00Z (--as-of)"), "\(result.stdout)")
        #expect(try Self.snippet(output, "BC-1").contains(Self.instalment(Decimal(string: "149.96")!)))
        #expect(try Self.snippet(output, "BC-2").contains(Self.instalment(Decimal(string: "99")!)))
    }

    /// `--as-of` and `--time-zone` refuse what they cannot read, in one line.
    @Test func asOfAndTimeZoneRefuseWhatTheyCannotRead() throws {
        let folder = try Support.temporaryFolder("sale-as-of")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("wc.csv")
        try Support.write(Self.wooCommerce, to: csv)
        let map = "amount=Sale price|Regular price,name=SKU,sale-start=Date sale price starts,sale-end=Date sale price ends"
        for (extra, expected) in [
            (["--as-of", "2026-06-15"], "--as-of: '2026-06-15' has no time zone"),
            (["--as-of", "15/06/2026", "--time-zone", "UTC"], "--as-of: '15/06/2026' is not valid"),
            (["--as-of", "2026-02-30T00:00Z"], "no such day"),
            (["--time-zone", "EST"], "--time-zone: 'EST' is not a time zone"),
        ] {
            let result = try Self.run(
                ["batch", csv.path, "-o", folder.appendingPathComponent("out").path, "--map", map, "--extra-columns", "ignore"] + extra, in: folder)
            #expect(result.status == 2, "\(extra)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(expected), "\(result.stderr)")
        }
    }

    /// A JSON manifest has no header to refuse: a record that has a shop's sale dates unread
    /// fails, naming them; one with them mapped is judged by them.
    @Test func jsonRecordsWithUnreadSaleDatesFail() throws {
        let folder = try Support.temporaryFolder("sale-json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(
            """
            {"SKU": "J1", "Sale price": "60", "Regular price": "100", "Date sale price starts": "2099-01-01T00:00Z"}
            {"SKU": "J2", "Sale price": "60", "Regular price": "100"}

            """, to: manifest)
        let output = folder.appendingPathComponent("out")
        let result = try Self.run(
            ["batch", manifest.path, "-o", output.path, "--map", "amount=Sale price|Regular price,name=SKU", "--extra-columns", "ignore",
             "--html", "--as-of", Self.asOf], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 1"), "\(result.stdout)")
        #expect(result.stderr.contains("the record dates its sale in 'Date sale price starts', which --map does not read"), "\(result.stderr)")
        #expect(try Support.files(output, ext: "png") == ["J2.png"])
        let mapped = try Self.run(
            ["batch", manifest.path, "-o", output.path, "--map", "amount=Sale price|Regular price,name=SKU,sale-start=Date sale price starts",
             "--extra-columns", "ignore", "--html", "--as-of", Self.asOf], in: folder)
        #expect(mapped.status == 0, "\(mapped.stderr)")
        #expect(try Self.snippet(output, "J1").contains(Self.instalment(100)))
        #expect(try Self.snippet(output, "J2").contains(Self.instalment(60)))
    }
}
