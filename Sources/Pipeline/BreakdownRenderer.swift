import BreakdownEncode
import BreakdownContent
import BreakdownLayout
import BreakdownPaint
import CPangoCairo
import Foundation

/// What to draw besides the words: text style, pixel scale and background.
public struct RenderSettings: Sendable, Hashable {
    public var style: LayoutStyle
    /// Device pixels per point for PNG (1, 2 or 3); SVG and PDF are drawn in points.
    public var scale: Int
    /// Nil: transparent.
    public var background: RGBAColor?

    public init(style: LayoutStyle = LayoutStyle(), scale: Int = 1, background: RGBAColor? = nil) {
        self.style = style
        self.scale = scale
        self.background = background
    }
}

/// One rendered image: its bytes, its metadata and the layout it came from.
public struct RenderedImage: Sendable {
    public var format: OutputFormat
    public var bytes: Data
    public var metadata: RenderMetadata
    public var layout: BreakdownLayout
}

/// The whole pipeline for one thread: layout (Pango) → paint (Cairo) → encode (PNG, SVG, PDF).
/// It keeps its font map, parsed artwork and PNG compressor between images; make one per thread.
public final class BreakdownRenderer {
    public let fonts: FontLibrary
    public let typesetter: Typesetter
    public let painter: Painter
    private let png: PNGEncoder
    /// The pixels of the PNG being drawn, reused from image to image.
    private let pixelMemory = PixelMemory()

    /// - Parameters:
    ///   - fontFiles: extra font files to make available (`--font-file`).
    ///   - logoAssets: the logo artwork (`--logo-assets`): an asset catalog (`.xcassets`), a folder of
    ///     files named by the SDK's image names, or a folder with the project's file names. Nil: the
    ///     project's own `LogoAssets/`. A folder that is none of these throws `RenderError.failed`.
    public init(fontFiles: [String] = [], logoAssets: URL? = nil) throws {
        do {
            fonts = try FontLibrary(fontFiles: fontFiles)
        } catch let error as LayoutError {
            throw RenderError.failed(error.message)
        }
        typesetter = Typesetter(fonts: fonts)
        do {
            png = try PNGEncoder()
        } catch {
            throw RenderError.failed("\(error)")
        }
        let source: ArtworkSource
        do {
            source = try logoAssets.map { url throws(PaintError) in try ArtworkSource(directory: url) } ?? .project
        } catch {
            throw RenderError.failed(error.message)
        }
        painter = Painter(artwork: ArtworkLibrary(source: source))
    }

    /// Where this renderer's logos come from.
    public var artworkSource: ArtworkSource { painter.artwork.source }

    /// Lays out a breakdown, the logo sized by the ratio of the file that will draw it at `scale`
    /// pixels per point (PDF page, SVG viewBox, PNG pixels).
    public func layout(_ breakdown: Breakdown, style: LayoutStyle, scale: Int = 1) throws -> BreakdownLayout {
        do {
            let artwork = breakdown.isHidden ? nil : try painter.artwork.logoArtwork(for: breakdown.logo, scale: Double(scale))
            return try typesetter.layout(breakdown, style: style, logoArtwork: artwork)
        } catch let error as LayoutError {
            throw RenderError.failed(error.message)
        } catch let error as PaintError {
            throw RenderError.failed(error.message)
        }
    }

    /// Renders a shown breakdown; a hidden one throws `RenderError.hidden`.
    public func render(_ breakdown: Breakdown, settings: RenderSettings, format: OutputFormat) throws -> RenderedImage {
        if breakdown.isHidden { throw RenderError.hidden(reason: breakdown.hiddenReason ?? "the view is hidden") }
        guard [1, 2, 3].contains(settings.scale) else {
            throw RenderError.failed("scale \(settings.scale) is not accepted: use 1, 2 or 3")
        }
        let scale = format == .png ? Double(settings.scale) : 1
        let layout = try self.layout(breakdown, style: settings.style, scale: Int(scale))
        let metadata = RenderMetadata(layout: layout, format: format, scale: scale, background: settings.background)
        do {
            let bytes: Data
            switch format {
            case .png:
                bytes = try encodePNG(try paintImage(layout, settings: settings))
            case .svg:
                let surface = try CairoSurface.svg(width: layout.size.width, height: layout.size.height)
                try painter.paint(layout, background: settings.background, scale: 1, in: CairoContext(surface: surface))
                let link = zip(breakdown.link.url, layout.linkFrame).map { (url: $0, frame: $1) }
                bytes = SVGAnnotations.annotate(try surface.finish(), title: breakdown.accessibilityLabel, link: link)
            case .pdf:
                let surface = try CairoSurface.pdf(width: layout.size.width, height: layout.size.height)
                try painter.paint(layout, background: settings.background, scale: 1, in: CairoContext(surface: surface))
                bytes = try surface.finish()
            }
            return RenderedImage(format: format, bytes: bytes, metadata: metadata, layout: layout)
        } catch let error as PaintError {
            throw RenderError.failed(error.message)
        }
    }
}

extension BreakdownRenderer {
    /// The PNG path's drawing stage: the layout painted onto a new ARGB32 image of
    /// ceil(points × scale) pixels. `render` uses it; the benchmark times it on its own.
    package func paintImage(_ layout: BreakdownLayout, settings: RenderSettings) throws -> CairoSurface {
        let scale = Double(settings.scale)
        let pixels = RenderMetadata.pixels(layout.size, scale: scale)
        let surface = try CairoSurface.image(width: pixels.width, height: pixels.height, in: pixelMemory)
        try painter.paint(layout, background: settings.background, scale: scale, in: CairoContext(surface: surface))
        return surface
    }

    /// The PNG path's encoding stage: the surface's premultiplied pixels, straight into the PNG encoder.
    package func encodePNG(_ surface: CairoSurface) throws -> Data {
        let layout = surface.imageLayout
        guard let pixels = surface.imageData else { throw RenderError.failed("the image surface has no pixels") }
        do {
            return Data(try png.encode(width: layout.width, height: layout.height, stride: layout.stride, argb32: pixels))
        } catch {
            throw RenderError.failed("cannot encode PNG: \(error)")
        }
    }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
