import BreakdownLayout
import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import BreakdownEncode

/// The `<a href><img></a>` for an image on a web page or in an email: the image at its size in
/// points (so a 2x PNG is sharp), its written alt text (the brand as written, not VoiceOver's spelling), the info link around it.
enum HTMLSnippet {
    static func snippet(source: String, metadata: RenderMetadata) -> String {
        snippet(sources: [(.x1, source)], metadata: metadata)
    }

    /// With several scales (`--scale 1,2,3`): `src` the first, `srcset` every one with its
    /// density (`W1@1x.png 1x, W1@2x.png 2x, W1@3x.png 3x`), so each screen loads the sharp one.
    /// - Parameter dark: the dark images (a dynamic palette), in a `<picture>`'s
    ///   `<source media="(prefers-color-scheme: dark)">` before the `<img>`.
    static func snippet(
        sources: [(scale: RenderScale, url: String)], dark: [(scale: RenderScale, url: String)] = [], metadata: RenderMetadata
    ) -> String {
        let width = Int((metadata.size.width - 1e-9).rounded(.up))
        let height = Int((metadata.size.height - 1e-9).rounded(.up))
        func listed(_ images: [(scale: RenderScale, url: String)]) -> String {
            escape(images.count == 1 ? images[0].url : images.map { "\($0.url) \($0.scale.text)x" }.joined(separator: ", "))
        }
        let srcset = sources.count > 1 ? " srcset=\"" + listed(sources) + "\"" : ""
        var image = "<img src=\"\(escape(sources[0].url))\"\(srcset) alt=\"\(escape(metadata.altText))\" width=\"\(width)\" height=\"\(height)\">"
        if !dark.isEmpty {
            image = "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"\(listed(dark))\">" + image + "</picture>"
        }
        guard let url = metadata.linkURL else { return image + "\n" }
        return "<a href=\"\(escape(url))\">\(image)</a>\n"
    }

    /// The base URL and a file name with exactly one slash between them (none when the base is
    /// empty): `https://cdn.example.com/bnpl` and `https://cdn.example.com/bnpl/` both give
    /// `https://cdn.example.com/bnpl/sku-1.png`.
    static func join(_ base: String, _ file: String) -> String {
        guard !base.isEmpty else { return file }
        var trimmed = Substring(base)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed + "/" + file
    }

    /// Text for an HTML attribute value or element content.
    static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
