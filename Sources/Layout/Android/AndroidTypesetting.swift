import BreakdownContent
import CPangoCairo
import Foundation

/// The Android view's layout (android.md sections 2.3, 4, 5 and 6): one `TextView` of Roboto,
/// start-aligned, its logo and image links as image spans centred on the ascent/descent midpoint,
/// line spacing 1.2 and the default font padding. Pango breaks and shapes the lines; the vertical
/// positions are Android's, computed in whole device pixels at `density` (the render scale) and
/// given back in dp (points), so a PNG at that scale lands on the pixels a device would use.
extension Typesetter {
    /// The family the Android view's text is set in by default (Debian `fonts-roboto`).
    package static let androidFamily = "Roboto"
    /// The family ⓘ comes from when the text font has none: on a device a system fallback font,
    /// here Symbola (Debian `fonts-symbola`).
    package static let androidFallbackFamily = "Symbola"

    /// Lays out the Android view `view` (`breakdown` is what layout and painting take of it) at
    /// `density` device pixels per dp.
    package func layoutAndroid(_ breakdown: PriceBreakdown, view: AndroidBreakdown, style: LayoutStyle, density: Double)
        throws(LayoutError) -> BreakdownLayout
    {
        let (layout, messages) = try LibraryMessages.collecting { () throws(LayoutError) in
            try layoutAndroidQuietly(breakdown, view: view, style: style, density: density)
        }
        if let first = messages.first { throw LayoutError("the text cannot be laid out: \(first)") }
        return layout
    }

    private func layoutAndroidQuietly(_ breakdown: PriceBreakdown, view: AndroidBreakdown, style: LayoutStyle, density: Double)
        throws(LayoutError) -> BreakdownLayout
    {
        guard density.isFinite, density > 0 else { throw LayoutError("the density \(density) is not a positive number") }
        try checkFamily(style.fontFamily, android: true)
        let family = fonts.family(named: style.fontFamily) ?? style.fontFamily
        let metrics = try self.metrics(family: family, size: style.fontSize)
        // The text paint's metrics in pixels: float for the logo's size, whole for placement.
        let ascentPx = -metrics.ascender * density
        let descentPx = -metrics.descender * density
        let fontHeightPx = descentPx - ascentPx
        let fontInt = AndroidFontMetricsInt(ascent: ascentPx, descent: descentPx)
        let box = boundingBox(family: family)
        let textPx = style.fontSize * density
        let topPx = box.map { Int((-$0.top * textPx).rounded(.down)) } ?? fontInt.ascent
        let bottomPx = box.map { Int(($0.bottom * textPx).rounded(.up)) } ?? fontInt.descent

        guard let logoSize = AndroidLogoSize.size(view.logo, fontHeight: fontHeightPx, density: density) else {
            throw LayoutError("the Android logo \(view.logo.layers.map(\.drawable).joined(separator: ", ")) has no known size")
        }
        let linkSide = Int(fontHeightPx)
        func inlineBox(width: Int, height: Int) -> InlineBox {
            let extent = AndroidSpanGeometry.spanExtent(height: height, metrics: fontInt)
            return InlineBox(width: Double(width) / density, height: Double(height) / density, baselineOffset: -Double(extent.top + height) / density)
        }
        let hasCircledInfo = try self.hasCircledInfo(family: family)
        let paragraph = try Paragraph(
            breakdown: breakdown, metrics: metrics,
            inlines: .android(logo: inlineBox(width: logoSize.width, height: logoSize.height), imageLink: inlineBox(width: linkSide, height: linkSide)),
            fontSize: style.fontSize)
        paragraph.attributes.addNoHyphens(range: nil)
        // ⓘ drawn by the fallback font grows its line to that font's ascent and descent
        // (fallback line spacing, on for apps targeting Android 9 and later).
        var fallback: AndroidFontMetricsInt?
        if !hasCircledInfo, paragraph.text.contains(Paragraph.circledInfo), fonts.family(named: Self.androidFallbackFamily) != nil {
            let symbols = try self.metrics(family: Self.androidFallbackFamily, size: style.fontSize)
            fallback = AndroidFontMetricsInt(ascent: -symbols.ascender * density, descent: -symbols.descender * density)
        }

        let description = try androidFontDescription(family: family, size: style.fontSize)
        defer { pango_font_description_free(description) }
        let handle = pangoLayout(paragraph, description: description, width: style.width, breakingWords: true)
        try checkExtents(handle.pointer)
        try checkEveryCharacterHasAGlyph(handle, paragraph: paragraph, family: family)
        try checkWidthHoldsEveryWord(handle, paragraph: paragraph, description: description, width: style.width, breakingWords: true)
        var warnings: [String] = []
        if view.logo.type == .compactBadge, let mark = view.logo.layers.dropFirst().first,
            let markSize = AndroidLogoSize.compactMarkSize(drawable: mark.drawable, density: density),
            markSize.width > logoSize.width || markSize.height > logoSize.height
        {
            warnings.append(
                "the compact badge's mark is a fixed \(markSize.width) × \(markSize.height) px (the Android SDK sizes it in pixels, not dp): at scale \(density.shortText) it is larger than its \(logoSize.width) × \(logoSize.height) px pill and is drawn so, as the rules give it (android.md 5.4; a higher --scale or a larger text fits it)")
        }
        return measureAndroid(
            handle, paragraph: paragraph, breakdown: breakdown, view: view, style: style, metrics: metrics, density: density,
            font: fontInt, fontTop: topPx, fontBottom: bottomPx, fallback: fallback, logoPixels: logoSize, warnings: warnings)
    }

