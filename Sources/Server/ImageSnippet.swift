import BreakdownContent
import BreakdownEncode
import BreakdownOptions
import BreakdownPipeline
import Foundation
import BreakdownIO

/// `GET /v1/breakdown.html?<query>`: the HTML for a page or an email that shows the query's
/// breakdown at its size in CSS pixels (one per point, so that 2x and 3x images are sharp):
///
///     <a href="…info link…"><picture>
///     <source media="(prefers-color-scheme: dark)" srcset="…dark 1x, …dark 2x 2x, …dark 3x 3x">
///     <img src="…1x" srcset="…1x, …2x 2x, …3x 3x" width="W" height="H" alt="…">
///     </picture></a>
///
/// The image URLs are the query's own pairs (sorted, percent-encoded again) with `scale` set,
/// and `appearance=dark` for the dark source (left out when the query asks for dark itself, or
/// gives an opaque `background`: the image then carries its own ground, and says so in a note);
/// each starts with `serve --base-url`. They are signed only when the snippet's own request was
/// (an unsigned request, answered under `--allow-unsigned`, gets unsigned URLs: the server is no
/// oracle that signs any query for whoever asks). The srcset lists only the scales the server
/// will draw (within its scale limit and pixel cap), so a HiDPI screen never picks a refused URL.
extension BreakdownService {
    func snippet(request: RenderRequest, asked: QueryRequest, renderer: BreakdownRenderer, signed: Bool) throws(HTTPProblem)
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
            throw HTTPProblem(error)
        }
        let width = Self.cssPixels(metadata.size.width)
        let height = Self.cssPixels(metadata.size.height)
        let scaleKey = RenderOptions.scale.name, appearanceKey = ContentOptions.appearance.name
        var kept = asked.pairs.filter { $0.key != scaleKey && $0.key != Self.hiddenKey }
        if let hidden = asked.hidden { kept.append((Self.hiddenKey, hidden.rawValue)) }
        // An opaque background is the image's own ground: the image reads the same on a dark
        // page, and the dark view's white text on it (the query's ground, not the page's) could
        // not be read. So the snippet adds a dark source only when the page shows through.
        let opaque = request.settings.background.map { $0.alpha == 255 } ?? false
        let dark = asked.options[ContentOptions.appearance] != .dark && !opaque
        // What a reader of the page sees: the light image's warnings, and the dark one's (with
        // the brand's readable palette for the dark image when the mark would vanish and the
        // query chose no dark palette).
        var notes = metadata.contrast.warnings.map { ContrastWarning.prefix + $0 }
        if opaque && asked.options[ContentOptions.appearance] != .dark {
            notes.append("the background is opaque, so the image looks the same on a dark page: no dark source (give appearance=dark for a dark image)")
        }
        var darkPairs: [(key: String, value: String?)] = []
        if dark {
            let darkChoice = try darkSource(pairs: kept, renderer: renderer)
            notes += darkChoice.notes
            darkPairs = darkChoice.extra
        }
        func srcset(appearance: String?) -> (first: String, all: String) {
            var pairs = kept.filter { appearance == nil || $0.key != appearanceKey }
            if let appearance { pairs.append((appearanceKey, appearance)) }
            if appearance != nil { pairs += darkPairs }
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
        html = notes.map { "<!-- \(Self.commentText($0)) -->\n" }.joined() + html
        return ResponseCache.Entry(
            status: 200,
            headers: headers + [("X-Breakdown-Width", Self.points(metadata.size.width)), ("X-Breakdown-Height", Self.points(metadata.size.height))]
                + notes.map { ("X-Breakdown-Warning", Self.quotedHeaderValue($0)) },
            body: Data((html + "\n").utf8))
    }

    /// The palettes tried, in order, for a dark image whose mark would vanish.
    static let readablePalettes: [ColorPalette] = [.alt, .default, .lightMono, .darkMono]

    /// The dark `<source>`'s warnings and any pairs it adds. When its logo mark is below 3:1,
    /// the query gave no `dark-palette` and the view is iOS's, the first palette whose mark is
    /// readable is added as `dark-palette` and the note says so (an email cannot be told later);
    /// the Android view has one static style, so its note says only what is low.
    func darkSource(pairs: [(key: String, value: String?)], renderer: BreakdownRenderer) throws(HTTPProblem)
        -> (notes: [String], extra: [(key: String, value: String?)])
    {
        let appearanceKey = ContentOptions.appearance.name, darkPaletteKey = ContentOptions.darkPalette.name
        func contrast(_ extra: [(key: String, value: String?)]) throws(HTTPProblem) -> (RenderMetadata.ContrastRecord, BreakdownView) {
            var record: [String: String] = [:]
            for pair in pairs where pair.key != appearanceKey && pair.key != Self.hiddenKey { record[pair.key] = pair.value ?? "true" }
            record[appearanceKey] = "dark"
            for pair in extra { record[pair.key] = pair.value }
            let request = try HTTPProblem.reading { () throws(RequestError) in try RenderRequest(ParsedOptions(record: record, groups: Self.queryGroups, source: .query)) }
            do {
                let layout = try renderer.layout(request.view, style: request.settings.style, scale: .x1)
                return (RenderMetadata(layout: layout, format: .png, scale: 1, background: request.settings.background).contrast, request.view)
            } catch {
                throw HTTPProblem(error)
            }
        }
        let (darkContrast, view) = try contrast([])
        let inDark = "in dark mode, "
        let asDrawn = darkContrast.warnings.map { ContrastWarning.prefix + inDark + $0 }
        guard darkContrast.logo < ContrastRatio.minimum, !pairs.contains(where: { $0.key == darkPaletteKey }), view.hasDarkPalette else {
            return (asDrawn, [])
        }
        let vanishing = "in dark mode the logo's mark \(darkContrast.logoForeground) on \(darkContrast.logoBackground) is \(ContrastReport.format(darkContrast.logo)):1 as the SDK draws it, below 3:1"
        for palette in Self.readablePalettes {
            let extra: [(key: String, value: String?)] = [(darkPaletteKey, palette.rawValue)]
            let (tried, _) = try contrast(extra)
            if tried.logo >= ContrastRatio.minimum {
                // What is still low in the dark image drawn (the text, the link) is said as drawn.
                let rest = tried.warnings.map { ContrastWarning.prefix + inDark + $0 }
                return (["\(vanishing): the dark image uses \(darkPaletteKey)=\(palette.rawValue) instead (the mark \(tried.logoForeground) on \(tried.logoBackground) is \(ContrastReport.format(tried.logo)):1); give \(darkPaletteKey) to choose"] + rest, extra)
            }
        }
        return (asDrawn + ["no palette makes the dark image's logo readable: give a background, or appearance=light"], [])
    }

    /// Text safe inside an HTML comment (which no entity escapes): no `--` to end it early.
    static func commentText(_ text: String) -> String {
        var text = text
        while text.contains("--") { text = text.replacingOccurrences(of: "--", with: "- -") }
        return text
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
