extension JSONValue {
    /// On one line: `{"key": value, …}`, for files written an entry a line.
    public var compact: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): Self.number(value)
        case .string(let value): Self.quoted(value)
        case .array(let items): "[" + items.map(\.compact).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { Self.quoted($0.key) + ": " + $0.value.compact }.joined(separator: ", ") + "}"
        }
    }
}
