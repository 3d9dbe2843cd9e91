import Foundation

/// Random and hostile manifests from a fixed seed, for the fuzz tests in the test process
/// (ManifestFuzzTests) and on the built binary (BinaryFuzzTests).
public enum FuzzInputs {
    /// SplitMix64: the same seed gives the same inputs on every run and machine.
    public struct SeededGenerator: RandomNumberGenerator {
        public var state: UInt64

        public init(state: UInt64) { self.state = state }

        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    public static let keys = [
        "amount", "locale", "currency", "min", "max", "no-minimum", "no-configuration", "device-locale", "consumer-locale",
        "intro", "no-interest-free", "no-with", "logo", "palette", "dark-palette", "appearance", "link-style", "link-text",
        "modal-theme", "cbt", "modal-id", "font", "font-size", "content-size", "text-color", "link-color", "background",
        "padding", "width", "scale", "name", "format", "", "amout", "AMOUNT", "output", "jobs", "é", "a\u{0}b",
    ]

    /// Values as JSON text: valid, wrong types, huge, negative, 1e400, NaN, empty, unknown locales…
    public static let jsonValues = [
        "\"100\"", "100", "100.10", "-5", "0", "1e400", "-1e400", "1E-400", "NaN", "Infinity", "-0", "00", "1.", ".5",
        "99999999999999999999999999999999999999999999", "\"99999999999999999999999999999999999999999\"", "\"\"", "\" \"",
        "null", "true", "false", "[]", "[\"png\", \"svg\"]", "[1, 2]", "{}", "{\"a\": {\"b\": [1]}}", "\"en_AU\"",
        "\"xx_YY\"", "\"en_US_POSIX\"", "\"zz\"", "\"fr_CA\"", "\"GBP\"", "\"EUR\"", "\"#FFFFFF\"", "\"#GGGGGG\"",
        "\"lockup\"", "\"huge\"", "\"<b>unclosed\"", "\"<span foreground=\\\"#f00\\\">ok</span>\"", "\"\\u0000\"",
        "\"\\ud800\"", "\"\\uDFFF\\uD800\"", "\"tab\\there\"", "\"../../etc/passwd\"", "\".hidden\"", "\"a/b\"", "\"3\"",
        "\"1000000\"", "\"-1\"", "\"nan\"", "\"inf\"", "\"1e3\"", "\"0x10\"", "\"1,000\"", "\"png,svg\"", "\"gif\"",
    ]

    public static let tokens = ["{", "}", "[", "]", ",", ":", "\"", "\\", "\n", "\r\n", " ", "\"\"", ",,", "\u{FEFF}", "é", "\u{0}"]

    public static func pick<T>(_ items: [T], _ random: inout SeededGenerator) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    public static func randomObject(_ random: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...6, using: &random)
        let members = (0..<count).map { _ in
            "\"\(pick(keys, &random).replacingOccurrences(of: "\u{0}", with: "\\u0000"))\": \(pick(jsonValues, &random))"
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// A hostile manifest: structured records, then damage (truncation, byte flips, inserted tokens, invalid UTF-8).
    public static func hostileManifest(_ random: inout SeededGenerator) -> [UInt8] {
        let objects = (0..<Int.random(in: 0...8, using: &random)).map { _ in randomObject(&random) }
        var text: String
        switch Int.random(in: 0..<4, using: &random) {
        case 0: text = "[" + objects.joined(separator: ",\n") + "]"
        case 1: text = objects.joined(separator: "\n")
        case 2:
            let header = (0..<Int.random(in: 1...5, using: &random)).map { _ in pick(keys, &random) }
            let rows = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                (0..<Int.random(in: 0...6, using: &random)).map { _ in
                    pick(["100", "\"a,b\"", "\"un\"closed", "x\"y", "", "lockup", "\"\"\"\"", "\"multi\nline\"", "-1", "1e400"], &random)
                }.joined(separator: ",")
            }
            text = ([header.joined(separator: ",")] + rows).joined(separator: "\n")
        default:
            text = (0..<Int.random(in: 0...40, using: &random)).map { _ in pick(tokens + jsonValues, &random) }.joined()
        }
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes.removeSubrange(at...)
            case 1: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 2: bytes.insert(contentsOf: [0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80], at: at)
            default: bytes.insert(contentsOf: Array(pick(tokens, &random).utf8), at: at)
            }
        }
        return bytes
    }
}
