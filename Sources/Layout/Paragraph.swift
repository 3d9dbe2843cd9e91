import BreakdownContent
import CPangoCairo

/// The paragraph Pango lays out: the sentence, the logo and the link joined by single spaces
/// (`[text] [logo] [link]` in range, `[logo] [text] [link]` outside limits), with the logo and
/// image icons as U+FFFC object characters carrying shape attributes, and the colours,
/// underline and no-break rules as attributes.
struct Paragraph {
    enum InlineKind {
        case logo
        case linkIcon(artwork: String, tint: RGBAColor?)
        case linkImage(LogoArtwork)
        /// An Android image link: a VectorDrawable of the Android SDK, tinted or in its own colours.
        case androidDrawable(name: String, tint: RGBAColor?)
    }

    /// Whose rules draw the paragraph's inline pieces: each view says what it knows.
    enum Inlines {
        /// The iOS view: boxes sized from the font's metrics and the artwork's ratios.
        /// - logoArtwork: the file that draws the logo (its ratio sizes the logo); nil: the reference's ratios.
        /// - linkArtwork: the file holding the SDK's image for a circled question or circled logo
        ///   link; nil: the link draws nothing and takes no space, as on the phone.
        /// - fontHasCircledInfo: the text font has an ⓘ glyph: the default link is that character,
        ///   as on iOS; else the drawn icon.
        case ios(logoArtwork: LogoArtwork?, linkArtwork: LogoArtwork?, fontHasCircledInfo: Bool)
        /// The Android view: boxes sized by its own rules (android.md 5.3–5.5 and 6), the logo's
        /// and the square of an image link (`icon_circled_question`, `afterpay_logo_small`); its
        /// default link is always the ⓘ character (a fallback font draws it where the font has none).
        case android(logo: InlineBox, imageLink: InlineBox)

        var fontHasCircledInfo: Bool {
            switch self {
            case .ios(_, _, let has): has
            case .android: true
            }
        }
    }

    struct Inline {
        var byteOffset: Int
        var box: InlineBox
        var kind: InlineKind
    }

    static let objectCharacter = "\u{FFFC}"

    let text: String
    let attributes: AttributeList
    let inlines: [Inline]
    /// The link's words (text and custom links), in UTF-8 bytes.
    let linkTextRange: Range<Int>?

    /// The ⓘ character (U+24D8) of the default link.
    static let circledInfo = "\u{24D8}"

