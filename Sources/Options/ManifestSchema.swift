import BreakdownEncode

/// The JSON Schema (draft 2020-12) of one manifest record, generated from the option table: a key
/// for every option of the record's groups (its name without dashes) plus `name` and `format`;
/// value types, choices, ranges and patterns from each option's `ValueKind`. What the schema
/// cannot say (a minimum below the maximum, a locale Foundation knows) the tool still checks.
public enum ManifestSchema {
    /// The schema as pretty-printed JSON.
    /// - Parameters:
    ///   - replacing: properties described otherwise than by their option (the batch's price text).
    ///   - required: keys every record must have.
    public static func json(groups: [OptionGroup], replacing: [String: JSONValue] = [:], required: [String] = []) -> String {
        schema(groups: groups, replacing: replacing, required: required).pretty + "\n"
    }

    /// The schema as a JSON value.
    public static func schema(groups: [OptionGroup], replacing: [String: JSONValue] = [:], required: [String] = []) -> JSONValue {
        var properties: [(key: String, value: JSONValue)] = []
        for spec in groups.flatMap(\.options) {
            properties.append((spec.name, replacing[spec.name] ?? property(spec)))
        }
        properties.append(
            ("name", .object([
                ("description", .string("The output file stem: letters, digits, '.', '_' and '-', not starting with '.' or '-', not a Windows device name (CON, NUL, COM1…) and not ending in .png, .svg or .pdf; by default made from the options.")),
                ("type", types(["string", "number"])),
                ("pattern", .string("^[A-Za-z0-9_][A-Za-z0-9._-]{0,149}$")),
            ])))
        let format = "(png|svg|pdf)"
        properties.append(
            ("format", .object([
                ("description", .string("The formats to write: png, svg, pdf, several separated by commas, or a list.")),
                ("anyOf", .array([
                    .object([
                        ("type", .string("string")),
                        ("pattern", .string("^[ ,;|]*\(format)([ ,;|]+\(format))*[ ,;|]*$")),
                    ]),
                    .object([
                        ("type", .string("array")), ("minItems", .number(1)),
                        ("items", .object([("enum", .array(OutputFormat.allCases.map { .string($0.rawValue) }))])),
                    ]),
                    .object([("type", .string("null"))]),
                ])),
            ])))
        return .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("breakdown manifest record")),
            ("description", .string(
                "One record of a breakdown batch or verify manifest (a JSON array of records, NDJSON or CSV). Keys are option names without dashes, plus name and format; null leaves a key out.")),
            ("type", .string("object")),
            ("properties", .object(properties)),
        ] + (required.isEmpty ? [] : [("required", .array(required.map { .string($0) }))]) + [
            ("additionalProperties", .bool(false)),
        ])
    }

    private static func types(_ names: [String]) -> JSONValue {
        .array((names + ["null"]).map { .string($0) })
    }

    /// One option's schema: its help as the description, then what its kind accepts.
    private static func property(_ spec: OptionSpec) -> JSONValue {
        let note = spec.viewNote(in: .field).map { " [\($0)]" } ?? ""
        var members: [(key: String, value: JSONValue)] = [("description", .string(spec.help + note))]
        // Which views take the key, for a tool to read (the table's, not a copy).
        if spec.onlyView != nil { members.append(("x-breakdown-views", .array(spec.views.map { .string($0.rawValue) }))) }
        guard case .value(_, let kind, let defaultValue) = spec.kind else {
            members.append(("enum", .array([.bool(true), .bool(false), .string("true"), .string("false"), .null])))
            return .object(members)
        }
        if let defaultValue { members.append(("default", .string(defaultValue))) }
        let numberText = "^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$"
        switch kind {
        case .text:
            members += [("type", types(["string", "number"])), ("minLength", .number(1))]
        case .choice(let values):
            // A JSON number is taken as written, so `2` is the choice "2".
            let numbers: [JSONValue] = values.compactMap { Double($0) }.map { .number($0) }
            members.append(("enum", .array(values.map { .string($0) } + numbers + [.null])))
        case .decimal:
            members += [("type", types(["string", "number"])), ("pattern", .string("^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)$"))]
        case .integer(let range):
            members += [
                ("type", types(["string", "integer"])), ("pattern", .string("^[+-]?[0-9]+$")),
                ("minimum", .number(Double(range.lowerBound))), ("maximum", .number(Double(range.upperBound))),
            ]
        case .number(let range):
            members += [
                ("type", types(["string", "number"])), ("pattern", .string(numberText)),
                ("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound)),
            ]
        case .localeIdentifier:
            members += [
                ("type", types(["string"])),
                ("pattern", .string("^[A-Za-z]{2,3}([_-][A-Za-z]{4})?([_-]([A-Za-z]{2}|[0-9]{3})([_-]([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))?)?(@[A-Za-z0-9]+=[A-Za-z0-9_/-]+(;[A-Za-z0-9]+=[A-Za-z0-9_/-]+)*)?$")),
            ]
        case .choiceList:
            members += [("type", types(["string"]))]
        case .outputPath:
            members += [("type", types(["string"])), ("not", .object([("const", .string("-"))]))]
        case .fileName:
            members += [("type", types(["string", "number"])), ("pattern", .string("^[A-Za-z0-9_-][A-Za-z0-9._-]*$"))]
        case .color:
            members += [("type", types(["string"])), ("pattern", .string("^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))]
        case .colorOrTransparent:
            members += [
                ("type", types(["string"])), ("pattern", .string("^(transparent|#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8}))$")),
            ]
        }
        return .object(members)
    }
}
