/// Text made safe for HTML element content and attribute values. The one escaper of the CLI's
/// HTML (batch snippets, the gallery page, the verify report).
package enum HTMLText {
    package static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
