import BreakdownContent
import BreakdownPaint
import BreakdownPipeline
import Foundation
import Testing
@testable import RenderTestSupport

/// SVG artwork that points outside itself (an image file, another SVG, a stylesheet, an XInclude,
/// an external DTD) is refused in one line by the library, the door every command goes through:
/// librsvg, given the file's bytes with no base address, would skip the reference and draw the
/// rest, so the logo would differ with no error from the file as a browser draws it. References
/// to the file's own elements (`#id`) and embedded PNG or JPEG `data:` images are drawn.
@Suite struct ArtworkReferenceTests {
    static let badgeName = "badge-afterpay-mint-on-black"

    /// An SVG filling its 300 × 100 page with red, then `body`.
    static func svg(_ body: String, prolog: String = "") -> String {
        """
        \(prolog)<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 100">\
        <rect width="300" height="100" fill="#ff0000"/>\(body)</svg>
        """
    }

    /// One opaque blue pixel, as a PNG in base64.
    static let pixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/5ncLrgAAAABJRU5ErkJggg=="

    /// What the library says drawing the badge from a folder holding `text` as its SVG, or "drawn".
    static func outcome(_ text: String, in folder: URL) -> String {
        do {
            try Data(text.utf8).write(to: folder.appendingPathComponent("\(badgeName).svg"))
            let renderer = try BreakdownRenderer(logoAssets: folder)
            _ = try renderer.render(Fixtures.breakdown(link: .none), settings: RenderSettings(), format: .png)
            return "drawn"
        } catch {
            return "\(error)"
        }
    }

    @Test func svgsThatPointOutsideThemselvesAreRefusedInOneLine() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ArtworkFixtures.png(width: 4, height: 4, color: RGBAColor(red8: 0, green8: 0, blue8: 255))
            .write(to: folder.appendingPathComponent("red.png"))
        let cases: [(name: String, text: String, shown: String)] = [
            ("image file", Self.svg(#"<image width="300" height="100" xlink:href="red.png"/>"#), "'red.png' (xlink:href)"),
            ("parent folder", Self.svg(#"<image width="300" height="100" href="../../red.png"/>"#), "'../../red.png' (href)"),
            ("other prefix", Self.svg(#"<use l:href = 'http://example.com/a.svg#a' xmlns:l="http://www.w3.org/1999/xlink"/>"#), "(l:href)"),
            ("character references", Self.svg(#"<image width="300" height="100" href="&#x72;ed.png"/>"#), "'red.png' (href)"),
            ("feImage", Self.svg(#"<filter id="f"><feImage href="red.png"/></filter>"#), "'red.png' (href)"),
            ("upper-case data", Self.svg(#"<image width="300" height="100" href="DATA:image/png;base64,\#(Self.pixel)"/>"#), "'DATA:image/png"),
            ("xinclude", Self.svg(##"<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="#x" parse="text"/>"##), "includes another file (<xi:include"),
            ("style attribute", Self.svg(#"<rect width="9" height="9" style="fill: url( 'pattern.svg#p' )"/>"#), "'pattern.svg#p' (CSS url())"),
            ("presentation attribute", Self.svg(#"<rect width="9" height="9" fill="url(other.svg#g)"/>"#), "'other.svg#g' (CSS url())"),
            ("css escape", Self.svg(#"<style>rect { fill: \75 rl(x.svg#a) }</style>"#), "'x.svg#a' (CSS url())"),
            ("import", Self.svg("<style>@import 'brand.css';</style>"), "imports a stylesheet (@import 'brand.css')"),
            ("stylesheet instruction", Self.svg("", prolog: #"<?xml-stylesheet type="text/css" href="brand.css"?>"#), "'brand.css' (href)"),
            ("external dtd", Self.svg("", prolog: #"<!DOCTYPE svg SYSTEM "file:///etc/passwd">"#), "names an external DTD (<!DOCTYPE svg SYSTEM"),
            (
                "public dtd", Self.svg("", prolog: #"<!DOCTYPE svg PUBLIC "-//ACME//DTD Logo 1.0//EN" "http://example.com/logo.dtd">"#),
                "names an external DTD (<!DOCTYPE svg PUBLIC"
            ),
        ]
        for (name, text, shown) in cases {
            let message = Self.outcome(text, in: folder)
            #expect(message.contains("the SVG ") && message.contains(shown), "\(name): \(message)")
            #expect(message.contains(ArtworkBoundsFacts.accepted), "\(name): \(message)")
            #expect(message.contains(Self.badgeName) && message.contains(folder.path) && !message.contains("\n"), "\(name): \(message)")
        }
        // A CSS-escaped data: URL of another type is refused for its type, as a plain one is.
        let escapedData = Self.outcome(Self.svg(#"<rect width="9" height="9" style="fill:url(d\61ta:image/svg+xml;base64,PHN2Zz4=)"/>"#), in: folder)
        #expect(escapedData.contains("the SVG embeds data of type 'image/svg+xml'"), "\(escapedData)")
    }

    @Test func referencesToItselfAndEmbeddedImagesAreDrawn() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let own = Self.svg(
            """
            <defs><linearGradient id="g"><stop offset="0" stop-color="#00ff00"/></linearGradient>\
            <clipPath id="c"><rect width="300" height="100"/></clipPath></defs>\
            <rect id="r" width="10" height="10" fill="url(#g)" style="clip-path: url('#c')"/><use xlink:href="#r" x="20"/>\
            <image width="30" height="10" href="data:image/png;base64,\(Self.pixel)"/>\
            <rect width="9" height="9" style="fill: url( &quot;data:image/png;base64,\(Self.pixel)&quot; )"/>
            """, prolog: "<?xml version=\"1.0\"?><!DOCTYPE svg>")
        #expect(Self.outcome(own, in: folder) == "drawn")
        // The W3C's SVG 1.1 DTD by its public name, as Illustrator and Inkscape write it: nothing to fetch.
        let exported = Self.svg(
            ##"<rect width="300" height="100" fill="#00ff00"/><title>Afterpay</title>"##,
            prolog: #"<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">"#)
        #expect(Self.outcome(exported, in: folder) == "drawn")
    }

    @Test func androidDrawablesConvertToSVGThatPasses() throws {
        // A drawable with a clip path converts to an SVG pointing at it (url(#…)), which the check passes.
        let xml = """
            <vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="30dp" android:height="10dp" \
            android:viewportWidth="30" android:viewportHeight="10"><clip-path android:pathData="M0,0h30v10h-30z"/>\
            <path android:fillColor="#FF0000" android:pathData="M0,0h30v10h-30z"/></vector>
            """
        let svg = try VectorDrawable.svg(fromXML: xml)
        #expect(svg.contains("url(#"), "the converted drawable points at its own clip path")
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.outcome(svg, in: folder) == "drawn")
    }
}

/// The words of the refusal, spelt here independently of the code.
enum ArtworkBoundsFacts {
    static let accepted = "artwork may point only at its own elements (#id) and at PNG or JPEG images embedded as data: URLs"
}
