import CPangoCairo

/// Pango's mark on a glyph no font in the set has for its character: the glyph is the character
/// with this bit set (`PANGO_GLYPH_UNKNOWN_FLAG` in pango-glyph.h, a cast macro Swift does not import).
let pangoUnknownGlyphFlag: UInt32 = 0x1000_0000

extension Typesetter {
    /// A character no font of the set has would be drawn as a box (Pango's hex box), a wrong
    /// image: refused, after layout, naming each such character, where it is and the fonts tried.
    /// Both views pass through here, so every front end refuses it in its own way (exit 2, a
    /// failed record, 400, a failed snapshot, a marked gallery tile).
    /// - Parameter family: the text's family, tried first (then the rest of the set, in order).
    func checkEveryCharacterHasAGlyph(_ handle: PangoLayoutHandle, paragraph: Paragraph, family: String) throws(LayoutError) {
        guard pango_layout_get_unknown_glyphs_count(handle.pointer) > 0 else { return }
        var missing: [(scalar: UInt32, inLink: Bool)] = []
        let runs = pango_layout_get_iter(handle.pointer)!
        defer { pango_layout_iter_free(runs) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(runs), let glyphs = run.pointee.glyphs else { continue }
            let itemOffset = Int(run.pointee.item.pointee.offset)
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = glyphs.pointee.glyphs[index].glyph
                guard glyph & pangoUnknownGlyphFlag != 0 else { continue }
                let byte = itemOffset + Int(glyphs.pointee.log_clusters[index])
                let scalar = glyph & ~pangoUnknownGlyphFlag
                let inLink = paragraph.linkTextRange?.contains(byte) ?? false
                if !missing.contains(where: { $0.scalar == scalar && $0.inLink == inLink }) { missing.append((scalar, inLink)) }
            }
        } while pango_layout_iter_next_run(runs) != 0
        guard !missing.isEmpty else { return }
        let named = missing.map { missing in
            let control = Unicode.Scalar(missing.scalar)?.properties.generalCategory == .control ? "a control character, " : ""
            return "\(Self.codePoint(missing.scalar)) (\(control)in the \(missing.inLink ? "link text" : "sentence"))"
        }
        let tried = [family] + (fonts.families + fonts.fallbackFamilies).filter { $0.caseInsensitiveCompare(family) != .orderedSame }
        throw LayoutError(
            "no font has \(named.count == 1 ? "a glyph" : "glyphs") for \(named.joined(separator: ", ")): \(named.count == 1 ? "it" : "they") would be drawn as \(named.count == 1 ? "a box" : "boxes"); fonts tried: \(tried.joined(separator: ", ")) (add a font that has \(named.count == 1 ? "it" : "them") with --font-file)"
        )
    }

    /// `U+E000`: the character's code point as Unicode writes it, at least four hex digits.
    static func codePoint(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
