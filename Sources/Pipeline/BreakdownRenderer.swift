import BreakdownEncode
import BreakdownContent
import BreakdownLayout
import BreakdownPaint
import CPangoCairo
import Foundation

/// The whole pipeline: layout (Pango) → paint (Cairo) → encode (PNG, SVG, PDF).
///
/// A renderer keeps its font map, parsed artwork and PNG compressor between images, so make one
/// and reuse it. It is not thread-safe: use one renderer per thread (each thread makes its own;
/// never share one between threads or tasks that run at the same time).
public final class BreakdownRenderer {
    /// The private font set: Inter, the project's `Fonts/` folder and the extra font files.
    package let fonts: FontLibrary
    /// Lays out a breakdown with `fonts`.
    package let typesetter: Typesetter
    /// Draws layouts, with the artwork parsed once.
    package let painter: Painter
    private let png: PNGEncoder
    /// The extra font files, for the Android view's font set.
    private let fontFiles: [String]
    /// The Android view's typesetter: the same fonts plus Roboto and a fallback for ⓘ, made the
    /// first time an Android view is laid out.
    private var androidTypesetterStorage: Typesetter?
    /// The pixels of the PNG being drawn, reused from image to image.
    private let pixelMemory = PixelMemory()
    /// Layouts made lately, answered again for a repeated sentence (LayoutCache).
    private var layoutCache = LayoutCache(capacity: BreakdownRenderer.layoutCacheCapacity)
    /// How many layouts a renderer keeps.
    package static let layoutCacheCapacity = 1024

    /// Keep layouts for repeats (the default), or lay out every time (for the tests that prove
    /// the two give the same bytes). Setting it empties the cache.
    package var cachesLayouts: Bool {
        get { layoutCache.capacity > 0 }
        set { layoutCache = LayoutCache(capacity: newValue ? Self.layoutCacheCapacity : 0) }
    }

    /// Layouts answered from the cache and made, since the renderer was made or `cachesLayouts` set.
    package var layoutCacheCounts: (hits: Int, misses: Int, kept: Int) { (layoutCache.hits, layoutCache.misses, layoutCache.count) }

    /// Makes a renderer: loads the fonts and prepares the artwork and the PNG encoder.
    /// - Parameters:
    ///   - fontFiles: extra font files to make available besides Inter (`--font-file`), as paths
    ///     or file URLs.
    ///   - logoAssets: the logo artwork (`--logo-assets`), a path or a file URL: an asset catalog
    ///     (`.xcassets`), a folder of files named by the SDK's image names, or a folder with the
    ///     project's file names. Nil: the project's own `LogoAssets/`.
    /// - Throws: `BreakdownError.renderingFailed` when a font file cannot be loaded;
    ///   `BreakdownError.file` when `logoAssets` is none of the accepted folders.
    public init(fontFiles: [any FilePathConvertible] = [], logoAssets: (any FilePathConvertible)? = nil) throws(BreakdownError) {
        self.fontFiles = fontFiles.map(\.breakdownFilePath)
        do {
            fonts = try FontLibrary(fontFiles: fontFiles.map(\.breakdownFilePath), fallbackFiles: DigitFonts.installedFiles(android: false))
        } catch {
            throw error.breakdownError
        }
        typesetter = Typesetter(fonts: fonts)
        do {
            png = try PNGEncoder()
        } catch {
            throw BreakdownError.renderingFailed("\(error)")
        }
        let source: ArtworkSource
        do {
            source = try logoAssets.map { path throws(PaintError) in
                try ArtworkSource(directory: URL(fileURLWithPath: path.breakdownFilePath))
            } ?? .project
        } catch {
            throw BreakdownError.file(path: logoAssets?.breakdownFilePath ?? "", message: error.message)
        }
        painter = Painter(artwork: ArtworkLibrary(source: source))
    }

    /// Where this renderer's logos come from.
    package var artworkSource: ArtworkSource { painter.artwork.source }