    /// - Parameters:
    ///   - inlines: whose rules draw the logo and the image links.
    ///   - tracking: letter spacing in points for the whole paragraph (SF Pro's tracking for the size), 0 for none.
    init(breakdown: PriceBreakdown, metrics: FontMetrics, inlines rules: Inlines, fontSize: Double, tracking: Double = 0) throws(LayoutError) {
        var text = ""
        var inlines: [Inline] = []
        var linkTextRange: Range<Int>?
        let attributes = AttributeList()
        attributes.add(color: breakdown.textColor, range: nil)

        func appendLogo() {
            let start = text.utf8.count
            text += Self.objectCharacter
            let box =
                switch rules {
                case .ios(let logoArtwork, _, _): InlineGeometry.logo(breakdown.logo, artwork: logoArtwork, metrics: metrics)
                case .android(let logo, _): logo
                }
            inlines.append(Inline(byteOffset: start, box: box, kind: .logo))
        }
        switch breakdown.logoPlacement {
        case .end:
            text = breakdown.text
            if !text.isEmpty { text += " " }
            appendLogo()
        case .start:
            appendLogo()
            if !breakdown.text.isEmpty { text += " " + breakdown.text }
        }
        let icon = InlineGeometry.linkIcon(metrics: metrics)
        var markupAttributes: (list: AttributeList, at: Int, length: Int)?
        switch breakdown.link.content {
        case .none:
            break
        case .circledQuestionIcon, .circledLogo:
            switch rules {
            case .android(_, let imageLink):
                // The Android SDK's own drawables: the question mark tinted in the link colour, the
                // small logo in its own colours; a square of the font's height, centred (section 6).
                text += " "
                let start = text.utf8.count
                text += Self.objectCharacter
                let isQuestion = breakdown.link.content == .circledQuestionIcon
                let kind = InlineKind.androidDrawable(
                    name: isQuestion ? "icon_circled_question" : "afterpay_logo_small", tint: isQuestion ? breakdown.linkColor : nil)
                inlines.append(Inline(byteOffset: start, box: imageLink, kind: kind))
            case .ios(_, let linkArtwork, _):
                // The SDK loads an image no asset catalog of it has: nothing, not even the space,
                // unless the given artwork holds one by that name.
                guard let linkArtwork, linkArtwork.width > 0, linkArtwork.height > 0 else { break }
                text += " "
                let start = text.utf8.count
                text += Self.objectCharacter
                let box = InlineGeometry.linkIcon(widthToHeight: linkArtwork.width / linkArtwork.height, metrics: metrics)
                inlines.append(Inline(byteOffset: start, box: box, kind: .linkImage(linkArtwork)))
            }
        case .circledInfoIcon where rules.fontHasCircledInfo:
            // The font's own glyph in the link colour, not underlined, as iOS draws it.
            text += " "
            let start = text.utf8.count
            text += Self.circledInfo
            let range = start..<text.utf8.count
            attributes.add(color: breakdown.linkColor, range: range)
            attributes.addNoBreaks(range: range)
            linkTextRange = range
        case .circledInfoIcon:
            text += " "
            let start = text.utf8.count
            text += Self.objectCharacter
            inlines.append(Inline(byteOffset: start, box: icon, kind: .linkIcon(artwork: "icon-circled-info", tint: breakdown.linkColor)))
        case .text(let words):
            text += " "
            let start = text.utf8.count
            text += words
            let range = start..<text.utf8.count
            attributes.add(color: breakdown.linkColor, range: range)
            attributes.addUnderline(color: breakdown.linkColor, range: range)
            // Plain text in the SDK's text view: it may wrap at its inner space ("More" / "Info").
            linkTextRange = range
        case .markup(let markup):
            let parsed = try AttributeList.parse(markup: markup)
            try parsed.attributes.checkLimits(fontSize: fontSize)
            text += " "
            let start = text.utf8.count
            text += parsed.text
            let range = start..<text.utf8.count
            attributes.add(color: breakdown.linkColor, range: range)
            // As the text links: text in the SDK's text view, which may wrap at its spaces.
            linkTextRange = range
            markupAttributes = (parsed.attributes, start, range.count)
        }
        for inline in inlines {
            attributes.addShape(inline.box, at: inline.byteOffset, length: Self.objectCharacter.utf8.count)
        }
        // The user's markup goes last. The SDK's view writes its font and text colour over the whole
        // custom string, then the link colour, and sets a clear underline colour: the markup's font
        // (family, size, weight, style, scale), colours and underline are dropped, the rest stays.
        if let markupAttributes {
            let dropped: Set<UInt32>
            switch rules {
            case .ios: dropped = AttributeList.viewOverrides
            // The Android view keeps the custom CharSequence's own spans (android.md section 6).
            case .android: dropped = []
            }
            attributes.splice(markupAttributes.list, at: markupAttributes.at, length: markupAttributes.length, dropping: dropped)
        }
        // Tracking spaces the text's letters (and the spaces around the logo and link), not the
        // logo and image icons: it goes on every stretch of text between the object characters.
        if tracking != 0 {
            var start = 0
            for offset in inlines.map(\.byteOffset).sorted() + [text.utf8.count] {
                if offset > start { attributes.addLetterSpacing(tracking, range: start..<offset) }
                start = offset + Self.objectCharacter.utf8.count
            }
        }
        self.text = text
        self.attributes = attributes
        self.inlines = inlines
        self.linkTextRange = linkTextRange
    }

    /// A line's text for dumps, the logo and icons named in brackets.
    func describe(_ bytes: ArraySlice<UInt8>) -> String {
        var result = ""
        var offset = bytes.startIndex
        let object = Array(Self.objectCharacter.utf8)
        var pending: [UInt8] = []
        while offset < bytes.endIndex {
            if bytes.endIndex - offset >= 3, Array(bytes[offset..<offset + 3]) == object {
                result += String(decoding: pending, as: UTF8.self)
                pending = []
                let isLogo = inlines.first { $0.byteOffset == offset }.map { if case .logo = $0.kind { true } else { false } } ?? false
                result += isLogo ? "[logo]" : "[icon]"
                offset += 3
            } else {
                pending.append(bytes[offset])
                offset += 1
            }
        }
        return result + String(decoding: pending, as: UTF8.self)
    }
}
