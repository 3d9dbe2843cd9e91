/// A value someone gave (an option's value, a manifest key or field, a limit or locale), put in
/// a one-line message: whole when it is short, else its start and its length, so that a
/// 100,000-character amount or a megabyte manifest key makes a line a person can read.
package enum QuotedValue {
    /// Values up to this many characters are shown whole.
    package static let wholeLength = 80
    /// How much of a longer value is shown.
    static let shownLength = 60

    /// `'value'`, or `'the first 60 characters…' (100000 characters)`.
    package static func quoted(_ value: String) -> String {
        guard value.count > wholeLength else { return "'\(value)'" }
        return "'\(value.prefix(shownLength))…' (\(value.count) characters)"
    }

    /// `value`, or `the first 60 characters… (100000 characters)`, for messages that do not quote.
    package static func shortened(_ value: String) -> String {
        guard value.count > wholeLength else { return value }
        return "\(value.prefix(shownLength))… (\(value.count) characters)"
    }
}