    /// Lays out a breakdown without drawing it: the size, baselines and where the logo and link
    /// go, the logo sized by the ratio of the file that will draw it at `scale` (PDF page, SVG
    /// viewBox, PNG pixels).
    /// - Throws: `BreakdownError.invalidOption` as `render` throws it; `BreakdownError.renderingFailed`
    ///   for an unknown font family, link markup Pango rejects or unreadable artwork.
    public func layout(_ view: BreakdownView, style: LayoutStyle, scale: RenderScale = .x1) throws(BreakdownError) -> BreakdownLayout {
        let breakdown = view.breakdown
        try Self.check(breakdown, style: style)
        try Self.check(scale, of: view.platform)
        return try layout(view, breakdown: breakdown, style: style, scale: scale)
    }

    /// Refuses what every door refuses before drawing: a style number outside the option table's
    /// range (`LayoutStyle.problem`) and inputs that break a door's rule
    /// (`PriceBreakdown.invalidInput`), in those doors' words. Made before any Pango call, so a
    /// width of infinity is an error, never a stopped process, and a negative padding is never
    /// drawn cropped.
    package static func check(_ breakdown: PriceBreakdown, style: LayoutStyle) throws(BreakdownError) {
        if let problem = style.problem { throw problem }
        if let problem = breakdown.invalidInput { throw problem }
    }

    /// Refuses an Android density (`.x1_5`, …) for the iOS view, as `--scale` does: iOS screens
    /// are 1x, 2x or 3x.
    package static func check(_ scale: RenderScale, of platform: Platform) throws(BreakdownError) {
        guard platform == .ios, !scale.isIOS else { return }
        throw .invalidOption(
            option: "scale", message: InputRule.invalidValue(name: "scale", value: scale.text, accepted: InputRule.iosScaleAccepted(scale.text)))
    }

    /// The one dispatch on whose view it is; `breakdown` is `view.breakdown`, computed once by
    /// the caller.
    private func layout(_ view: BreakdownView, breakdown: PriceBreakdown, style: LayoutStyle, scale: RenderScale) throws(BreakdownError)
        -> BreakdownLayout
    {
        switch view {
        case .ios:
            return try layout(breakdown, style: style, scale: scale)
        case .android(_, let android):
            return try layoutCache.layout(for: LayoutCache.Key(view: view, breakdown: breakdown, style: style, scale: scale)) { () throws(BreakdownError) in
                do throws(LayoutError) {
                    return try androidTypesetter().layoutAndroid(breakdown, view: android, style: style, density: scale.factor)
                } catch {
                    throw error.breakdownError
                }
            }
        }
    }

    /// Lays out the iOS view's breakdown without drawing it (see `layout(_:style:scale:)` for
    /// either view).
    public func layout(_ breakdown: PriceBreakdown, style: LayoutStyle, scale: RenderScale = .x1) throws(BreakdownError) -> BreakdownLayout {
        try Self.check(breakdown, style: style)
        try Self.check(scale, of: .ios)
        return try layoutCache.layout(for: LayoutCache.Key(view: nil, breakdown: breakdown, style: style, scale: scale)) { () throws(BreakdownError) in
            try layoutAnew(breakdown, style: style, scale: scale)
        }
    }

    /// The iOS view's layout, made now (`layout` answers repeats from the cache).
    private func layoutAnew(_ breakdown: PriceBreakdown, style: LayoutStyle, scale: RenderScale) throws(BreakdownError) -> BreakdownLayout {
        var artwork: LogoArtwork?
        var linkArtwork: LogoArtwork?
        var warnings: [String] = []
        do throws(PaintError) {
            if !breakdown.isHidden { artwork = try painter.artwork.logoArtwork(for: breakdown.logo, scale: scale.factor) }
            if !breakdown.isHidden, let name = breakdown.link.content.sdkImageName {
                // The SDK loads this image by name, and its asset catalog has none: drawn only
                // when the given artwork really holds one.
                let source = painter.artwork.source
                if source.isOfficial, source.contains(name) {
                    linkArtwork = try painter.artwork.artwork(named: name, scale: scale.factor)
                } else {
                    warnings.append(Self.missingLinkImageWarning(name))
                }
            }
        } catch {
            throw error.breakdownError
        }
        do throws(LayoutError) {
            return try typesetter.layout(breakdown, style: style, logoArtwork: artwork, linkArtwork: linkArtwork, warnings: warnings)
        } catch {
            throw error.breakdownError
        }
    }

