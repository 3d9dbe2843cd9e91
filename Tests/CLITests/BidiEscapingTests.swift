import BreakdownIO
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Text from manifests and arguments printed in a line cannot reverse that line: the Unicode
/// bidirectional controls are written escaped (`\u{202E}`) in errors and warnings, as the C0 and
/// C1 controls are (`\x1B`); standard output keeps them, where they are data (an Arabic price).
@Suite struct BidiEscapingTests {
    /// Every bidirectional control of Unicode (UAX #9's explicit formatting characters and marks).
    static let controls: [UInt32] = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    @Test func everyBidiControlIsWrittenEscaped() {
        for value in Self.controls {
            let scalar = Unicode.Scalar(value)!
            let text = "ab" + String(Character(scalar)) + "cd"
            let hex = String(value, radix: 16, uppercase: true)
            #expect(Console.escaped(text, keepingLines: false, bidiControls: true) == "ab\\u{\(hex)}cd", "U+\(hex)")
            // Standard output's data keeps them (an Arabic price's marks).
            #expect(Console.escaped(text, keepingLines: true) == text, "U+\(hex)")
        }
        // Neighbours that are no controls stay: a zero-width joiner, an Arabic letter, é.
        #expect(Console.escaped("a\u{200D}b \u{0627} é", keepingLines: false, bidiControls: true) == "a\u{200D}b \u{0627} é")
        #expect(Console.escaped("\u{1B}[2J", keepingLines: false) == "\\x1B[2J")
    }

    @Test func aManifestNameCannotReverseTheErrorLine() throws {
        let folder = try BatchTestSupport.temporaryFolder("bidi")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try BatchTestSupport.write("{\"amount\": \"10\", \"name\": \"ab\u{202E}cba\"}\n", to: manifest)
        let result = try InProcessCLI.run("batch", manifest.path, "-o", folder.appendingPathComponent("out").path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("name: 'ab\\u{202E}cba' is not valid"), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x202E } && !result.stdout.unicodeScalars.contains { $0.value == 0x202E })
    }
}
