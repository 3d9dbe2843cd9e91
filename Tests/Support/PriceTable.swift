import Foundation
import Testing

/// The price tables the price tests read.
public enum PriceTable {
    /// docs/batch.md's price table: the locales of its columns (nil: no `--number-locale`) and
    /// each row's text and cells (`ambiguous`, `refused`, or the amount read).
    public static func documented() throws -> (locales: [String?], rows: [(text: String, cells: [String])]) {
        let text = try String(contentsOf: ProjectFolder.root.appendingPathComponent("docs/batch.md"), encoding: .utf8)
        let start = try #require(text.range(of: "<!-- price-table"))
        let end = try #require(text.range(of: "<!-- /price-table -->"))
        let lines = text[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("|") }
        func cells(_ line: Substring) -> [String] {
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let header = cells(lines[0])
        let locales: [String?] = header.dropFirst().map { $0.contains("--number-locale") ? nil : $0 }
        var rows: [(String, [String])] = []
        for line in lines.dropFirst(2) {
            let row = cells(line)
            rows.append((row[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), Array(row.dropFirst())))
        }
        return (locales, rows)
    }

    // The price doors' table: each text with the verdict and the instalment written out by hand.

    public enum Verdict: Sendable {
        /// Drawn: the breakdown's sentence.
        case drawn(String)
        /// Refused: words the one line must contain.
        case refused(String)
    }

    public static func instalment(_ price: String) -> Verdict { .drawn("or 4 interest-free payments of \(price) with") }

    public static let doors: [(text: String, verdict: Verdict)] = [
        ("100", instalment("$25.00")), ("100.", .refused("ends with the decimal separator")), ("100.0", instalment("$25.00")),
        ("100.00", instalment("$25.00")), ("100.0000", instalment("$25.00")), ("0100.000", instalment("$25.00")),
        ("1000.000", instalment("$250.00")), ("49.99", instalment("$12.50")), ("49.9900", instalment("$12.50")),
        ("4.06", instalment("$1.02")), ("8", instalment("$2.00")), ("12", instalment("$3.00")), ("5", instalment("$1.25")),
        ("20.00", instalment("$5.00")), ("1299", instalment("$324.75")), ("1299.00", instalment("$324.75")),
        ("1299.0", instalment("$324.75")), ("999", instalment("$249.75")), ("2000", instalment("$500.00")),
        ("200.2", instalment("$50.05")), ("36.84", instalment("$9.21")),
        (".8", .drawn("available for orders between $1 \u{2013} $2,000")),
        // One to three digits, a sole '.', exactly three digits: thousands or a fraction.
        ("1.299", .refused("is ambiguous: 1299 where '.' groups thousands")), ("1.290", .refused("is ambiguous")),
        ("12.345", .refused("is ambiguous")), ("49.999", .refused("is ambiguous")), ("100.000", .refused("is ambiguous")),
        ("999.999", .refused("is ambiguous")), ("1.000", .refused("is ambiguous")),
        // More decimals than the currency has: never rounded.
        ("0.005", .refused("has 3 digits after the decimal separator")), ("1234.567", .refused("has 3 digits after")),
        ("0.999", .refused("has 3 digits after")), ("1.2345", .refused("has 4 digits after")),
        ("40.3934567", .refused("has 7 digits after")), ("1000.001", .refused("has 3 digits after")),
        // Signs, zero included.
        ("-0", .refused("is negative")), ("-1", .refused("is negative")), ("-0.01", .refused("is negative")),
        ("+5", .refused("has a sign")), ("+0", .refused("has a sign")),
    ]
}