    /// Roboto's faces (Debian `fonts-roboto`) and Symbola (`fonts-symbola`), the fallback ⓘ is
    /// drawn from: the Android view's fonts besides the user's.
    public static let androidFontFiles: [String] = {
        let roboto = "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/"
        return ["Regular", "Bold", "Italic", "BoldItalic", "Medium"].map { roboto + "Roboto-\($0).ttf" }
            + ["/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"]
    }()

    private func androidTypesetter() throws(LayoutError) -> Typesetter {
        if let known = androidTypesetterStorage { return known }
        let installed = Self.androidFontFiles.filter { FileManager.default.fileExists(atPath: $0) }
        guard installed.contains(where: { $0.hasSuffix("Roboto-Regular.ttf") }) else {
            throw LayoutError(
                "the Android view is set in Roboto, and \(Self.androidFontFiles[0]) is not installed: install Debian's fonts-roboto (make deps)")
        }
        let typesetter = Typesetter(fonts: try FontLibrary(fontFiles: installed + fontFiles, fallbackFiles: DigitFonts.installedFiles(android: true)))
        androidTypesetterStorage = typesetter
        return typesetter
    }

    /// The font families a request may name in either view (the iOS view's fonts, and the
    /// Android view's, Roboto among them, when fonts-roboto is installed), sorted.
    package var fontFamilies: [String] {
        let android = (try? androidTypesetter().fonts.families) ?? []
        return Set(fonts.families + android).sorted()
    }

    /// The font families a request for `view` may name, sorted.
    package func fontFamilies(of view: Platform) -> [String] {
        switch view {
        case .ios: fonts.families.sorted()
        case .android: ((try? androidTypesetter().fonts.families) ?? []).sorted()
        }
    }

    /// The warning for a circled question or circled logo link whose image the artwork lacks.
    public static func missingLinkImageWarning(_ imageName: String) -> String {
        "the SDK's image \(imageName) is in no version of its asset catalog, so the iPhone shows no link and no space before it; drawn the same (give --logo-assets with an image of that name to draw one)"
    }

    /// Refuses, for a view that draws nothing, what layout would refuse of it alone if it were
    /// shown: a font family the view's fonts lack, and link markup Pango cannot read or whose
    /// sizes are over the limits. Such a request is refused, not answered "hidden", in the words
    /// layout uses; what depends on the drawn words (a width, a glyph) is not judged. Layout
    /// makes these checks for a shown view. For the Android view on a machine without Roboto,
    /// only the markup is judged (its layout says what is missing).
    package func checkHiddenRequest(of view: Platform, breakdown: PriceBreakdown, style: LayoutStyle) throws(BreakdownError) {
        try Self.check(breakdown, style: style)
        do throws(LayoutError) {
            switch view {
            case .ios: try typesetter.checkFamily(style.fontFamily, android: false)
            case .android: if let android = try? androidTypesetter() { try android.checkFamily(style.fontFamily, android: true) }
            }
            if case .markup(let markup) = breakdown.link.content { try Typesetter.checkLinkMarkup(markup, fontSize: style.fontSize) }
        } catch {
            throw error.breakdownError
        }
    }

    /// Renders a shown breakdown as an image in `format`.
    /// - Throws: `BreakdownError.invalidOption` for a style number outside the command line's
    ///   range (`LayoutStyle`), an Android density for the iOS view (`.x1_5`: iOS takes 1x, 2x,
    ///   3x) or inputs a door refuses (`PriceBreakdown.invalidInput`: a device locale, an
    ///   information page or a price), checked first;
    ///   `BreakdownError.hidden` for a hidden breakdown (the view draws nothing);
    ///   `BreakdownError.renderingFailed` when a stage fails (unknown font, bad markup, missing artwork).
    public func render(_ breakdown: PriceBreakdown, settings: RenderSettings, format: OutputFormat) throws(BreakdownError) -> RenderedImage {
        try Self.check(breakdown, style: settings.style)
        try Self.check(settings.scale, of: .ios)
        if breakdown.isHidden {
            try checkHiddenRequest(of: .ios, breakdown: breakdown, style: settings.style)
            throw BreakdownError.hidden(reason: breakdown.hiddenReason ?? "the view is hidden")
        }
        let scale = format == .png ? settings.scale : .x1
        return try encode(breakdown, layout: try self.layout(breakdown, style: settings.style, scale: scale), settings: settings, format: format)
    }

