extension JSONValue {
    /// On one line: `{"key": value, …}`, for files written an entry a line.
    public var compact: String {
        var out = ""
        writeCompact(to: &out)
        return out
    }

    /// Appends `compact` to `out` (one string grown in place, not one a value joined).
    private func writeCompact(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += Self.number(value)
        case .string(let value): out += Self.quoted(value)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += ", " }
                item.writeCompact(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += ", " }
                out += Self.quoted(member.key)
                out += ": "
                member.value.writeCompact(to: &out)
            }
            out += "}"
        }
    }
}
