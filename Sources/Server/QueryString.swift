import BreakdownOptions
import BreakdownIO

/// A URL query (`amount=129.95&locale=en_GB&cbt`) as key/value pairs, read strictly: `+` is a
/// space, `%XX` escapes must be complete hex, the decoded text must be valid UTF-8 without
/// control characters, and no key may be given twice. Any problem is one line, as the CLI says it.
package enum QueryString {
    /// The pairs in the order given; a key without `=` has a nil value (a flag: `&cbt`).
    package static func pairs(_ query: Substring) throws(HTTPProblem) -> [(key: String, value: String?)] {
        var pairs: [(key: String, value: String?)] = []
        var seen: Set<String> = []
        for part in query.split(separator: "&", omittingEmptySubsequences: true) {
            let rawKey: Substring
            var rawValue: Substring?
            if let equals = part.firstIndex(of: "=") {
                rawKey = part[..<equals]
                rawValue = part[part.index(after: equals)...]
            } else {
                rawKey = part
            }
            let key = try decode(rawKey, what: "a query key")
            guard !key.isEmpty else { throw .badRequest("the query has an empty key; expected key=value pairs such as amount=100") }
            let value = try rawValue.map { (raw) throws(HTTPProblem) in try decode(raw, what: "the value of \(printable(key))") }
            guard seen.insert(key).inserted else { throw .badRequest("\(printable(key)) was given more than once") }
            pairs.append((key, value))
        }
        return pairs
    }

    /// Percent-decodes one key or value.
    static func decode(_ text: Substring, what: String) throws(HTTPProblem) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw .badRequest("\(what) has a bad percent-escape; expected % and two hex digits")
                }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw .badRequest("\(what) is not valid UTF-8 after percent-decoding")
        }
        if decoded.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw .badRequest("\(what) holds a control character; expected printable text")
        }
        return decoded
    }

    /// The value of one hex digit (either case), or nil.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A key as an error message quotes it: at most 40 characters.
    static func printable(_ key: String) -> String {
        key.count <= 40 ? key : "\(key.prefix(40))…"
    }
}