    /// Renders either view (iOS or Android), shown, as an image in `format`.
    /// - Throws: as `render(_:settings:format:)`.
    public func render(_ view: BreakdownView, settings: RenderSettings, format: OutputFormat) throws(BreakdownError) -> RenderedImage {
        let breakdown = view.breakdown
        try Self.check(breakdown, style: settings.style)
        try Self.check(settings.scale, of: view.platform)
        if breakdown.isHidden {
            try checkHiddenRequest(of: view.platform, breakdown: breakdown, style: settings.style)
            throw BreakdownError.hidden(reason: breakdown.hiddenReason ?? "the view is hidden")
        }
        let scale = format == .png ? settings.scale : .x1
        return try encode(
            breakdown, layout: try self.layout(view, breakdown: breakdown, style: settings.style, scale: scale), settings: settings, format: format)
    }

    /// Paints and encodes a layout of `breakdown`.
    private func encode(_ breakdown: PriceBreakdown, layout: BreakdownLayout, settings: RenderSettings, format: OutputFormat)
        throws(BreakdownError) -> RenderedImage
    {
        let scale = format == .png ? settings.scale : .x1
        try Self.checkSize(layout, scale: scale.factor, maximumPixels: settings.maximumPixels)
        var metadata = RenderMetadata(layout: layout, format: format, scale: scale.factor, background: settings.background)
        metadata.drawables = painter.artwork.drawables(of: layout)?.map { RenderMetadata.DrawableRecord(name: $0.name, file: $0.file) }
        let bytes: Data
        switch format {
        case .png:
            // The pixel memory is cleared next time only where this image drew (PixelMemory).
            bytes = try encodePNG(try paintImage(layout, settings: settings), clearing: pixelMemory, bands: Self.bands(layout, scale: settings.scale.factor))
        case .svg:
            let surface = try Self.painting { () throws(PaintError) in try CairoSurface.svg(width: layout.size.width, height: layout.size.height) }
            try Self.painting { () throws(PaintError) in
                try painter.paint(layout, background: settings.background, scale: 1, in: CairoContext(surface: surface))
            }
            let link = zip(breakdown.link.url, layout.linkFrame).map { (url: $0, frame: $1) }
            bytes = SVGAnnotations.annotate(try Self.painting { () throws(PaintError) in try surface.finish() }, title: breakdown.altText, link: link)
        case .pdf:
            let surface = try Self.painting { () throws(PaintError) in try CairoSurface.pdf(width: layout.size.width, height: layout.size.height) }
            try Self.painting { () throws(PaintError) in
                try painter.paint(layout, background: settings.background, scale: 1, in: CairoContext(surface: surface))
            }
            bytes = try Self.painting { () throws(PaintError) in try surface.finish() }
        }
        return RenderedImage(format: format, bytes: bytes, metadata: metadata, warnings: layout.warnings)
    }

    /// Runs a drawing step; its `PaintError` becomes `BreakdownError.renderingFailed` with the same message (`.failed` when the machine lacks a library).
    private static func painting<T>(_ step: () throws(PaintError) -> T) throws(BreakdownError) -> T {
        do throws(PaintError) {
            return try step()
        } catch {
            throw error.breakdownError
        }
    }
}

extension PaintError {
    /// The renderer's error for it: a library the machine lacks is a failure (exit 1), anything
    /// else a rendering problem of the input (exit 2).
    var breakdownError: BreakdownError { isEnvironment ? .failed(message) : .renderingFailed(message) }
}

extension BreakdownRenderer {
    /// The PNG path's drawing stage: the layout painted onto a new ARGB32 image of
    /// ceil(points × scale) pixels. `render` uses it; the benchmark times it on its own.
    package func paintImage(_ layout: BreakdownLayout, settings: RenderSettings) throws(BreakdownError) -> CairoSurface {
        let scale = settings.scale.factor
        try Self.checkSize(layout, scale: scale, maximumPixels: settings.maximumPixels)
        let pixels = RenderMetadata.pixels(layout.size, scale: scale)
        return try Self.painting { () throws(PaintError) in
            let surface = try CairoSurface.image(width: pixels.width, height: pixels.height, in: pixelMemory)
            try painter.paint(layout, background: settings.background, scale: scale, in: CairoContext(surface: surface))
            return surface
        }
    }

