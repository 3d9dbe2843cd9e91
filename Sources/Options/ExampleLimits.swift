import BreakdownEncode

/// The order limits drawn when the merchant's are not given: `--min` and `--max` default to the
/// seed's example, 1 and 2,000, in the units of whatever currency the breakdown has. One sentence,
/// said by `describe`, the batch summary and the batch report, so nobody mistakes them for a
/// merchant's.
public enum ExampleLimits {
    /// Which limits came from the example and how to give the merchant's, or nil when both were
    /// given (`--no-minimum` gives the minimum) or there is no configuration.
    /// - Parameter currency: the breakdown's currency code; nil: each record's.
    /// Worded for every door alike (`describe` and the server's JSON agree): `min` and `max`, as
    /// records and queries spell them, then the command line's `--min` and `--max`.
    public static func note(_ parsed: ParsedOptions, currency: String?) -> String? {
        if parsed[ContentOptions.noConfiguration] { return nil }
        var missing: [(name: String, value: String)] = []
        if !parsed.isGiven(ContentOptions.minimum), !parsed.isGiven(ContentOptions.noMinimum) {
            missing.append((ContentOptions.minimum.name, parsed[ContentOptions.minimum]))
        }
        if !parsed.isGiven(ContentOptions.maximum) {
            missing.append((ContentOptions.maximum.name, parsed[ContentOptions.maximum]))
        }
        guard !missing.isEmpty else { return nil }
        let units = currency ?? "in each record's currency"
        let values = missing.map { shown($0.value) }.joined(separator: "–")
        let names = missing.map(\.name).joined(separator: " and ")
        let what = missing.count == 2 ? "the example limits \(values) \(units)" : "the example \(missing[0].name == ContentOptions.minimum.name ? "minimum" : "maximum") \(values) \(units)"
        let options = missing.map { "--" + $0.name }.joined(separator: " and ")
        return "\(what) (\(names) not given, not the merchant's); give the merchant's as \(names) (\(options) on the command line)"
    }

    /// `describe`'s JSON (and the server's) with `limits`: the note, or null.
    public static func describing(_ json: JSONValue, _ parsed: ParsedOptions) -> JSONValue {
        guard case .object(var members) = json else { return json }
        let currency = members.first { $0.key == "currency" }.flatMap { if case .string(let code) = $0.value { code } else { nil } }
        members.append((key: "limits", value: note(parsed, currency: currency).map(JSONValue.string) ?? .null))
        return .object(members)
    }

    /// `2000.00` → `2,000`; `49.50` → `49.50`.
    static func shown(_ decimal: String) -> String {
        var whole = Substring(decimal)
        var fraction = ""
        if let dot = decimal.firstIndex(of: ".") {
            whole = decimal[..<dot]
            let digits = decimal[decimal.index(after: dot)...]
            if !digits.allSatisfy({ $0 == "0" }) { fraction = "." + digits }
        }
        var grouped = ""
        for (index, digit) in whole.reversed().enumerated() {
            if index > 0, index % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return String(grouped.reversed()) + fraction
    }
}
