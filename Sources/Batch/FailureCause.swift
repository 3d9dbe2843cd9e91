/// Why a record failed, in the words the summary totals failures by
/// (`failed 1272: 716 duplicate names, 556 empty prices`). Its `key` is what a report entry's
/// `cause` says, so `breakdown report` totals a folder's runs the same way.
package struct FailureCause: Sendable, Hashable {
    /// In reports: `duplicate-name`, `empty-price`, `invalid-locale`, …
    package let key: String
    /// One of them (`duplicate name`) and several (`duplicate names`).
    let one: String
    let many: String

    private init(_ key: String, _ one: String, _ many: String) {
        self.key = key
        self.one = one
        self.many = many
    }

    static let emptyPrice = FailureCause("empty-price", "empty price", "empty prices")
    static let ambiguousPrice = FailureCause("ambiguous-price", "ambiguous price", "ambiguous prices")
    static let invalidPrice = FailureCause("invalid-price", "invalid price", "invalid prices")
    static let duplicateName = FailureCause("duplicate-name", "duplicate name", "duplicate names")
    /// Two records whose names agree though the values they were made from do not (`crème-serum`
    /// and `creme-serum` both slug to `creme-serum`): two products, one file.
    static let nameClash = FailureCause("name-clash", "name clash", "name clashes")
    /// A record whose name source (the `name` key or its mapped column) is empty (`--empty-name`).
    static let emptyName = FailureCause("empty-name", "empty name", "empty names")
    static let outsideLimits = FailureCause("outside-limits", "price outside the limits (--fail-on)", "prices outside the limits (--fail-on)")
    static let hidden = FailureCause("hidden", "hidden view (--fail-on)", "hidden views (--fail-on)")
    static let changed = FailureCause("changed", "image drawn with other options (--on-change fail)", "images drawn with other options (--on-change fail)")
    static let unreadable = FailureCause("unreadable", "unreadable record", "unreadable records")
    static let drawing = FailureCause("drawing", "drawing or writing error", "drawing or writing errors")
    /// An image that could not be written because the disk (or the quota) was full: the batch stops.
    static let diskFull = FailureCause("disk-full", "write on a full disk", "writes on a full disk")
    /// The machine lacks what drawing needs (a library): retrying on another node may help.
    static let machine = FailureCause("machine", "fault of the machine (a library missing)", "faults of the machine (a library missing)")

    /// A value of `field` the option refuses: `invalid-locale`, "invalid locale value".
    static func invalid(_ field: String) -> FailureCause {
        if field == "amount" { return invalidPrice }
        return FailureCause("invalid-" + field, "invalid \(field) value", "invalid \(field) values")
    }

    private static let known = [emptyPrice, ambiguousPrice, invalidPrice, duplicateName, nameClash, emptyName, outsideLimits, hidden, changed, unreadable, drawing, diskFull, machine]

    /// The cause a report names (`duplicate-name`); an unknown key is shown as it is.
    package init(key: String) {
        if let found = Self.known.first(where: { $0.key == key }) {
            self = found
        } else if key.hasPrefix("invalid-"), key.count > "invalid-".count {
            self = Self.invalid(String(key.dropFirst("invalid-".count)))
        } else {
            self.init(key, key, key)
        }
    }

    /// The cause of a problem that did not say: a record that could not be read (no field), or
    /// a value its field refuses.
    static func of(field: String?) -> FailureCause { field.map(invalid) ?? unreadable }

    /// `716 duplicate names, 556 empty prices`: most first, then by key.
    static func totals(_ counts: [String: Int]) -> String {
        counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { key, count in
            let cause = FailureCause(key: key)
            return "\(count) \(count == 1 ? cause.one : cause.many)"
        }.joined(separator: ", ")
    }
}
