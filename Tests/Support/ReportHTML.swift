import Foundation

/// Parts of verify's HTML report.
public enum ReportHTML {
    /// The `<section class="failure" id="ID">` of a report, whole, or nil.
    public static func section(_ html: String, _ id: String) -> String? {
        guard let start = html.range(of: "<section class=\"failure\" id=\"\(id)\">") else { return nil }
        let rest = html[start.lowerBound...]
        guard let end = rest.range(of: "</section>") else { return nil }
        return String(rest[..<end.upperBound])
    }
}