    private func androidFontDescription(family: String, size: Double) throws(LayoutError) -> OpaquePointer {
        try checkFamily(family, android: true)
        guard size.isFinite, size > 0, size <= 1000 else {
            throw LayoutError("font size \(size) is not accepted: use a size in dp above 0 and at most 1000")
        }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, fonts.family(named: family)!)
        pango_font_description_set_absolute_size(description, Double(pangoUnits(size)))
        return description
    }

    private func measureAndroid(
        _ handle: PangoLayoutHandle, paragraph: Paragraph, breakdown: PriceBreakdown, view: AndroidBreakdown, style: LayoutStyle,
        metrics: FontMetrics, density: Double, font: AndroidFontMetricsInt, fontTop: Int, fontBottom: Int,
        fallback: AndroidFontMetricsInt?, logoPixels: (width: Int, height: Int), warnings: [String]
    ) -> BreakdownLayout {
        let layout = handle.pointer
        let bytes = Array(paragraph.text.utf8)
        let padding = style.padding
        func dp(_ pixels: Int) -> Double { Double(pixels) / density }

        // Each Pango line's byte range and logical extents.
        struct Line {
            var start: Int
            var length: Int
            var logical: PangoRectangle
        }
        var lines: [Line] = []
        let iter = pango_layout_get_iter(layout)!
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let line = pango_layout_iter_get_line_readonly(iter)!
            lines.append(Line(start: Int(line.pointee.start_index), length: Int(line.pointee.length), logical: logical))
        } while pango_layout_iter_next_line(iter) != 0
        pango_layout_iter_free(iter)

        // StaticLayout's vertical positions, in whole pixels: each line's ascent and descent are the
        // extremes of the font's, its image spans' and a fallback font's; the first line starts at
        // the font's top and the last ends at its bottom (font padding); every line but the last
        // gets round(0.2 × its height) below it.
        var baselinesPx: [Int] = []
        var topsPx: [Int] = []
        var heightsPx: [Int] = []
        var y = 0
        let circledInfo = Array(Paragraph.circledInfo.utf8)
        for (index, line) in lines.enumerated() {
            let range = line.start..<line.start + line.length
            var above = font.ascent, below = font.descent
            var top = fontTop, bottom = fontBottom
            for inline in paragraph.inlines where range.contains(inline.byteOffset) {
                let height = Int((inline.box.height * density).rounded())
                let extent = AndroidSpanGeometry.spanExtent(height: height, metrics: font)
                above = min(above, extent.top)
                below = max(below, extent.bottom)
                top = min(top, extent.top)
                bottom = max(bottom, extent.bottom)
            }
            if let fallback, bytes[range].firstRange(of: circledInfo) != nil {
                above = min(above, fallback.ascent)
                below = max(below, fallback.descent)
            }
            if index == 0 { above = min(above, top) }
            let isLast = index == lines.count - 1
            if isLast { below = max(below, bottom) }
            let extra = isLast ? 0 : AndroidSpanGeometry.extraBelow(line: AndroidFontMetricsInt(ascent: above, descent: below))
            topsPx.append(y)
            baselinesPx.append(y - above)
            heightsPx.append(below - above + extra)
            y += below - above + extra
        }
        var logicalExtents = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logicalExtents)
        // wrap_content: the widest line, rounded up to a whole pixel.
        let contentWidth = style.width ?? dp(Int((points(logicalExtents.width) * density - 1e-9).rounded(.up)))
        let size = Size(width: contentWidth + 2 * padding, height: dp(y) + 2 * padding)

        var elements: [LayoutElement] = []
        for (index, line) in lines.enumerated() {
            let frame = Rect(
                x: padding + points(line.logical.x), y: padding + dp(topsPx[index]), width: points(line.logical.width),
                height: dp(heightsPx[index]))
            elements.append(
                .textLine(
                    lineIndex: index, text: paragraph.describe(bytes[line.start..<line.start + line.length]),
                    baselineOrigin: Point(x: padding + points(line.logical.x), y: padding + dp(baselinesPx[index])), frame: frame))
        }

        var logoFrame: Rect?
        var linkFrame: Rect?
        let runs = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(runs) }
        var lineIndex = 0
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(runs) else {
                lineIndex += 1
                continue
            }
            let offset = Int(run.pointee.item.pointee.offset), length = Int(run.pointee.item.pointee.length)
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(runs, nil, &logical)
            let index = min(lineIndex, lines.count - 1)
            let baseline = padding + dp(baselinesPx[index])
            let x = padding + points(logical.x)
            for inline in paragraph.inlines where inline.byteOffset >= offset && inline.byteOffset < offset + length {
                let frame = Rect(
                    x: x, y: baseline - inline.box.baselineOffset - inline.box.height, width: inline.box.width, height: inline.box.height)
                switch inline.kind {
                case .logo:
                    logoFrame = frame
                    elements += Self.androidLogoLayers(view.logo, frame: frame, pixels: logoPixels, density: density)
                case .androidDrawable(let name, let tint):
                    linkFrame = frame
                    elements.append(.drawable(name: name, tint: tint, frame: frame))
                case .linkIcon, .linkImage:
                    continue
                }
            }
            if let link = paragraph.linkTextRange, offset < link.upperBound, offset + length > link.lowerBound {
                let top = padding + dp(topsPx[index])
                let frame = Rect(x: x, y: top, width: points(logical.width), height: dp(heightsPx[index]))
                linkFrame = linkFrame.map { $0.union(frame) } ?? frame
            }
        } while pango_layout_iter_next_run(runs) != 0

        return BreakdownLayout(
            breakdown: breakdown, style: style, metrics: metrics, size: size, baselines: baselinesPx.map { padding + dp($0) },
            elements: elements, logoFrame: logoFrame, linkFrame: linkFrame, logoArtwork: nil,
            unknownGlyphCount: Int(pango_layout_get_unknown_glyphs_count(layout)), pango: handle, warnings: warnings,
            // An Android view draws nothing outside its bounds (its parent clips it): a compact
            // badge's fixed-size mark wider or taller than the view is cut at its edge, not drawn
            // into the padding around it.
            clip: Rect(x: padding, y: padding, width: size.width - 2 * padding, height: size.height - 2 * padding),
            instalmentSpan: lines.count == 1
                ? Self.instalmentExtent(layout, bytes: bytes, breakdown: breakdown).map { (padding + points($0.lowerBound))...(padding + points($0.upperBound)) }
                : nil)
    }

    /// The logo's layers, bottom to top (android.md 5.1): each fills the logo box, except a
    /// compact badge's mark, drawn at its fixed pixel size and centred (5.4).
    static func androidLogoLayers(_ logo: AndroidLogo, frame: Rect, pixels: (width: Int, height: Int), density: Double) -> [LayoutElement] {
        logo.layers.enumerated().map { index, layer in
            if logo.type == .compactBadge, index == 1,
                let mark = AndroidLogoSize.compactMarkSize(drawable: layer.drawable, density: density)
            {
                let left = (pixels.width - mark.width) / 2, top = (pixels.height - mark.height) / 2
                let markFrame = Rect(
                    x: frame.x + Double(left) / density, y: frame.y + Double(top) / density, width: Double(mark.width) / density,
                    height: Double(mark.height) / density)
                return .drawable(name: layer.drawable, tint: layer.tint, frame: markFrame)
            }
            return .drawable(name: layer.drawable, tint: layer.tint, frame: frame)
        }
    }
}

extension LayoutStyle {
    /// The Android view's style: Roboto at 14 sp (the `TextView`'s default text size at font
    /// scale 1), no tracking (Android adds none), one line, no padding.
    public static var android: LayoutStyle {
        LayoutStyle(fontFamily: Typesetter.androidFamily, fontSize: AndroidFontScale.defaultTextSize, tracking: .none)
    }
}
