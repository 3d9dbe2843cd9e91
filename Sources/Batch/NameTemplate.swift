import BreakdownContent
import BreakdownOptions
import Foundation
import BreakdownIO

/// `--name '{SKU}-{locale}-{scale}x'`: every record's file stem, from its keys (the effective
/// value: the record's, else the command line's, else the default) and its columns (as written,
/// mapped or not). Each value is made safe for a file name by `slug`; the literal text must
/// already be (letters, digits, `.`, `_`, `-`).
package struct NameTemplate: Sendable {
    enum Part: Sendable, Hashable {
        case literal(String)
        case field(String)
    }

    let parts: [Part]
    package let text: String

    /// The placeholders, in order.
    var fields: [String] { parts.compactMap { if case .field(let name) = $0 { name } else { nil } } }

    package init(_ text: String) throws(CLIError) {
        self.text = text
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            literal += rest[..<open]
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else {
                throw .usage("--name \(QuotedValue.quoted(text)): a '{' without its '}' (or a '}' alone); e.g. --name '{SKU}-{locale}'")
            }
            let field = String(rest[rest.index(after: open)..<close]).trimmingASCIISpaces
            guard !field.isEmpty, !field.contains("{") else {
                throw .usage("--name \(QuotedValue.quoted(text)): an empty or nested {}; name a column or key, e.g. {SKU}")
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.field(field))
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        // `@` too, in the template's own text (`{SKU}@{scale}x`, the web's and iOS's way of
        // naming a scale); a value's `@` is still slugged.
        for case .literal(let words) in parts where !words.allSatisfy({ Self.isNameCharacter($0) || $0 == "@" }) {
            throw .usage(
                "--name \(QuotedValue.quoted(text)): the text \(QuotedValue.quoted(words)) has characters a file name may not; outside {} use letters, digits, '.', '_', '-' and '@'"
            )
        }
        guard parts.contains(where: { if case .field = $0 { true } else { false } }) else {
            throw .usage("--name \(QuotedValue.quoted(text)) names no column or key, so every record would get the same name; e.g. --name '{SKU}-{locale}'")
        }
        // Each field gives at least one character: a template whose text and fields alone pass
        // the name limit can name no record (and a huge one would cost time for every record).
        let shortest = parts.reduce(0) { total, part in
            if case .literal(let words) = part { total + words.count } else { total + 1 }
        }
        guard shortest <= BatchRecordPlanner.maximumNameLength else {
            throw .usage(
                "--name \(QuotedValue.quoted(text)) gives names of at least \(shortest) characters; names are at most \(BatchRecordPlanner.maximumNameLength)"
            )
        }
        self.parts = parts
    }

    /// Checks the placeholders against a CSV header: each must be a column or a key.
    func check(header columns: [String], label: String) throws(CLIError) {
        let present = Set(columns)
        let missing = fields.filter { !present.contains($0) && !ColumnMap.isKey($0) }
        guard !missing.isEmpty else { return }
        throw .usage(
            "--name \(QuotedValue.quoted(text)) names \(ColumnMap.list(missing, noun: "field")) that is neither a column of \(label) nor a record key; its columns: \(ColumnMap.listed(columns))"
        )
    }

    /// The record's name, or why it cannot be made.
    /// - Parameters:
    ///   - column: a column's text in this record, nil when the record has no such column.
    ///   - option: a key's effective value.
    func name(column: (String) -> String?, option: (String) -> String?) -> Result<String, RecordProblem> {
        made(column: column, option: option).map(\.name)
    }

    /// The record's name and what it was made from (`{Handle} 'crème-serum'`, each value as
    /// written, before `slug`): two records whose names agree but whose values do not are two
    /// products that would share one file.
    func made(column: (String) -> String?, option: (String) -> String?) -> Result<(name: String, source: String), RecordProblem> {
        var name = ""
        var source: [String] = []
        var stoppedEarly = false
        for part in parts {
            switch part {
            case .literal(let text): name += text
            case .field(let field):
                let value: String?
                if ColumnMap.isKey(field), let effective = option(field) { value = effective } else { value = column(field) }
                guard let value else {
                    return .failure(RecordProblem(field: "name", "name: the template \(QuotedValue.quoted(text)) names {\(field)}, which this record does not have"))
                }
                source.append("{\(field)} \(QuotedValue.quoted(value))")
                let slug = Self.slug(value)
                guard !slug.isEmpty else {
                    let what = value.allSatisfy(\.isWhitespace) ? "is empty" : "has no letter or digit"
                    return .failure(RecordProblem(field: "name", "name: {\(field)} \(what) in this record (\(QuotedValue.quoted(value))), so the template \(QuotedValue.quoted(text)) gives no name for it"))
                }
                name += slug
            }
            // Stop as soon as the name is too long, not after joining every long value.
            if name.utf8.count > 4 * BatchRecordPlanner.maximumNameLength + 8 {
                stoppedEarly = true
                break
            }
        }
        while name.hasPrefix(".") || name.hasPrefix("-") { name.removeFirst() }
        guard !name.isEmpty else { return .failure(RecordProblem(field: "name", "name: the template gives an empty name")) }
        guard name.count <= BatchRecordPlanner.maximumNameLength, name.utf8.count <= BatchRecordPlanner.maximumNameBytes else {
            return .failure(
                RecordProblem(
                    field: "name",
                    "name: the template gives a name of \(stoppedEarly ? "more than " : "")\(name.count) characters (\(name.utf8.count) bytes of UTF-8); expected at most \(BatchRecordPlanner.maximumNameLength) characters and \(BatchRecordPlanner.maximumNameBytes) bytes"))
        }
        return .success((name, source.joined(separator: ", ")))
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "._-".contains(character))
    }

    /// A value made safe for a file name, the same way for every value: accents dropped where
    /// that leaves a Latin letter (`Crème` → `Creme`, full-width `Ａ` → `A`), letters and digits
    /// of other scripts kept as they are, composed (NFC: `日本語`, `Ελληνικά`, `عربي`; no
    /// transliteration, which would change with ICU's tables and make two names one), each run of
    /// other characters (spaces, `/`, `&`, …) one `-`, no `-` at either end. Letters keep their case.
    package static func slug(_ value: String) -> String {
        var slug = ""
        var pendingDash = false
        func append(_ text: String) {
            if pendingDash, !slug.isEmpty { slug.append("-") }
            pendingDash = false
            slug += text
        }
        for character in value {
            if isNameCharacter(character), character != "-" {
                append(String(character))
                continue
            }
            if !character.isASCII {
                let folded = String(character).folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
                if !folded.isEmpty, folded.allSatisfy({ isNameCharacter($0) && $0 != "-" }) {
                    append(folded)
                    continue
                }
                if character.isLetter || character.isNumber, character.unicodeScalars.allSatisfy({ !$0.properties.isDefaultIgnorableCodePoint }) {
                    append(String(character).precomposedStringWithCanonicalMapping)
                    continue
                }
            }
            pendingDash = true
        }
        return slug
    }
}
