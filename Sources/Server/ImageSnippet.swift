import BreakdownContent
import BreakdownEncode
import BreakdownOptions
import BreakdownPipeline
import Foundation

/// `GET /v1/breakdown.html?<query>`: the HTML for a page or an email that shows the query's
/// breakdown at its size in CSS pixels (one per point, so that 2x and 3x images are sharp):
///
///     <a href="…info link…"><picture>
///     <source media="(prefers-color-scheme: dark)" srcset="…dark 1x, …dark 2x 2x, …dark 3x 3x">
///     <img src="…1x" srcset="…1x, …2x 2x, …3x 3x" width="W" height="H" alt="…">
///     </picture></a>
///
/// The image URLs are the query's own pairs (sorted, percent-encoded again) with `scale` set,
/// and `appearance=dark` for the dark source (left out when the query asks for dark itself);
/// each starts with `serve --base-url`. They are signed only when the snippet's own request was
/// (an unsigned request, answered under `--allow-unsigned`, gets unsigned URLs: the server is no
/// oracle that signs any query for whoever asks). The srcset lists only the scales the server
/// will draw (within `--max-scale` and the pixel cap), so a HiDPI screen never picks a refused URL.
extension BreakdownService {
    func snippet(request: RenderRequest, asked: QueryRequest, renderer: BreakdownRenderer, signed: Bool) throws(CLIError)
        -> ResponseCache.Entry
    {
        let headers: [(name: String, value: String)] = [("Content-Type", "text/html; charset=utf-8")]
        if request.breakdown.isHidden {
            let reason = request.breakdown.hiddenReason ?? "the view is hidden"
            return ResponseCache.Entry(
                status: 200, headers: headers + [("X-Breakdown-Hidden", Self.headerValue(reason))],
                body: Data("<!-- the price breakdown is hidden here -->\n".utf8))
        }
        let metadata: RenderMetadata
        var scales: [Int] = []
        do {
            let layout = try renderer.layout(request.view, style: request.settings.style, scale: .x1)
            metadata = RenderMetadata(layout: layout, format: .png, scale: 1, background: request.settings.background)
            // The 1x image must be drawable (its refusal is the snippet's); 2x and 3x are listed
            // when the PNG endpoint would draw them.
            for scale in (1...max(1, configuration.limits.scale)).filter({ $0 <= 3 }) {
                let scaled = scale == 1 ? layout : try renderer.layout(request.view, style: request.settings.style, scale: RenderScale(rawValue: Double(scale)) ?? .x1)
                do {
                    try BreakdownRenderer.checkSize(scaled, scale: Double(scale), maximumPixels: configuration.limits.pixels)
                    scales.append(scale)
                } catch where scale > 1 {
                    break
                }
            }
        } catch {
            throw CLIError(error)
        }
        let width = Self.cssPixels(metadata.size.width)
        let height = Self.cssPixels(metadata.size.height)
        let scaleKey = RenderOptions.scale.name, appearanceKey = ContentOptions.appearance.name
        var kept = asked.pairs.filter { $0.key != scaleKey && $0.key != Self.hiddenKey }
        if let hidden = asked.hidden { kept.append((Self.hiddenKey, hidden.rawValue)) }
        let dark = asked.options[ContentOptions.appearance] != .dark
        func srcset(appearance: String?) -> (first: String, all: String) {
            var pairs = kept.filter { appearance == nil || $0.key != appearanceKey }
            if let appearance { pairs.append((appearanceKey, appearance)) }
            let urls = scales.map { scale in imageURL(pairs + [(scaleKey, String(scale))], signed: signed) }
            let all = zip(scales, urls).map { scale, url in scale == 1 ? url : "\(url) \(scale)x" }.joined(separator: ", ")
            return (urls[0], all)
        }
        let light = srcset(appearance: nil)
        var html = "<picture>\n"
        if dark {
            html += "<source media=\"(prefers-color-scheme: dark)\" srcset=\"\(HTMLText.escape(srcset(appearance: "dark").all))\">\n"
        }
        html += "<img src=\"\(HTMLText.escape(light.first))\" srcset=\"\(HTMLText.escape(light.all))\" width=\"\(width)\" height=\"\(height)\""
        html += " alt=\"\(HTMLText.escape(metadata.altText))\" style=\"border:0;display:inline-block;vertical-align:middle\">\n</picture>"
        if let link = metadata.linkURL { html = "<a href=\"\(HTMLText.escape(link))\">" + html + "</a>" }
        return ResponseCache.Entry(
            status: 200,
            headers: headers + [("X-Breakdown-Width", Self.points(metadata.size.width)), ("X-Breakdown-Height", Self.points(metadata.size.height))],
            body: Data((html + "\n").utf8))
    }

    /// A PNG image URL for these pairs: sorted by key, percent-encoded, signed when the server
    /// signs and `signed` (the request for it was signed).
    func imageURL(_ pairs: [(key: String, value: String?)], signed: Bool) -> String {
        let query = pairs.sorted { $0.key < $1.key }.map { pair in
            Self.percentEncoded(pair.key) + (pair.value.map { "=" + Self.percentEncoded($0) } ?? "")
        }.joined(separator: "&")
        let path = "/v1/breakdown.png?" + query
        let target = signed ? configuration.signer.map { "/" + $0.signature(for: Substring(path)) + path } ?? path : path
        var base = Substring(configuration.baseURL)
        while base.hasSuffix("/") { base = base.dropLast() }
        return base + target
    }

    private static let unreserved = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))

    /// Letters, digits and `-._~` as they are; every other byte as %XX.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if Self.unreserved.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// An image's width or height in whole CSS pixels: its points, rounded up (the 1x PNG's pixels).
    static func cssPixels(_ points: Double) -> Int { Int((points - 1e-9).rounded(.up)) }

    /// Points as the headers give them: at most three decimals, no trailing zeros.
    static func points(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// A transparent image one point square at `scale`: PNG (scale × scale pixels) or SVG; nil for PDF.
    static func transparentImage(_ format: OutputFormat, scale: Double) -> Data? {
        switch format {
        case .png:
            let side = max(1, Int(scale))
            let pixels = [UInt8](repeating: 0, count: side * side * 4)
            let encoded = pixels.withUnsafeBytes { bytes in
                try? PNGEncoder().encode(width: side, height: side, stride: side * 4, argb32: bytes.baseAddress!)
            }
            return encoded.map { Data($0) }
        case .svg:
            return Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\" viewBox=\"0 0 1 1\"/>\n".utf8)
        case .pdf:
            return nil
        }
    }
}
