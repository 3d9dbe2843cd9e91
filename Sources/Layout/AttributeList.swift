import BreakdownContent
import CPangoCairo

/// Owns one `PangoAttrList` and adds the few kinds of attribute the paragraph needs.
final class AttributeList {
    let pointer: OpaquePointer

    init() {
        pointer = pango_attr_list_new()
    }

    private init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        pango_attr_list_unref(pointer)
    }

    /// Parses Pango markup (a custom link), or throws naming what is wrong with it.
    static func parse(markup: String) throws(LayoutError) -> (text: String, attributes: AttributeList) {
        var list: OpaquePointer?
        var text: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        guard pango_parse_markup(markup, -1, 0, &list, &text, nil, &error) != 0, let list, let text else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw LayoutError("link text is not valid Pango markup: \(message)")
        }
        defer { g_free(text) }
        let shown = String(cString: text)
        guard shown.unicodeScalars.contains(where: isVisible) else {
            pango_attr_list_unref(list)
            let codes = shown.unicodeScalars.reduce(into: [String]()) { codes, scalar in
                let code = String(format: "U+%04X", scalar.value)
                if !codes.contains(code) { codes.append(code) }
            }
            let which = codes.isEmpty ? "" : " (" + codes.prefix(5).joined(separator: ", ") + (codes.count > 5 ? ", …" : "") + ")"
            throw LayoutError("link text shows nothing: its text is only spaces and invisible characters\(which), an info link nobody could see; expected text to show, such as More info")
        }
        return (shown, AttributeList(taking: list))
    }

    /// A character that draws something: not a space or line break, not a control or format
    /// character, not one Unicode says to draw as nothing (zero-width space, soft hyphen,
    /// byte order mark, variation selectors).
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        guard !properties.isWhitespace, !properties.isDefaultIgnorableCodePoint else { return false }
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate, .unassigned: return false
        default: return true
        }
    }

    /// Checks the sizes markup asks for against the same limits as the font size option: every
    /// text size (`size`, `font`, and `font_scale`/`<big>` factors on top of the largest) at most
    /// `ImageLimits.maximumFontSize`, spacing, rise and line height at most `maximumSpacing`.
    /// Done before layout, so Pango never tries (and complains about) a 976,562 pt font.
    func checkLimits(fontSize: Double) throws(LayoutError) {
        let maximumSize = ImageLimits.maximumFontSize, maximumSpacing = ImageLimits.maximumSpacing
        func format(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.4g", value)
        }
        var largestSize = fontSize
        var scale = 1.0
        var node = pango_attr_list_get_attributes(pointer)
        let list = node
        defer { g_slist_free_full(list) { pango_attribute_destroy($0?.assumingMemoryBound(to: PangoAttribute.self)) } }
        while let current = node {
            node = current.pointee.next
            guard let raw = current.pointee.data else { continue }
            let attribute = raw.assumingMemoryBound(to: PangoAttribute.self)
            let type = attribute.pointee.klass.pointee.type
            func integer() -> Double { Double(raw.assumingMemoryBound(to: PangoAttrInt.self).pointee.value) / Double(PANGO_SCALE) }
            func spacing(_ name: String) throws(LayoutError) {
                let value = integer()
                guard abs(value) <= maximumSpacing else {
                    throw LayoutError("link text: \(name) \(format(value)) pt is over the limit of \(format(maximumSpacing)) pt")
                }
            }
            switch type {
            case PANGO_ATTR_SIZE, PANGO_ATTR_ABSOLUTE_SIZE:
                let size = Double(raw.assumingMemoryBound(to: PangoAttrSize.self).pointee.size) / Double(PANGO_SCALE)
                largestSize = max(largestSize, size)
            case PANGO_ATTR_FONT_DESC:
                let description = raw.assumingMemoryBound(to: PangoAttrFontDesc.self).pointee.desc
                if pango_font_description_get_set_fields(description).rawValue & PANGO_FONT_MASK_SIZE.rawValue != 0 {
                    largestSize = max(largestSize, Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE))
                }
            case PANGO_ATTR_SCALE:
                scale *= max(1, raw.assumingMemoryBound(to: PangoAttrFloat.self).pointee.value)
            case PANGO_ATTR_LETTER_SPACING: try spacing("letter_spacing")
            case PANGO_ATTR_RISE: try spacing("rise")
            case PANGO_ATTR_ABSOLUTE_LINE_HEIGHT: try spacing("line_height")
            case PANGO_ATTR_LINE_HEIGHT:
                let factor = raw.assumingMemoryBound(to: PangoAttrFloat.self).pointee.value
                guard factor.isFinite, factor * largestSize <= maximumSpacing else {
                    throw LayoutError("link text: line_height \(format(factor)) is over the limit of \(format(maximumSpacing)) pt")
                }
            default: break
            }
        }
        let effective = largestSize * scale
        guard effective.isFinite, effective <= maximumSize else {
            throw LayoutError(
                "link text: a text size of \(format(effective)) pt is over the limit of \(format(maximumSize)) pt (the same as for the font size)")
        }
    }

    func add(color: RGBAColor, range: Range<Int>?) {
        insert(pango_attr_foreground_new(Self.channel(color.red), Self.channel(color.green), Self.channel(color.blue)), range)
        insert(pango_attr_foreground_alpha_new(Self.channel(color.alpha)), range)
    }

    func addUnderline(color: RGBAColor, range: Range<Int>) {
        insert(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), range)
        insert(pango_attr_underline_color_new(Self.channel(color.red), Self.channel(color.green), Self.channel(color.blue)), range)
    }

    func addNoBreaks(range: Range<Int>) {
        insert(pango_attr_allow_breaks_new(0), range)
    }

    /// No hyphen where a word is broken between characters (Android 10 and later hyphenate nothing).
    func addNoHyphens(range: Range<Int>?) {
        insert(pango_attr_insert_hyphens_new(0), range)
    }

    /// An inline box: the logical (and ink) rectangle sits `baselineOffset` above the baseline.
    func addShape(_ box: InlineBox, at offset: Int, length: Int) {
        var rect = PangoRectangle(
            x: 0, y: -pangoUnits(box.baselineOffset + box.height), width: pangoUnits(box.width), height: pangoUnits(box.height))
        insert(pango_attr_shape_new(&rect, &rect), offset..<offset + length)
        insert(pango_attr_allow_breaks_new(0), offset..<offset + length)
    }

    /// The attribute kinds the SDK's view writes over a custom link: the font (family, style,
    /// weight, variant, stretch, size, font features, scale), the colour, and the underline (its
    /// colour is clear, so none shows).
    static let viewOverrides: Set<UInt32> = Set(
        [
            PANGO_ATTR_FAMILY, PANGO_ATTR_STYLE, PANGO_ATTR_WEIGHT, PANGO_ATTR_VARIANT, PANGO_ATTR_STRETCH, PANGO_ATTR_SIZE,
            PANGO_ATTR_ABSOLUTE_SIZE, PANGO_ATTR_FONT_DESC, PANGO_ATTR_SCALE, PANGO_ATTR_FONT_SCALE, PANGO_ATTR_FONT_FEATURES,
            PANGO_ATTR_FOREGROUND, PANGO_ATTR_FOREGROUND_ALPHA, PANGO_ATTR_UNDERLINE, PANGO_ATTR_UNDERLINE_COLOR,
        ].map(\.rawValue))

    /// Letter spacing of `points` over `range` (tracking).
    func addLetterSpacing(_ points: Double, range: Range<Int>) {
        insert(pango_attr_letter_spacing_new(pangoUnits(points)), range)
    }

    /// Adds every attribute of `other` (a parsed custom link), shifted to the link's place, except
    /// those of the kinds in `dropping`.
    func splice(_ other: AttributeList, at offset: Int, length: Int, dropping: Set<UInt32> = []) {
        var node = pango_attr_list_get_attributes(other.pointer)
        let list = node
        while let current = node {
            if let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self),
                dropping.contains(attribute.pointee.klass.pointee.type.rawValue)
            {
                pango_attribute_destroy(attribute)
            } else if let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) {
                let start = Int(attribute.pointee.start_index), end = Int(min(attribute.pointee.end_index, guint(length)))
                insert(attribute, offset + start..<offset + max(start, end))
            }
            node = current.pointee.next
        }
        g_slist_free(list)
    }

    private func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>, _ range: Range<Int>?) {
        if let range {
            attribute.pointee.start_index = guint(range.lowerBound)
            attribute.pointee.end_index = guint(range.upperBound)
        }
        pango_attr_list_insert(pointer, attribute)
    }

    private static func channel(_ value: UInt8) -> UInt16 { UInt16(value) * 257 }
}
