import BreakdownEncode
import Foundation
import Testing

/// The one-line JSON of a batch report's records (`JSONValue.compact`) and the quoting of its
/// strings: the expected texts are written by hand from RFC 8259's escapes and the project's
/// rule (C0 controls, DEL and C1 controls as \u escapes; everything else as it is), and every
/// line is read back by Foundation's JSON parser to the values it was made from.
@Suite struct JSONCompactTextTests {
    @Test func plainAndEscapedStringsAreQuotedByTheRule() throws {
        let cases: [(text: String, quoted: String)] = [
            ("", "\"\""),
            ("000123.png", "\"000123.png\""),
            ("rendered", "\"rendered\""),
            ("a b ~ {}", "\"a b ~ {}\""),
            ("say \"hi\"", "\"say \\\"hi\\\"\""),
            ("C:\\path", "\"C:\\\\path\""),
            ("a/b", "\"a/b\""),
            ("line\nnext\rback\ttab", "\"line\\nnext\\rback\\ttab\""),
            ("\u{08}\u{0C}", "\"\\b\\f\""),
            ("\u{01}\u{1F}", "\"\\u0001\\u001F\""),
            ("del\u{7F}", "\"del\\u007F\""),
            ("c1\u{85}\u{9F}", "\"c1\\u0085\\u009F\""),
            ("caf\u{E9} \u{20AC}5 \u{1F600}", "\"caf\u{E9} \u{20AC}5 \u{1F600}\""),
            ("\u{A0}", "\"\u{A0}\""),
        ]
        for (text, quoted) in cases {
            #expect(JSONValue.quoted(text) == quoted, "\(Array(text.unicodeScalars))")
            let back = try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: [.fragmentsAllowed]) as? String
            #expect(back == text, "\(quoted)")
        }
    }

    @Test func compactObjectsArraysAndNumbersAreOneLine() throws {
        let value: JSONValue = .object([
            ("record", .number(12)), ("ratio", .number(4.5)), ("status", .string("rendered")),
            ("files", .array([.string("a.png"), .string("b \"c\".png")])), ("empty", .array([])), ("none", .object([])),
            ("nested", .object([("ok", .bool(true)), ("no", .bool(false)), ("nothing", .null)])),
        ])
        let line = value.compact
        #expect(
            line
                == "{\"record\": 12, \"ratio\": 4.5, \"status\": \"rendered\", \"files\": [\"a.png\", \"b \\\"c\\\".png\"], \"empty\": [], \"none\": {}, \"nested\": {\"ok\": true, \"no\": false, \"nothing\": null}}"
        )
        let back = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(back["record"] as? Int == 12)
        #expect(back["files"] as? [String] == ["a.png", "b \"c\".png"])
        #expect((back["nested"] as? [String: Any])?["ok"] as? Bool == true)
        #expect(JSONValue.array([]).compact == "[]" && JSONValue.object([]).compact == "{}" && JSONValue.null.compact == "null")
    }
}
