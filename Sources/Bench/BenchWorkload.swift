import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownContent
import BreakdownEncode
import BreakdownLayout
import Foundation
import BreakdownIO

/// The benchmark's images: the in-range sentence with the badge and the circled info icon, en_AU,
/// Inter 17 pt at scale 2 on a transparent background: the content of the naive C baseline.
/// Image `i` shows a payment of $(10 + i % 500).(i % 100), the baseline's `snprintf` pattern,
/// so consecutive images have different text and image `i` of both programs says the same thing.
package struct BenchWorkload: Sendable {
    static let settings = RenderSettings(style: LayoutStyle(fontFamily: "Inter", fontSize: 17), scale: .x2)
    static let deviceLocale = "en_AU"

    let count: Int
    private let configuration: Configuration

    package init(count: Int) throws(CLIError) {
        self.count = count
        do {
            // The largest price is 4 × $509.99, above the default $2,000 maximum: allow up to $10,000
            // so every image is in range.
            configuration = try Configuration(minimumAmount: "1.00", maximumAmount: "10000.00", locale: Self.deviceLocale)
        } catch {
            throw .failure("benchmark configuration: \(error.message)")
        }
    }

    /// The payment in cents that image `index` shows, as the baseline prints it.
    static func paymentCents(_ index: Int) -> Int { (10 + index % 500) * 100 + index % 100 }

    /// The breakdown of image `index`: computed per image, as a batch computes each record's.
    func breakdown(_ index: Int) -> PriceBreakdown {
        let price = Decimal(sign: .plus, exponent: -2, significand: Decimal(4 * Self.paymentCents(index)))
        return PriceBreakdown(configuration: configuration, deviceLocale: Self.deviceLocale, amount: Amount(price))
    }

    /// The same images as a `breakdown batch` manifest: one NDJSON record an image, named as
    /// the baseline names its files; `batchOptions` give the rest (locale, limits, font size, scale).
    package static func manifest(count: Int) -> String {
        var text = ""
        text.reserveCapacity(count * 40)
        for index in 0..<count {
            let cents = 4 * paymentCents(index)
            let amount = "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
            text += "{\"amount\": \"\(amount)\", \"name\": \"\(fileName(index, format: .png).dropLast(4))\"}\n"
        }
        return text
    }

    /// The same images as a shop's CSV export (issue 21): `SKU,Price,Category`, CRLF, prices as
    /// shops write them (`$1,234.56`), an extra column; read with `shopCSVOptions`, the SKU names
    /// each image as the NDJSON manifest does, so both write the same files.
    package static func shopCSV(count: Int) -> String {
        var text = "SKU,Price,Category\r\n"
        text.reserveCapacity(count * 32)
        for index in 0..<count {
            let cents = 4 * paymentCents(index)
            let dollars = cents / 100
            let grouped = dollars >= 1000 ? "\"$\(dollars / 1000),\(String(dollars % 1000).leftPadded(3))" : "$\(dollars)"
            let price = grouped + ".\(cents % 100 < 10 ? "0" : "")\(cents % 100)" + (dollars >= 1000 ? "\"" : "")
            text += "\(fileName(index, format: .png).dropLast(4)),\(price),\(["Shoes", "Home & Living", "Beauty"][index % 3])\r\n"
        }
        return text
    }

    /// How a batch reads `shopCSV`: the price column mapped, the category ignored, named by SKU.
    package static let shopCSVOptions = ["--map", "amount=Price", "--extra-columns", "ignore", "--name", "{SKU}"]

    /// The command line options that make a batch draw `settings` and `configuration`.
    package static let batchOptions = ["--locale", deviceLocale, "--min", "1.00", "--max", "10000.00", "--font-size", "17", "--scale", "2"]

    /// The file name of image `index`, as the baseline names it.
    package static func fileName(_ index: Int, format: OutputFormat) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits + "." + format.rawValue
    }
}

extension String {
    /// Zeros before the text up to `width` characters (`7` → `007`).
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
