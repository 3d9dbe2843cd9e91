import BreakdownLayout
import Foundation

/// Adds what Cairo's SVG writer leaves out: a `<title>` with the accessibility label, and the
/// info link as a clickable `<a href>` over the link's rectangle. Also numbers Cairo's
/// process-wide ids afresh, so an SVG's bytes do not depend on what was drawn before it.
package enum SVGAnnotations {
    package static func annotate(_ svg: Data, title: String, link: (url: String, frame: Rect)?) -> Data {
        var text = String(decoding: svg, as: UTF8.self)
        text = renumberingIDs(text)
        if let open = text.range(of: "<svg"), let close = text.range(of: ">", range: open.upperBound..<text.endIndex) {
            text.insert(contentsOf: "\n<title>\(escape(title))</title>", at: close.upperBound)
            text.insert(contentsOf: " role=\"img\" aria-label=\"\(escape(title))\"", at: close.lowerBound)
        }
        if let (url, frame) = link, let end = text.range(of: "</svg>", options: .backwards) {
            let anchor = String(
                format: "<a href=\"%@\" xlink:href=\"%@\" target=\"_blank\"><rect x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" fill=\"#000000\" fill-opacity=\"0\"/></a>\n",
                escape(url), escape(url), frame.x, frame.y, frame.width, frame.height)
            text.insert(contentsOf: anchor, at: end.lowerBound)
        }
        return Data(text.utf8)
    }

    /// Cairo names patterns and surfaces by counters shared by the whole process
    /// (`surface12`, `pattern3`...): rename each in order of first appearance.
    private static func renumberingIDs(_ text: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: "\\b(surface|pattern|image|clip|mask|source|glyph)([0-9]+)(-[0-9]+)?\\b") else {
            return text
        }
        var names: [String: String] = [:]
        var counters: [String: Int] = [:]
        var result = ""
        var last = text.startIndex
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text), let kindRange = Range(match.range(at: 1), in: text) else { continue }
            let original = String(text[range])
            let kind = String(text[kindRange])
            let renamed: String
            if let known = names[original] {
                renamed = known
            } else if kind == "glyph" {
                renamed = original  // glyph ids are numbered per document already
            } else {
                let next = counters[kind, default: 0]
                counters[kind] = next + 1
                renamed = "\(kind)\(next)"
                names[original] = renamed
            }
            result += text[last..<range.lowerBound] + renamed
            last = range.upperBound
        }
        return result + text[last...]
    }

    static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
