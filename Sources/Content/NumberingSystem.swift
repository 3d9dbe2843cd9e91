import BreakdownLocking
import Foundation

/// Which locales' numbers a price can be written in: a numbering system of ten decimal digits,
/// written positionally (Latin, Arabic-Indic `arab`, Devanagari `deva`, Myanmar `mymr`, full-width,
/// CJK `hanidec`, …). An algorithmic system (`roman`, `hans`, `hant`, `jpan`, …) has no digits for
/// a fraction or a large number: ICU writes a price in it as a negative number (`−308.64`) or in
/// words (`负三百零八点六四`, "negative 308.64"), so such a locale is refused, never drawn.
///
/// Checked by what the locale's own formatter writes, not by a list: the digits 0 to 9 must be ten
/// different single characters, and 1234567890 must be those digits in that order.
package enum NumberingSystem {
    /// The verdicts so far, by identifier (a batch asks for every record), at most 1,024.
    private static let known = Locked<[String: String?]>([:])

    /// How many verdicts are kept (for tests: never more than 1,024).
    package static var keptVerdicts: Int { known.withLock { $0.count } }

    /// nil when `identifier`'s numbers are decimal digits; else why not, in one clause quoting it.
    package static func problem(localeIdentifier identifier: String) -> String? {
        if let verdict = known.withLock({ $0[identifier] }) { return verdict }
        let verdict = check(identifier)
        known.withLock { known in
            // Bounded: a server's queries can name endless distinct identifiers (`@a=1`, `@a=2`…).
            if known.count >= 1024 { known.removeAll(keepingCapacity: true) }
            known[identifier] = verdict
        }
        return verdict
    }

    /// The names ICU makes a formatter for: its numbering systems and the four names a locale's
    /// data resolves (`default`, `native`, `traditional`, `finance`), compared exactly (ICU does).
    private static let namesICUKnows: Set<String> = Set(Locale.NumberingSystem.availableNumberingSystems.map(\.identifier))
        .union(["default", "native", "traditional", "finance"])

    /// Whether ICU has a numbering system of every name `identifier` gives (`numbers=`, a Unicode
    /// extension's `nu`, or the locale's own): for any other name Foundation's NumberFormatter
    /// stops the process. Read from the spelling too, as ICU reads it: Foundation's `Locale`
    /// lower-cases an extension's `-u-nu-LATN` (ICU does not, and stops) and does not see one
    /// written with underscores (`en_AU_u_nu_bogus`, which ICU reads, and stops on).
    package static func namesAKnownSystem(_ identifier: String) -> Bool {
        namesICUKnows.contains(Locale(identifier: identifier).numberingSystem.identifier)
            && spelledSystems(identifier).allSatisfy(namesICUKnows.contains)
    }

    /// The numbering-system names `identifier` spells, as written: its `numbers=` keywords and
    /// its Unicode extension's `nu` values, with `-` or `_` between the parts.
    static func spelledSystems(_ identifier: String) -> [String] {
        var names: [String] = []
        let halves = identifier.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        if halves.count == 2 {
            for keyword in halves[1].split(separator: ";") {
                let pair = keyword.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "numbers" { names.append(String(pair[1])) }
            }
        }
        let parts = halves[0].split(whereSeparator: { $0 == "-" || $0 == "_" })
        if let start = parts.firstIndex(where: { $0.lowercased() == "u" }) {
            for index in parts.indices where index > start && parts[index].lowercased() == "nu" {
                names.append(index + 1 < parts.endIndex ? String(parts[index + 1]) : "")
            }
        }
        return names
    }

    /// `identifier` as a formatter can be made for it: itself when every numbering system it
    /// names is one ICU has; else its parts before any Unicode extension, in Latin digits. Only
    /// where a locale was not checked first (a library caller's own `CurrencyFormatter`): every
    /// door refuses such a locale and a breakdown for it is hidden, so a price formatted this way
    /// is never drawn.
    package static func formattable(_ identifier: String) -> String {
        if namesAKnownSystem(identifier) { return identifier }
        let head = identifier.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let parts = head.split(whereSeparator: { $0 == "-" || $0 == "_" })
        let base = parts.prefix { $0.lowercased() != "u" }.joined(separator: "_")
        let latin = base + "@numbers=latn"
        return namesAKnownSystem(latin) ? latin : "en_US_POSIX"
    }

    private static let expected = "expected a locale whose numbers are decimal digits, such as en_AU, ar_SA (arab), en_AU@numbers=arab or hi_IN@numbers=deva"

    private static func check(_ identifier: String) -> String? {
        // A name ICU has no system for (`numbers=bogus`, or `numbers=Latn`: ICU compares names
        // exactly) gives no formatter, and Foundation's NumberFormatter then stops the process
        // (SIGILL, a whole server with it); so the name the locale gives, read as ICU reads its
        // keyword (`Locale.numberingSystem`), is checked before any formatter is made.
        let named = spelledSystems(identifier).first { !namesICUKnows.contains($0) }
            ?? Locale(identifier: identifier).numberingSystem.identifier
        guard namesAKnownSystem(identifier) else {
            return "\(QuotedValue.quoted(identifier)) names no numbering system (numbers=\(named); names are CLDR's, in lower case, "
                + "such as latn, arab, deva or thai); \(expected)"
        }
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: identifier)
        // The decimal style, as prices are written (the plain style ignores `numbers=`).
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = false
        let digits = (0...9).map { formatter.string(from: NSNumber(value: $0)) ?? "" }
        let positional = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0].map { digits[$0] }.joined()
        if digits.allSatisfy({ $0.count == 1 }), Set(digits).count == 10, formatter.string(from: NSNumber(value: 1_234_567_890)) == positional {
            return nil
        }
        let system = identifier.split(separator: "@").dropFirst().first?.split(separator: ";")
            .first { $0.lowercased().hasPrefix("numbers=") }.map { " (\($0))" } ?? ""
        let sample = formatter.string(from: NSNumber(value: 308.64)) ?? "?"
        return "\(QuotedValue.quoted(identifier)) writes numbers without ten decimal digits\(system): 308.64 would be drawn as "
            + "\(QuotedValue.quoted(sample)); \(expected)"
    }
}
