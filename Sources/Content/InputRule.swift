import Foundation

/// The rules for values every door takes (the option table's `ValueKind`, read by the command
/// line, manifests and queries) and the library's typed values (`LayoutStyle`, `BreakdownInputs`,
/// `MoreInfoOptions`, `Amount`) alike: the ranges, the accepted forms and the words. Written here
/// once, in the lowest module, so that the option table and the library read the same numbers.
package enum InputRule {
    // MARK: - Ranges of the drawing options

    /// The text size in points (`--font-size`, `LayoutStyle.fontSize`).
    package static let fontSizeRange: ClosedRange<Double> = 1...500
    /// The empty space on every side in points (`--padding`, `LayoutStyle.padding`).
    package static let paddingRange: ClosedRange<Double> = 0...1000
    /// The container width in points (`--width`, `LayoutStyle.width`).
    package static let widthRange: ClosedRange<Double> = 1...10000

    // MARK: - Words

    /// What the iOS view's `--scale` accepts when given `text`, an Android density.
    package static func iosScaleAccepted(_ text: String) -> String {
        "1, 2 or 3 for the iOS view (\(text) is an Android density: the Android view, platform android, takes it)"
    }

    /// The one line for a value its kind does not accept: `name: 'value' is not valid; expected …`.
    package static func invalidValue(name: String, value: String, accepted: String) -> String {
        "\(name): \(QuotedValue.quoted(value)) is not valid; expected \(accepted)"
    }

    /// What a number option accepts: `a number from 1 to 500`.
    package static func numberAccepted(_ range: ClosedRange<Double>) -> String {
        "a number from \(range.lowerBound.shortText) to \(range.upperBound.shortText)"
    }

    /// Whether `number` is a finite number in `range`.
    package static func isNumber(_ number: Double, in range: ClosedRange<Double>) -> Bool {
        number.isFinite && range.contains(number)
    }

    /// What a file-name word accepts.
    package static let fileNameAccepted = "a name of letters, digits, '.', '_' and '-', not starting with '.'"

    /// A safe file-name word: ASCII letters, digits, `.`, `_`, `-`, not empty, not starting with `.`.
    package static func isFileName(_ value: String) -> Bool {
        let allowed = value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        return !value.isEmpty && allowed && !value.hasPrefix(".")
    }

    /// What a locale identifier option accepts.
    package static let localeIdentifierAccepted =
        "a locale identifier such as en_AU, fr_CA, es_US, en_US_POSIX or en_AU@currency=USD (at most \(localeIdentifierMaximumLength) characters and \(localeKeywordsMaximum) keywords)"

    /// The longest locale identifier taken, and the most `@` keywords: ICU's formatters crashed
    /// the process on some longer ones (156 characters of keywords, written as its canonical
    /// form grows them), and no locale needs more than a few keywords (currency, numbers, rg).
    package static let localeIdentifierMaximumLength = 64
    package static let localeKeywordsMaximum = 4

    /// Whether `value` is within those limits (whatever else it is): what may be given to ICU.
    package static func isWithinLocaleLimits(_ value: String) -> Bool {
        guard value.utf8.count <= localeIdentifierMaximumLength else { return false }
        guard let at = value.firstIndex(of: "@") else { return true }
        return value[at...].split(separator: ";", omittingEmptySubsequences: false).count <= localeKeywordsMaximum
    }

    // MARK: - Prices

    /// Prices from here up are refused: their quarter, to the cent, would pass 2^53 hundredths,
    /// where the currency formatter's Double stops being exact.
    package static let largestPrice = Decimal(100_000_000_000_000)

    /// What a price accepts when `price` (not negative) is out of its range, else nil: the
    /// instalment is formatted to the cent through a Double, exact below 10^14.
    package static func priceRangeProblem(_ price: Decimal) -> String? {
        guard price >= largestPrice else { return nil }
        return "a decimal number below 100000000000000, such as 100 or 25.50 (a larger price cannot be drawn exactly to the cent)"
    }

    // MARK: - Locale identifiers

    /// The ISO language codes Foundation knows, read once.
    private static let isoLanguages: Set<String> = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
    /// The ISO region codes Foundation knows, read once.
    private static let isoRegions: Set<String> = Set(Locale.Region.isoRegions.map(\.identifier))

    /// `ll`, `lll`, with an optional 4-letter script and 2-letter or 3-digit region, `_` or `-`
    /// separated; the language and region must be ISO codes Foundation knows. As iOS accepts them,
    /// a variant may follow the region (`en_US_POSIX`: 5 to 8 letters or digits, or 4 starting
    /// with a digit), and `@` keywords may end it (`en_AU@currency=USD`, `key=value` pairs
    /// separated by `;`).
    package static func isLocaleIdentifier(_ value: String) -> Bool {
        guard isWithinLocaleLimits(value) else { return false }
        var base = Substring(value)
        if let at = value.firstIndex(of: "@") {
            guard isLocaleKeywords(value[value.index(after: at)...]) else { return false }
            base = value[..<at]
        }
        var parts = base.split(separator: "_", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        if parts.count >= 3, let variant = parts.last, isLocaleVariant(variant) {
            // A variant only after a region (the part before it is not the language).
            let beforeVariant = parts[parts.count - 2]
            guard beforeVariant.count == 2 || (beforeVariant.count == 3 && beforeVariant.allSatisfy({ $0.isASCII && $0.isNumber })) else {
                return false
            }
            parts.removeLast()
        }
        guard (1...3).contains(parts.count) else { return false }
        let language = parts[0]
        guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }),
            isoLanguages.contains(language.lowercased())
        else { return false }
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy({ $0.isASCII && $0.isLetter }) {
            rest = rest.dropFirst()
        }
        guard let region = rest.first else { return true }
        guard rest.count == 1 else { return false }
        if region.count == 3, region.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        return region.count == 2 && region.allSatisfy({ $0.isASCII && $0.isLetter }) && isoRegions.contains(region.uppercased())
    }

    /// A locale variant: 5 to 8 ASCII letters or digits (`POSIX`), or 4 starting with a digit.
    private static func isLocaleVariant(_ part: Substring) -> Bool {
        guard part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        return (5...8).contains(part.count) || (part.count == 4 && part.first?.isNumber == true)
    }

    /// `key=value` pairs separated by `;` (`currency=USD`, `calendar=buddhist;numbers=thai`).
    private static func isLocaleKeywords(_ text: Substring) -> Bool {
        let pairs = text.split(separator: ";", omittingEmptySubsequences: false)
        return !pairs.isEmpty && pairs.allSatisfy { pair in
            let sides = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard sides.count == 2, !sides[0].isEmpty, !sides[1].isEmpty else { return false }
            return sides[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
                && sides[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_/".contains($0)) })
        }
    }

    // MARK: - The library's typed values

    /// The line for a number field of the library's typed values (`LayoutStyle`) outside
    /// `range`, naming it as a manifest field or query key names the option (`font-size`), in
    /// the words every door uses; nil when it is in range.
    package static func numberProblem(_ number: Double, option: String, range: ClosedRange<Double>) -> BreakdownError? {
        guard !isNumber(number, in: range) else { return nil }
        return .invalidOption(option: option, message: invalidValue(name: option, value: number.shortText, accepted: numberAccepted(range)))
    }

    /// Why the typed inputs' device locale or information page breaks a rule the doors keep, as
    /// the error the library throws (worded as a manifest field or query key would be); nil when
    /// they keep them. The price is `amountProblem`'s.
    package static func inputsProblem(deviceLocale: String, modalId: String?) -> BreakdownError? {
        if !isLocaleIdentifier(deviceLocale) {
            return .invalidOption(
                option: "device-locale", message: invalidValue(name: "device-locale", value: deviceLocale, accepted: localeIdentifierAccepted))
        }
        if let why = NumberingSystem.problem(localeIdentifier: deviceLocale) {
            return .invalidOption(option: "device-locale", message: "device-locale: \(why)")
        }
        if let modalId, !isFileName(modalId) {
            return .invalidOption(option: "modal-id", message: invalidValue(name: "modal-id", value: modalId, accepted: fileNameAccepted))
        }
        return nil
    }

    /// Why a price held as a `Decimal` breaks the one price rule, worded as `--amount` words the
    /// same digits: negative, over the range, or more decimals than a currency has (a typed
    /// `1.299` is refused naming both readings, as the text `1.299` is); nil when it keeps it.
    package static func amountProblem(_ amount: Decimal) -> String? {
        // Most amounts (any read from text a door took) are not negative, below the range and of
        // at most two decimals by their exponent alone: no text is made for them (a Decimal's
        // description costs more than the rest of a record's content, once for every new price).
        if !amount.isSignMinus, amount.exponent >= -2, amount < largestPrice { return nil }
        let text = "\(amount)"
        if let why = PriceRule.problem(plainDecimal: text) { return why }
        if let accepted = priceRangeProblem(amount) { return "\(QuotedValue.quoted(text)) is not valid; expected \(accepted)" }
        return nil
    }
}
