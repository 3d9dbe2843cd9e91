import Foundation

/// A price, held as the exact decimal it was written as.
///
/// Write one as a literal (`100`, or `4.06`, taken as the digits written), parse text exactly with
/// `try Amount("4.06")`, or wrap a `Decimal` you already have with `Amount(_:)`:
///
/// ```swift
/// BreakdownInputs(configuration: configuration, deviceLocale: "en_AU", amount: 4.06)
/// BreakdownInputs(configuration: configuration, deviceLocale: "en_AU", amount: try Amount(priceText))
/// ```
///
/// A float literal reaches Swift as a `Double`; `Amount` turns it back into the shortest decimal
/// that `Double` prints (the digits you wrote, up to 15 significant ones), so `amount: 4.06` is
/// 4.06 and draws "$1.02", as `--amount 4.06` does. A `Decimal` written as a float literal
/// (`let price: Decimal = 4.06`) is already 4.0599… before `Amount` sees it: make such values from
/// strings (`Decimal(string: "4.06")`) or parse the string with `Amount(_:)`.
///
/// A literal cannot throw, so a literal or a `Decimal` the price rule refuses is refused when it
/// is drawn: the renderer (and `assertBreakdownSnapshot`) throws `BreakdownError.invalidOption`
/// naming `amount`, in the words `--amount` uses for the same digits. A typed `1.299` is not
/// rounded to 1.30 (nor drawn as $0.32): it is refused, the message naming both readings
/// (1299, or 1.29 to at most two decimals), as the text `1.299` is. So are a negative price and
/// one of 100000000000000 or more. `BreakdownInputs.breakdown.invalidInput` says it early.
public struct Amount: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    /// The price.
    public let value: Decimal

    /// The price `value`, as it is.
    public init(_ value: Decimal) {
        self.value = value
    }

    /// Parses plain decimal notation exactly (`100`, `4.06`, `.5`), under the one price rule every
    /// door keeps (`--amount`, a manifest's or a query's `amount`): text that could be read two
    /// ways (`1.299`: thousands, or one point two nine nine), more decimals than a currency has
    /// (`49.999`), a sign (`-2`, `-0`, `+5`), a trailing separator (`100.`) and a price of
    /// 100000000000000 or more are refused, never guessed or rounded, in `--amount`'s words.
    /// - Throws: `AmountError` for anything else (empty, spaces, exponents, separators, junk,
    ///   a price the rule refuses; its `message` says which).
    public init(_ text: String) throws(AmountError) {
        guard let value = Decimal(decimalString: text) else { throw AmountError(text: text) }
        if let why = PriceRule.problem(plainDecimal: text) { throw AmountError(text: text, reason: why) }
        if let accepted = InputRule.priceRangeProblem(value) {
            throw AmountError(text: text, reason: "\(QuotedValue.quoted(text)) is not valid; expected \(accepted)")
        }
        self.value = value
    }

    /// A whole price: `amount: 100`.
    public init(integerLiteral value: Int) {
        self.value = Decimal(value)
    }

    /// A price written in the source as a float literal: `amount: 4.06` is exactly 4.06 (the
    /// shortest decimal that reads back as the same `Double`, which is the literal as written
    /// when it has at most 15 significant digits).
    public init(floatLiteral value: Double) {
        // Double's description is its shortest round-trip form: "4.06", "1e-05", "1e+20".
        self.value = Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(value)
    }

    /// The price in plain decimal notation, e.g. `4.06`.
    public var description: String { "\(value)" }

    /// Orders amounts by value: `4.06 < 100`.
    public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.value < rhs.value }
}

/// Text that is not an amount in plain decimal notation.
public struct AmountError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text as given.
    public var text: String

    /// Why the text is refused when it is plain decimal notation that breaks the price rule
    /// (ambiguous, or more decimals than a currency has); nil when it is not such notation at all.
    public var reason: String?

    /// The error for `text`.
    public init(text: String, reason: String? = nil) {
        self.text = text
        self.reason = reason
    }

    /// The one-line message, quoting the text.
    public var message: String {
        reason ?? "\(QuotedValue.quoted(text)) is not an amount: use plain decimal notation such as 100 or 4.06"
    }

    /// The one-line message.
    public var description: String { message }
}