    /// Refuses an image over `ImageLimits` (from the layout, before any pixel exists). SVG and
    /// PDF are held to the same size in points as a PNG at scale 1. `maximumPixels` (from
    /// `RenderSettings`, set by `breakdown serve`) is a further, smaller cap on width × height.
    package static func checkSize(_ layout: BreakdownLayout, scale: Double, maximumPixels: Int? = nil) throws(BreakdownError) {
        let width = layout.size.width * scale, height = layout.size.height * scale
        guard width.isFinite, height.isFinite, width < 1e12, height < 1e12 else {
            throw BreakdownError.renderingFailed("the image size cannot be computed from the layout")
        }
        let pixels = RenderMetadata.pixels(layout.size, scale: scale)
        if let problem = ImageLimits.problem(width: pixels.width, height: pixels.height) { throw BreakdownError.renderingFailed(problem) }
        if let limit = maximumPixels, let problem = ImageLimits.problem(width: pixels.width, height: pixels.height, cap: limit) {
            throw BreakdownError.renderingFailed(problem)
        }
    }

    /// The PNG path's encoding stage: the surface's premultiplied pixels, straight into the PNG
    /// encoder. With `memory` (the pixel memory the surface was drawn in), the encoder zeroes each
    /// pixel as it reads it, and the memory is told that nothing is left for the next image's
    /// clear to reach.
    package func encodePNG(_ surface: CairoSurface, clearing memory: PixelMemory? = nil, bands: [Range<Int>] = []) throws(BreakdownError) -> Data {
        let layout = surface.imageLayout
        guard let pixels = surface.imageData else { throw BreakdownError.renderingFailed("the image surface has no pixels") }
        do {
            if let memory {
                // The encoder zeroes each pixel as it reads it: the memory is all clear for the next image.
                let bytes = try png.encodeDataClearing(
                    width: layout.width, height: layout.height, stride: layout.stride, argb32: pixels, bands: bands)
                memory.keepOnly(nonZero: [], at: pixels)
                return bytes
            }
            var nonZero: [Range<Int>] = []
            return try png.encodeData(
                width: layout.width, height: layout.height, stride: layout.stride, argb32: pixels, nonZero: &nonZero, bands: bands)
        } catch {
            throw BreakdownError.renderingFailed("cannot encode PNG: \(error)")
        }
    }
}

extension BreakdownRenderer {
    /// The PNG encoder's bands kept from an earlier image, and made anew (`PNGEncoder.bandCounts`).
    package var pngBandCounts: (hits: Int, misses: Int) { png.bandCounts }
    /// `pngBandCounts` of the band before the instalment alone.
    package var pngRowStartBandCounts: (hits: Int, misses: Int) { png.rowStartBandCounts }

    /// The columns of `layout`'s PNG at `scale` that are the same for many amounts of its
    /// configuration, as the encoder's bands (`PNGEncoder.encode`): those before the instalment and
    /// those after it, each `bandMargin` pixels clear of its text. None for a sentence of more than
    /// one line, or without an instalment.
    ///
    /// The columns before the instalment are one band a configuration, searched thoroughly once.
    /// Those after it hold the same pixels only at the same sub-pixel offset, which a catalogue's
    /// amounts spread over a few dozen (37 over the bench's 2,000 images): the encoder searches
    /// them as quickly as it would the rest, and keeps them only when met twice, so a batch of many
    /// configurations, which meets a new one at nearly every image, pays little for them
    /// (`PNGBandCache`).
    package static func bands(_ layout: BreakdownLayout, scale: Double) -> [Range<Int>] {
        guard let span = layout.instalmentSpan else { return [] }
        let width = RenderMetadata.pixels(layout.size, scale: scale).width
        let before = Int((span.lowerBound * scale).rounded(.down)) - bandMargin
        let after = Int((span.upperBound * scale).rounded(.up)) + bandMargin
        var bands: [Range<Int>] = []
        if before > 0, before <= width { bands.append(0..<before) }
        if after < width, after >= 0, after >= max(before, 0) { bands.append(after..<width) }
        return bands
    }

    /// How far each band keeps from the instalment's text, in pixels: a glyph's ink may reach past
    /// its advance.
    static let bandMargin = 3
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
