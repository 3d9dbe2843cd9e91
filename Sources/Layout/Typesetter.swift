import BreakdownContent
import CPangoCairo
import Foundation

/// Lays out breakdowns with Pango: the sentence, the logo and the link in one paragraph, the
/// logo and image icons as inline shapes sized by the reference's formulas from the font's metrics.
/// Not thread-safe (it shares its `FontLibrary`'s Pango context): one per thread.
package final class Typesetter {
    package let fonts: FontLibrary
    private var metricsCache: [String: FontMetrics] = [:]
    private var circledInfoCache: [String: Bool] = [:]
    /// Each family's `head` box (nil when its file has none), read once: the Android view's font padding.
    private var boundingBoxCache: [String: FontBoundingBox?] = [:]

    /// The weight of the text with Bold Text on: the body style's emphasized weight, Semibold
    /// (Apple publishes no Bold Text weight: an approximation, docs/fidelity.md section 8).
    static let boldTextWeight = PANGO_WEIGHT_SEMIBOLD

    package init(fonts: FontLibrary) {
        self.fonts = fonts
    }

    /// The family's bounding box from its font file, read the first time it is asked for.
    func boundingBox(family: String) -> FontBoundingBox? {
        if let known = boundingBoxCache[family] { return known }
        let box = fonts.file(ofFamily: family).flatMap(FontBoundingBox.init(fontFile:))
        boundingBoxCache[family] = .some(box)
        return box
    }

    /// The font's ascender and descender at this size, from Pango's metrics.
    package func metrics(family: String, size: Double) throws(LayoutError) -> FontMetrics {
        let description = try fontDescription(family: family, size: size)
        defer { pango_font_description_free(description) }
        return metrics(description, key: "\(family)|\(size)")
    }

    /// Lays out `breakdown`.
    /// - Parameter logoArtwork: the file that will draw the logo: its own ratio sizes the logo. Nil:
    ///   the reference's ratios (section 5).
    /// - Parameters:
    ///   - linkArtwork: the file with the SDK's image for a circled question or circled logo link
    ///     (`LinkContent.sdkImageName`), when the artwork holds one; nil: that link draws nothing.
    ///   - warnings: lines the layout carries for `render` to print.
    package func layout(
        _ breakdown: PriceBreakdown, style: LayoutStyle, logoArtwork: LogoArtwork? = nil, linkArtwork: LogoArtwork? = nil,
        warnings: [String] = []
    ) throws(LayoutError) -> BreakdownLayout {
        // Pango's warnings (an unusable font size, say) become this layout's error, not stray
        // lines on standard error.
        let (layout, messages) = try LibraryMessages.collecting { () throws(LayoutError) in
            try layoutQuietly(breakdown, style: style, logoArtwork: logoArtwork, linkArtwork: linkArtwork, warnings: warnings)
        }
        if let first = messages.first { throw LayoutError("the text cannot be laid out: \(first)") }
        return layout
    }

    private func layoutQuietly(
        _ breakdown: PriceBreakdown, style: LayoutStyle, logoArtwork: LogoArtwork?, linkArtwork: LogoArtwork?, warnings: [String]
    ) throws(LayoutError) -> BreakdownLayout {
        let face = OpticalFace(family: style.fontFamily, size: style.fontSize, available: { self.fonts.family(named: $0) != nil })
        let description = try fontDescription(family: face.family, size: style.fontSize)
        defer { pango_font_description_free(description) }
        if let variations = face.variations { pango_font_description_set_variations(description, variations) }
        // Bold Text: the body style at its emphasized weight, its metrics those of that face.
        if breakdown.boldText { pango_font_description_set_weight(description, Self.boldTextWeight) }
        let metrics = metrics(description, key: "\(face.family)|\(style.fontSize)|\(face.variations ?? "")|\(breakdown.boldText)")
        let tracking = style.tracking == .sf ? SFTracking.points(at: style.fontSize, table: face.trackingTable) : 0
        let inlines = Paragraph.Inlines.ios(
            logoArtwork: logoArtwork, linkArtwork: linkArtwork,
            fontHasCircledInfo: breakdown.link.content == .circledInfoIcon && hasCircledInfo(description, family: face.family))
        let paragraph = try Paragraph(breakdown: breakdown, metrics: metrics, inlines: inlines, fontSize: style.fontSize, tracking: tracking)

        let handle = pangoLayout(paragraph, description: description, width: style.width)
        try checkExtents(handle.pointer)
        try checkEveryCharacterHasAGlyph(handle, paragraph: paragraph, family: face.family)
        try checkWidthHoldsEveryWord(handle, paragraph: paragraph, description: description, width: style.width, breakingWords: false)
        return measure(
            handle, paragraph: paragraph, breakdown: breakdown, style: style, metrics: metrics, logoArtwork: logoArtwork, warnings: warnings)
    }

    /// The paragraph as a Pango layout in the description's font, wrapped at `width` (points) when given.
    /// `breakingWords`: a word wider than the width is broken between characters (Android's
    /// StaticLayout does so) instead of overflowing it (iOS keeps the word whole).
    func pangoLayout(_ paragraph: Paragraph, description: OpaquePointer, width: Double?, breakingWords: Bool = false) -> PangoLayoutHandle {
        let layout = pango_layout_new(fonts.context)!
        let handle = PangoLayoutHandle(taking: layout)
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, paragraph.text, Int32(paragraph.text.utf8.count))
        pango_layout_set_attributes(layout, paragraph.attributes.pointer)
        if let width {
            pango_layout_set_width(layout, pangoUnits(width))
            pango_layout_set_wrap(layout, breakingWords ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD)
        }
        return handle
    }

    /// A width too narrow for the sentence is refused, never drawn cut: on iOS a word is kept
    /// whole and a line wider than the width would be cut at the image's edge ("$25" for
    /// $250.00); on Android words break between characters, as its StaticLayout does, but a word
    /// with a digit in it (the price) broken across lines would read as two numbers, and a
    /// picture in the sentence (the logo, an image link) cannot break, so a line wider than the
    /// width would cut it at the image's edge. The message names the narrowest width that works:
    /// the widest word (iOS), the widest word with a digit or picture with its neighbours
    /// (Android), measured by laying the paragraph out one word a line.
    func checkWidthHoldsEveryWord(
        _ handle: PangoLayoutHandle, paragraph: Paragraph, description: OpaquePointer, width: Double?, breakingWords: Bool
    ) throws(LayoutError) {
        guard let width else { return }
        let bytes = Array(paragraph.text.utf8)
        let limit = pangoUnits(width)
        // Half a point of slack: Pango's widths are rounded to 1/1024 pt, the width to a point.
        let slack = Int32(PANGO_SCALE / 2)
        var cut: String?
        let iter = pango_layout_get_iter(handle.pointer)!
        var first = true
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            if !breakingWords, logical.width > limit + slack { cut = "a line is wider than it" }
            if breakingWords, cut == nil, logical.width > limit + slack { cut = "a picture in it (the logo) would be cut at the edge" }
            if breakingWords, !first, let line = pango_layout_iter_get_line_readonly(iter) {
                let start = Int(line.pointee.start_index)
                if start > 0, start < bytes.count, Self.isWordByte(bytes[start - 1]), Self.isWordByte(bytes[start]) {
                    var from = start - 1, to = start
                    while from > 0, Self.isWordByte(bytes[from - 1]) { from -= 1 }
                    while to < bytes.count, Self.isWordByte(bytes[to]) { to += 1 }
                    let word = bytes[from..<to]
                    let text = String(decoding: word, as: UTF8.self)
                    if Self.hasDecimalDigit(text) { cut = "\(QuotedValue.quoted(text)) would be broken across lines" }
                }
            }
            first = false
        } while pango_layout_iter_next_line(iter) != 0
        pango_layout_iter_free(iter)
        guard let cut else { return }
        let narrowest = narrowestWidth(paragraph, description: description, digitsOnly: breakingWords)
        throw LayoutError(
            "the width \(Self.shortText(width)) cannot hold the sentence: \(cut); the narrowest width that keeps \(breakingWords ? "the price and the logo" : "every word") whole is \(narrowest) (a width of at least \(narrowest))",
            option: "width")
    }

    /// A byte of a word: not a space, not a line break, not an inline object (U+FFFC's bytes
    /// are ≥ 0x80 and counted as a word's: a logo next to a word is not a break inside it).
    private static func isWordByte(_ byte: UInt8) -> Bool { byte > 0x20 && byte != 0x2D }

    /// A decimal digit of any script (a price in ٣٠٨٫٦٤ is a price too).
    private static func hasDecimalDigit(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.numericType == .decimal }
    }

    private static func shortText(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The narrowest width, in whole points, at which no word (or, `digitsOnly`, no word with a
    /// digit or a picture, U+FFFC) is wider than the line: the paragraph laid out one word a
    /// line, its widest line.
    private func narrowestWidth(_ paragraph: Paragraph, description: OpaquePointer, digitsOnly: Bool) -> Int {
        let handle = pangoLayout(paragraph, description: description, width: 0.001)
        let bytes = Array(paragraph.text.utf8)
        var widest: Int32 = 0
        let iter = pango_layout_get_iter(handle.pointer)!
        defer { pango_layout_iter_free(iter) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            if let line = pango_layout_iter_get_line_readonly(iter) {
                let start = Int(line.pointee.start_index), end = min(bytes.count, start + Int(line.pointee.length))
                let text = start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
                let unbreakable = Self.hasDecimalDigit(text) || text.unicodeScalars.contains("\u{FFFC}")
                if !digitsOnly || unbreakable { widest = max(widest, logical.width) }
            }
        } while pango_layout_iter_next_line(iter) != 0
        // The smallest whole width the check above takes: on iOS with its half point of slack; on
        // Android Pango itself breaks a word wider than the width, with no slack.
        return Int((points(widest) - (digitsOnly ? 0 : 0.5)).rounded(.up))
    }

    /// True when the family's font (the one Pango picks for this description, no fallback) has a
    /// glyph for ⓘ U+24D8.
    public func hasCircledInfo(family: String) throws(LayoutError) -> Bool {
        let description = try fontDescription(family: family, size: 17)
        defer { pango_font_description_free(description) }
        return hasCircledInfo(description, family: family)
    }

    private func hasCircledInfo(_ description: OpaquePointer, family: String) -> Bool {
        if let known = circledInfoCache[family] { return known }
        var has = false
        if let font = pango_font_map_load_font(fonts.fontMap, fonts.context, description) {
            has = pango_font_has_char(font, 0x24D8) != 0
            g_object_unref(UnsafeMutableRawPointer(font))
        }
        circledInfoCache[family] = has
        return has
    }

    /// Pango keeps positions in 32-bit units (1/1024 pt), so a long enough line (a million
    /// characters, 6,000 W at 500 pt) wraps round and its extents are garbage. The lines' widths
    /// and heights are added up again here in 64 bits, from the glyphs, and a layout beyond the
    /// largest image side is refused before anything uses its extents.
    func checkExtents(_ layout: OpaquePointer) throws(LayoutError) {
        let limit = Int64(ImageLimits.maximumSide) * Int64(PANGO_SCALE)
        var totalHeight: Int64 = 0
        let lines = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(lines) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(lines, nil, &logical)
            totalHeight += Int64(logical.height.magnitude)
        } while pango_layout_iter_next_line(lines) != 0
        var lineWidth: Int64 = 0
        var widest: Int64 = 0
        let runs = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(runs) }
        repeat {
            if let run = pango_layout_iter_get_run_readonly(runs), let glyphs = run.pointee.glyphs {
                for index in 0..<Int(glyphs.pointee.num_glyphs) {
                    lineWidth += Int64(glyphs.pointee.glyphs[index].geometry.width.magnitude)
                }
            } else {
                // The end of a line.
                widest = max(widest, lineWidth)
                lineWidth = 0
            }
            if lineWidth > limit { break }
        } while pango_layout_iter_next_run(runs) != 0
        widest = max(widest, lineWidth)
        func points(_ units: Int64) -> String { String(units / Int64(PANGO_SCALE)) }
        if widest > limit {
            throw LayoutError(
                "the text cannot be laid out: a line is over \(points(widest)) pt long, over the limit of \(ImageLimits.maximumSide) px a side (use shorter link text or a smaller font size)")
        }
        if totalHeight > limit {
            throw LayoutError(
                "the text cannot be laid out: its lines are \(points(totalHeight)) pt high, over the limit of \(ImageLimits.maximumSide) px a side (use fewer lines or a smaller font size)")
        }
    }

    // MARK: - Measuring the laid-out paragraph

    private func measure(
        _ handle: PangoLayoutHandle, paragraph: Paragraph, breakdown: PriceBreakdown, style: LayoutStyle, metrics: FontMetrics,
        logoArtwork: LogoArtwork?, warnings: [String]
    ) -> BreakdownLayout {
        let layout = handle.pointer
        var logicalExtents = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logicalExtents)
        let contentWidth = style.width ?? points(logicalExtents.width)
        let size = Size(width: contentWidth + 2 * style.padding, height: points(logicalExtents.height) + 2 * style.padding)
        let originX = style.padding
        let originY = style.padding - points(logicalExtents.y)

        var elements: [LayoutElement] = []
        var baselines: [Double] = []
        var logoFrame: Rect?
        var linkFrame: Rect?
        let bytes = Array(paragraph.text.utf8)

        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        var lineIndex = 0
        repeat {
            var lineLogical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &lineLogical)
            let baseline = originY + points(pango_layout_iter_get_baseline(iter))
            baselines.append(baseline)
            let line = pango_layout_iter_get_line_readonly(iter)!
            let start = Int(line.pointee.start_index), length = Int(line.pointee.length)
            let frame = Rect(
                x: originX + points(lineLogical.x), y: originY + points(lineLogical.y),
                width: points(lineLogical.width), height: points(lineLogical.height))
            elements.append(
                .textLine(
                    lineIndex: lineIndex, text: paragraph.describe(bytes[start..<start + length]),
                    baselineOrigin: Point(x: originX + points(lineLogical.x), y: baseline), frame: frame))
            lineIndex += 1
        } while pango_layout_iter_next_line(iter) != 0

        let runs = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(runs) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(runs) else { continue }
            let offset = Int(run.pointee.item.pointee.offset), length = Int(run.pointee.item.pointee.length)
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(runs, nil, &logical)
            let baseline = originY + points(pango_layout_iter_get_baseline(runs))
            let x = originX + points(logical.x)
            for inline in paragraph.inlines where inline.byteOffset >= offset && inline.byteOffset < offset + length {
                let frame = Rect(
                    x: x, y: baseline - inline.box.baselineOffset - inline.box.height,
                    width: inline.box.width, height: inline.box.height)
                switch inline.kind {
                case .logo:
                    logoFrame = frame
                    elements.append(.logo(breakdown.logo, frame: frame))
                case .linkIcon(let artwork, let tint):
                    linkFrame = frame
                    elements.append(.linkIcon(artwork: artwork, tint: tint, frame: frame))
                case .linkImage(let artwork):
                    linkFrame = frame
                    elements.append(.linkImage(artwork, frame: frame))
                case .androidDrawable(let name, let tint):
                    linkFrame = frame
                    elements.append(.drawable(name: name, tint: tint, frame: frame))
                }
            }
            if let link = paragraph.linkTextRange, offset < link.upperBound, offset + length > link.lowerBound {
                let frame = Rect(x: x, y: originY + points(logical.y), width: points(logical.width), height: points(logical.height))
                linkFrame = linkFrame.map { $0.union(frame) } ?? frame
            }
        } while pango_layout_iter_next_run(runs) != 0

        let instalmentSpan = lineIndex == 1 ? Self.instalmentExtent(layout, bytes: bytes, breakdown: breakdown).map {
            (originX + points($0.lowerBound))...(originX + points($0.upperBound))
        } : nil

        return BreakdownLayout(
            breakdown: breakdown, style: style, metrics: metrics, size: size, baselines: baselines, elements: elements,
            logoFrame: logoFrame, linkFrame: linkFrame, logoArtwork: logoFrame == nil ? nil : logoArtwork,
            unknownGlyphCount: Int(pango_layout_get_unknown_glyphs_count(layout)), pango: handle, warnings: warnings,
            instalmentSpan: instalmentSpan)
    }

    /// Where the instalment (`PriceBreakdown.instalmentRange`) is across a one-line layout whose
    /// paragraph starts with the breakdown's text (`bytes`), in Pango units from the layout's left:
    /// from the leftmost to the rightmost edge of its characters (either side of each, in any
    /// direction); nil without an instalment.
    static func instalmentExtent(_ layout: OpaquePointer, bytes: [UInt8], breakdown: PriceBreakdown) -> ClosedRange<Int32>? {
        guard breakdown.logoPlacement == .end, let range = breakdown.instalmentRange, !range.isEmpty, range.upperBound <= bytes.count
        else { return nil }
        var left = Int32.max, right = Int32.min
        for index in range where bytes[index] & 0xC0 != 0x80 {
            var position = PangoRectangle()
            pango_layout_index_to_pos(layout, Int32(index), &position)
            left = min(left, position.x, position.x + position.width)
            right = max(right, position.x, position.x + position.width)
        }
        return left <= right ? left...right : nil
    }

    // MARK: - Fonts

    /// Refuses a family these fonts do not have, in the view's words (`android`: the Android
    /// view's fonts, Roboto among them): the one check of a family's name, made by layout and,
    /// for a view that draws nothing, by the renderer before it says so.
    package func checkFamily(_ family: String, android: Bool) throws(LayoutError) {
        guard fonts.family(named: family) == nil else { return }
        let hint = android ? "the Android view uses Roboto, Debian fonts-roboto; others with --font-file" : "add font files to Fonts/ or with --font-file"
        throw LayoutError("font family \"\(family)\" is not available; available: \(fonts.families.joined(separator: ", ")) (\(hint))")
    }

    /// Refuses link markup as layout does (`Paragraph`): Pango cannot read it, or a size it asks
    /// for is over the limits for `fontSize`.
    package static func checkLinkMarkup(_ markup: String, fontSize: Double) throws(LayoutError) {
        try AttributeList.parse(markup: markup).attributes.checkLimits(fontSize: fontSize)
    }

    private func fontDescription(family: String, size: Double) throws(LayoutError) -> OpaquePointer {
        try checkFamily(family, android: false)
        let available = fonts.family(named: family)!
        guard size.isFinite, size > 0, size <= 1000 else {
            throw LayoutError("font size \(size) is not accepted: use a size in points above 0 and at most 1000")
        }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, available)
        pango_font_description_set_absolute_size(description, Double(pangoUnits(size)))
        return description
    }

    private func metrics(_ description: OpaquePointer, key: String) -> FontMetrics {
        if let cached = metricsCache[key] { return cached }
        let pangoMetrics = pango_context_get_metrics(fonts.context, description, nil)!
        defer { pango_font_metrics_unref(pangoMetrics) }
        let metrics = FontMetrics(
            ascender: points(pango_font_metrics_get_ascent(pangoMetrics)),
            descender: -points(pango_font_metrics_get_descent(pangoMetrics)))
        metricsCache[key] = metrics
        return metrics
    }
}

func points(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) }
func pangoUnits(_ points: Double) -> Int32 { Int32((points * Double(PANGO_SCALE)).rounded()) }
