import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
/// Parses one manifest record written as a JSON object, keeping each number's literal text.
/// Strict JSON (RFC 8259): no comments, no trailing commas, no NaN, valid UTF-8 only. Nesting
/// is limited, so hostile input cannot exhaust the stack.
struct JSONRecordParser {
    private let bytes: [UInt8]
    private var position = 0
    private static let maximumDepth = 16

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The object's members, or a problem naming the column where the JSON went wrong.
    static func parseObject(_ bytes: [UInt8]) -> Result<[String: ManifestValue], RecordProblem> {
        var parser = JSONRecordParser(bytes)
        do throws(RecordProblem) {
            parser.skipWhitespace()
            guard parser.peek() == UInt8(ascii: "{") else {
                let expected = "expected a JSON object such as {\"amount\": \"100\"}"
                guard parser.peek() != nil, let value = try? parser.value(depth: 0) else {
                    throw RecordProblem("not a JSON object; \(expected)")
                }
                throw RecordProblem("the record is \(value.kindName), not an object; \(expected)")
            }
            let members = try parser.object(depth: 0)
            parser.skipWhitespace()
            if parser.peek() != nil { throw parser.problem("unexpected text after the object's closing }") }
            return .success(members)
        } catch {
            return .failure(error)
        }
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private func problem(_ reason: String) -> RecordProblem {
        RecordProblem("not valid JSON at column \(position + 1): \(reason)")
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func expect(_ character: Character) throws(RecordProblem) {
        guard peek() == character.asciiValue else {
            throw problem("expected '\(character)'\(peek() == nil ? " but the record ends (truncated?)" : "")")
        }
        position += 1
    }

    private mutating func object(depth: Int) throws(RecordProblem) -> [String: ManifestValue] {
        try expect("{")
        var members: [String: ManifestValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return members
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw problem("expected a key in double quotes") }
            let key = try string()
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            let value = try value(depth: depth + 1)
            guard members[key] == nil else { throw RecordProblem(field: key, "the key '\(key)' appears more than once", cause: .unreadable) }
            members[key] = value
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return members
            case nil: throw problem("the object is not closed with } (truncated?)")
            default: throw problem("expected ',' or '}' after a value")
            }
        }
    }

    private mutating func list(depth: Int) throws(RecordProblem) -> [ManifestValue] {
        try expect("[")
        var items: [ManifestValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return items
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return items
            case nil: throw problem("the list is not closed with ] (truncated?)")
            default: throw problem("expected ',' or ']' after a value")
            }
        }
    }

    private mutating func value(depth: Int) throws(RecordProblem) -> ManifestValue {
        guard depth <= Self.maximumDepth else { throw problem("nested more than \(Self.maximumDepth) levels deep") }
        guard let byte = peek() else { throw problem("expected a value but the record ends (truncated?)") }
        switch byte {
        case UInt8(ascii: "{"):
            _ = try object(depth: depth)
            return .object
        case UInt8(ascii: "["): return .list(try list(depth: depth))
        case UInt8(ascii: "\""): return .text(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            throw problem("expected a value (text in double quotes, a number, true, false, null, a list or an object)")
        }
    }

    private mutating func literal(_ word: String) throws(RecordProblem) {
        for expected in word.utf8 {
            guard peek() == expected else { throw problem("expected '\(word)'") }
            position += 1
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, returned as written.
    private mutating func number() throws(RecordProblem) -> String {
        let start = position
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard isDigit(peek()) else { throw problem("expected a digit in a number") }
        if peek() == UInt8(ascii: "0") {
            position += 1
            if isDigit(peek()) { throw problem("a number cannot have a leading zero") }
        } else {
            while isDigit(peek()) { position += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard isDigit(peek()) else { throw problem("expected a digit after the decimal point") }
            while isDigit(peek()) { position += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard isDigit(peek()) else { throw problem("expected a digit in the exponent") }
            while isDigit(peek()) { position += 1 }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A string in double quotes with JSON escapes; the bytes must be valid UTF-8.
    private mutating func string() throws(RecordProblem) -> String {
        try expect("\"")
        var output: [UInt8] = []
        while true {
            guard let byte = peek() else { throw problem("the text is not closed with \" (truncated?)") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: output, as: UTF8.self) else {
                    throw problem("the text is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &output)
            case 0..<0x20:
                throw problem("a control character (byte \(byte)) inside text; write it as an escape such as \\n")
            default:
                output.append(byte)
            }
        }
    }

    private mutating func escape(into output: inout [UInt8]) throws(RecordProblem) {
        guard let byte = peek() else { throw problem("the text ends inside an escape (truncated?)") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code) {
                guard peek() == UInt8(ascii: "\\") else { throw problem("a \\u escape is half a surrogate pair") }
                position += 1
                guard peek() == UInt8(ascii: "u") else { throw problem("a \\u escape is half a surrogate pair") }
                position += 1
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw problem("a \\u escape is half a surrogate pair") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(code) {
                throw problem("a \\u escape is half a surrogate pair")
            }
            guard let scalar = Unicode.Scalar(code) else { throw problem("a \\u escape is not a character") }
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw problem("unknown escape '\\\(Character(Unicode.Scalar(byte)))'; JSON accepts \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
    }

    private mutating func hex4() throws(RecordProblem) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexValue(byte) else { throw problem("expected 4 hex digits after \\u") }
            position += 1
            code = code << 4 | digit
        }
        return code
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
