import CDeflate
import Foundation

/// Bounds on what an artwork file makes a library decode, checked on the file's bytes before
/// poppler, librsvg or Cairo sees them: a 2 MiB PDF can hold a 28,000 × 28,000 image, or a content
/// stream that inflates to 1 GiB, and none of those libraries bounds it (poppler allocates the
/// whole image; librsvg hands embedded images to gdk-pixbuf whole). A logo needs far less than
/// these bounds; a file over one is refused in one line naming what and where.
///
/// - every image (a PDF image XObject or inline image, an SVG's embedded PNG or JPEG, a PNG file)
///   at most `maximumImagePixels`, its size read from its own header before it is decoded;
/// - a PDF's streams at most `maximumDecodedBytes` decoded in all (inflated here, into a buffer of
///   that size: the inflating stops at the bound), which bounds the drawing's work too; only the
///   filters this check can bound (none, Flate; DCT for images, whose size is in their dictionary);
/// - an SVG declares no entities (an entity could spell an embedded image's address past this
///   check) and embeds images only as PNG or JPEG `data:` URLs;
/// - an SVG fetches nothing from outside itself (`checkReferences`): every `href`, CSS `url()`
///   points at its own elements (`#id`) or is such a `data:` URL; no XInclude, no `@import`, no
///   external DTD. librsvg, given the bytes without a base address, skips such a reference and
///   draws the rest: the logo would differ, with no error, from the file as a browser draws it.
enum ArtworkBounds {
    /// 4096 × 4096: a logo at scale 3 is a few hundred pixels a side.
    static let maximumImagePixels = 4096 * 4096
    /// 8 MiB decoded in all: the SDK's PDFs inflate to a few KiB.
    static let maximumDecodedBytes = 8 << 20

    static func check(_ data: Data, format: ArtworkSource.FileFormat) throws(PaintError) {
        let bytes = [UInt8](data)
        switch format {
        case .png:
            if let size = PNGHeader.size(of: bytes) { try checkImage(size, what: "the PNG image") }
        case .pdf: try checkPDF(bytes)
        case .svg: try checkSVG(bytes)
        }
    }

    static func checkImage(_ size: (width: Int, height: Int), what: String) throws(PaintError) {
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        guard !overflow, pixels <= maximumImagePixels else {
            throw PaintError(
                "\(what) is \(size.width) × \(size.height) pixels; artwork images may have at most \(maximumImagePixels) pixels (4096 × 4096)")
        }
    }

    // MARK: - Image headers

    /// A JPEG's size from its first start-of-frame segment, or nil.
    static func jpegSize(_ bytes: ArraySlice<UInt8>) -> (width: Int, height: Int)? {
        var index = bytes.startIndex
        guard bytes.count > 4, bytes[index] == 0xFF, bytes[index + 1] == 0xD8 else { return nil }
        index += 2
        while index + 9 < bytes.endIndex {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return (width, height)
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    // MARK: - PDF

    static func checkPDF(_ bytes: [UInt8]) throws(PaintError) {
        guard let decompressor = libdeflate_alloc_decompressor() else { throw PaintError("cannot allocate a decompressor") }
        defer { libdeflate_free_decompressor(decompressor) }
        var buffer = [UInt8](repeating: 0, count: maximumDecodedBytes)
        var decoded = 0
        var searchFrom = 0
        var segmentStart = 0
        let keyword = Array("stream".utf8)
        while let found = find(keyword, in: bytes, from: searchFrom) {
            searchFrom = found + keyword.count
            // "stream" as a keyword (not "endstream"); its data begins after CR LF, LF or CR.
            guard found == 0 || !isRegular(bytes[found - 1]) else { continue }
            var dataStart = found + keyword.count
            if dataStart < bytes.count, bytes[dataStart] == 0x0D { dataStart += 1 }
            if dataStart < bytes.count, bytes[dataStart] == 0x0A { dataStart += 1 }
            let dictionary = names(decodedIn: bytes[segmentStart..<found])
            let offset = found
            let filters = try Self.filters(in: dictionary, at: offset)
            let isImage = dictionary.firstMatch(of: #/\/Subtype\s*\/Image\b/#) != nil
            if isImage {
                guard let width = integer(after: "/Width", in: dictionary), let height = integer(after: "/Height", in: dictionary) else {
                    throw PaintError("the PDF's image at byte \(offset) gives its size indirectly; the check needs /Width and /Height as numbers")
                }
                try checkImage((width, height), what: "the PDF's image at byte \(offset)")
            }
            let end = streamEnd(bytes, dataStart: dataStart, dictionary: dictionary)
            segmentStart = end
            searchFrom = max(searchFrom, end)
            let data = bytes[dataStart..<min(end, bytes.count)]
            if filters.isEmpty {
                decoded += data.count
                if !isImage { try checkInlineImages(data, at: offset) }
            } else if filters == ["FlateDecode"] {
                let room = maximumDecodedBytes - decoded
                var written = 0
                let result = data.withUnsafeBytes { input in
                    buffer.withUnsafeMutableBytes { output in
                        libdeflate_zlib_decompress_ex(
                            decompressor, input.baseAddress, input.count, output.baseAddress! + decoded, room, nil, &written)
                    }
                }
                if result == LIBDEFLATE_INSUFFICIENT_SPACE {
                    throw PaintError(
                        "the PDF's streams inflate to more than \(maximumDecodedBytes >> 20) MiB (the one at byte \(offset) passes it); artwork needs far less")
                }
                guard result == LIBDEFLATE_SUCCESS else { throw PaintError("the PDF's stream at byte \(offset) does not inflate (damaged data)") }
                if !isImage { try checkInlineImages(buffer[decoded..<decoded + written], at: offset) }
                decoded += written
            } else if filters == ["DCTDecode"], isImage {
                decoded += data.count
            } else {
                throw PaintError(
                    "the PDF's stream at byte \(offset) has the filter \(filters.joined(separator: ", ")), whose output this check cannot bound; export the artwork with Flate compression")
            }
            if decoded > maximumDecodedBytes {
                throw PaintError("the PDF's streams decode to more than \(maximumDecodedBytes >> 20) MiB; artwork needs far less")
            }
        }
    }

    /// The filter names of a stream's dictionary: none, one name, or an array of names.
    /// Every `/Filter` between the previous stream and this one must say the same (one written
    /// inside a string, to be read instead of the real one, would differ).
    private static func filters(in dictionary: String, at offset: Int) throws(PaintError) -> [String] {
        var found: [[String]] = []
        var search = dictionary[...]
        while let range = search.range(of: "/Filter") {
            search = dictionary[range.upperBound...]
            let rest = search.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
            if rest.hasPrefix("/") {
                found.append([String(rest.dropFirst().prefix { $0.isLetter || $0.isNumber })])
            } else if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                found.append(
                    rest[rest.index(after: rest.startIndex)..<close].split(separator: "/").map {
                        $0.trimmingCharacters(in: .whitespacesAndNewlines)
                    }.filter { !$0.isEmpty })
            } else {
                throw PaintError("the PDF's stream at byte \(offset) names its filter indirectly; the check needs it written out")
            }
        }
        guard let first = found.first else { return [] }
        guard found.allSatisfy({ $0 == first }) else {
            throw PaintError("the PDF's stream at byte \(offset) has more than one /Filter before it; the check cannot tell which applies")
        }
        return first
    }

    /// The end of a stream's data: its direct or indirect /Length when that lands on
    /// `endstream`, else the next `endstream`.
    private static func streamEnd(_ bytes: [UInt8], dataStart: Int, dictionary: String) -> Int {
        let endKeyword = Array("endstream".utf8)
        var length = integer(after: "/Length", in: dictionary)
        if length == nil, let match = dictionary.firstMatch(of: #/\/Length\s+(\d+)\s+(\d+)\s+R/#) {
            let object = Array("\(match.output.1) \(match.output.2) obj".utf8)
            var from = 0
            while length == nil, let at = find(object, in: bytes, from: from) {
                from = at + object.count
                guard at == 0 || !isRegular(bytes[at - 1]) else { continue }
                let tail = String(decoding: bytes[from..<min(bytes.count, from + 40)], as: UTF8.self)
                if let number = tail.firstMatch(of: #/^\s*(\d+)\s+endobj/#) { length = Int(number.output.1) }
            }
        }
        if let length, length >= 0, dataStart + length <= bytes.count {
            var after = dataStart + length
            while after < bytes.count, [0x0D, 0x0A, 0x20].contains(bytes[after]) { after += 1 }
            if bytes[after...].starts(with: endKeyword) { return dataStart + length }
        }
        return find(endKeyword, in: bytes, from: dataStart) ?? bytes.count
    }

    /// Inline images (`BI … ID`) in a content stream: their size, from their own dictionary.
    private static func checkInlineImages(_ content: ArraySlice<UInt8>, at offset: Int) throws(PaintError) {
        let begin = Array("BI".utf8), data = Array("ID".utf8)
        var from = content.startIndex
        while let at = find(begin, in: content, from: from) {
            from = at + 2
            let before = at == content.startIndex || !isRegular(content[at - 1])
            guard before, at + 2 < content.endIndex, !isRegular(content[at + 2]) else { continue }
            guard let end = find(data, in: content, from: at + 2) else { break }
            let dictionary = names(decodedIn: content[(at + 2)..<end])
            let width = integer(after: "/W", in: dictionary) ?? integer(after: "/Width", in: dictionary)
            let height = integer(after: "/H", in: dictionary) ?? integer(after: "/Height", in: dictionary)
            guard let width, let height else {
                throw PaintError("the PDF's inline image in the stream at byte \(offset) gives no size the check can read")
            }
            try checkImage((width, height), what: "the PDF's inline image in the stream at byte \(offset)")
            from = end + 2
        }
    }

    /// The largest direct number after `key` (not an indirect reference `N G R`), or nil when
    /// there is none or one is not a number.
    private static func integer(after key: String, in dictionary: String) -> Int? {
        var search = dictionary[...]
        var largest: Int?
        while let range = search.range(of: key) {
            search = dictionary[range.upperBound...]
            guard let next = search.first, next == " " || next == "\n" || next == "\r" || next == "\t" || next.isNumber else { continue }
            let tokens = search.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "/" || $0 == ">" }).prefix(3)
            guard let first = tokens.first, let number = Int(first) else { return nil }
            if tokens.count == 3, tokens[tokens.startIndex + 2] == "R" { return nil }
            largest = max(largest ?? number, number)
        }
        return largest
    }

    /// The bytes as text with PDF name escapes (`#46` for `F`) decoded, so that `/Filt#65r`
    /// reads as the `/Filter` poppler sees.
    private static func names(decodedIn bytes: ArraySlice<UInt8>) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "#"), index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - SVG

    static func checkSVG(_ bytes: [UInt8]) throws(PaintError) {
        let text = resolvingEntityReferences(resolvingCharacterReferences(String(decoding: bytes, as: UTF8.self)))
        if text.contains("<!ENTITY") {
            throw PaintError("the SVG declares entities (<!ENTITY); artwork needs none, and an entity could hide what it embeds")
        }
        // CSS escapes (`\75 rl(`, `d\61ta:`) spelt out, as librsvg's CSS parser reads them.
        let css = resolvingCSSEscapes(text)
        try checkReferences(text, css: css)
        try checkEmbeddedImages(text)
        if css != text { try checkEmbeddedImages(css) }
    }

    /// The public names of the W3C's SVG DTDs, which a renderer never fetches.
    static let svgPublicIdentifiers: Set<String> = [
        "-//W3C//DTD SVG 1.0//EN", "-//W3C//DTD SVG 1.1//EN", "-//W3C//DTD SVG 1.1 Basic//EN", "-//W3C//DTD SVG 1.1 Tiny//EN",
    ]

    /// What an SVG may point at, said in every refusal of a reference.
    static let acceptedReferences = "artwork may point only at its own elements (#id) and at PNG or JPEG images embedded as data: URLs"

    /// Refuses anything in the SVG that would make a renderer fetch something outside the file:
    /// an `href` or `xlink:href` (on any element, or an `xml-stylesheet` instruction) or a CSS
    /// `url()` (in an attribute, `style` or `<style>`) that is neither `#fragment` nor a `data:`
    /// URL (whose type and size `checkEmbeddedImages` checks), an XInclude, a CSS `@import`, a
    /// DOCTYPE naming an external DTD (SYSTEM, or PUBLIC other than the W3C's SVG DTDs; entities
    /// are refused before this, whatever they hold). Read on the text with character and
    /// entity references resolved, and `css` with CSS escapes resolved too, as librsvg reads
    /// them: XML's names exactly (they are case-sensitive), CSS's in any case.
    static func checkReferences(_ text: String, css: String) throws(PaintError) {
        func refuse(_ what: String) -> PaintError { PaintError("the SVG \(what); \(acceptedReferences)") }
        // Scanned as bytes with Foundation's search (a byte loop, or a regular expression, over
        // every position made a large file's parse a third slower in the debug build).
        let bytes = Array(text.utf8)
        if let at = search(Array("<!DOCTYPE".utf8), in: bytes, from: 0) {
            let declaration = bytes[at..<(bytes[at...].firstIndex { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "[") } ?? bytes.count)]
            let words = declaration.split(whereSeparator: isSpace)
            // The W3C's own SVG DTDs by their public names (what Illustrator and Inkscape write)
            // are no file to fetch; any other external DTD is.
            let quoted = String(decoding: declaration, as: UTF8.self).split(separator: "\"", omittingEmptySubsequences: false)
            let svgPublic = words.count > 2 && words[2].elementsEqual("PUBLIC".utf8) && quoted.count > 1
                && Self.svgPublicIdentifiers.contains(String(quoted[1]))
            if words.count > 2, words[2].elementsEqual("SYSTEM".utf8) || words[2].elementsEqual("PUBLIC".utf8), !svgPublic {
                throw refuse("names an external DTD (\(shown(declaration, in: text)))")
            }
        }
        var from = 0
        while let at = search(Array("include".utf8), in: bytes, from: from) {
            from = at + 7
            var start = at
            while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
            let prefix = bytes[start..<at]
            guard start > 0, bytes[start - 1] == UInt8(ascii: "<"), prefix.isEmpty || prefix.last == UInt8(ascii: ":"),
                from == bytes.count || !isNameByte(bytes[from])
            else { continue }
            let end = bytes[at...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
            throw refuse("includes another file (\(shown(bytes[(start - 1)..<end], in: text)))")
        }
        from = 0
        while let at = search(Array("href".utf8), in: bytes, from: from) {
            from = at + 4
            var start = at
            while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
            guard start == at || bytes[at - 1] == UInt8(ascii: ":") else { continue }
            guard from == bytes.count || !isNameByte(bytes[from]), let value = quotedValue(bytes, after: from) else { continue }
            if !isAccepted(bytes[value]) {
                throw refuse("references '\(shown(value, in: text))' (\(shown(start..<at + 4, in: text)))")
            }
            from = value.upperBound
        }
        // CSS: `@import` and `url(` in any case, found from their `@` and `(`.
        let cssBytes = Array(css.utf8)
        from = 0
        while let at = search([UInt8(ascii: "@")], in: cssBytes, from: from) {
            from = at + 1
            guard lowered(cssBytes[at..<min(cssBytes.count, at + 7)]).elementsEqual("@import".utf8) else { continue }
            let end = cssBytes[at...].firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "<") } ?? cssBytes.count
            throw refuse("imports a stylesheet (\(shown(at..<end, in: css)))")
        }
        from = 0
        while let open = search([UInt8(ascii: "(")], in: cssBytes, from: from) {
            from = open + 1
            guard open >= 3, lowered(cssBytes[(open - 3)..<open]).elementsEqual("url".utf8) else { continue }
            var start = from
            while start < cssBytes.count, isSpace(cssBytes[start]) { start += 1 }
            let value: Range<Int>
            if start < cssBytes.count, cssBytes[start] == UInt8(ascii: "\"") || cssBytes[start] == UInt8(ascii: "'") {
                let quote = cssBytes[start]
                value = (start + 1)..<(cssBytes[(start + 1)...].firstIndex(of: quote) ?? cssBytes.count)
            } else {
                var end = cssBytes[start...].firstIndex(of: UInt8(ascii: ")")) ?? cssBytes.count
                while end > start, isSpace(cssBytes[end - 1]) { end -= 1 }
                value = start..<end
            }
            if !isAccepted(cssBytes[value]) { throw refuse("references '\(shown(value, in: css))' (CSS url())") }
            from = max(from, value.upperBound)
        }
    }

    /// A reference the SVG may make: to its own element, or a `data:` URL (checked by `checkEmbeddedImages`).
    private static func isAccepted(_ reference: ArraySlice<UInt8>) -> Bool {
        let trimmed = reference.drop(while: isSpace)
        return trimmed.first == UInt8(ascii: "#") || trimmed.starts(with: "data:".utf8)
    }

    /// The range of an attribute's value when `bytes` from `index` are `= "value"` (or single
    /// quotes), with any whitespace around the `=`; nil otherwise.
    private static func quotedValue(_ bytes: [UInt8], after index: Int) -> Range<Int>? {
        var index = index
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        let end = bytes[(index + 1)...].firstIndex(of: quote) ?? bytes.count
        return (index + 1)..<end
    }

    /// Where `needle` first occurs in `bytes` at or after `from`. Foundation's search (built
    /// optimised, also in a debug build): the checks scan a file five times, and a byte loop in
    /// this module made a large file's parse a third slower in the debug build.
    private static func search(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: buffer.baseAddress!), count: buffer.count, deallocator: .none)
            return data.range(of: Data(needle), in: from..<buffer.count)?.lowerBound
        }
    }

    /// A few bytes with ASCII letters lowered.
    private static func lowered(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }

    /// A byte of an XML name (ASCII letters, digits, `_`, `-`, `.`, `:`, or any byte of a non-ASCII character).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte) || byte >= 0x80
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    private static func shown(_ range: Range<Int>, in text: String) -> String {
        shown(Substring(decoding: Array(text.utf8)[range], as: UTF8.self))
    }

    private static func shown(_ slice: ArraySlice<UInt8>, in text: String) -> String { shown(slice.indices, in: text) }

    /// A reference as a refusal shows it: on one line, at most 80 characters.
    private static func shown(_ text: Substring) -> String {
        let line = String(text.map { $0.isNewline || $0.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) ? " " : $0 })
        return line.count > 80 ? line.prefix(79) + "…" : line
    }

    /// Every `data:` URL in the text: a PNG or JPEG image, base64, at most `maximumImagePixels`.
    private static func checkEmbeddedImages(_ text: String) throws(PaintError) {
        var search = text[...]
        while let range = search.range(of: "data:") {
            search = text[range.upperBound...]
            let header = search.prefix { $0 != "," && $0 != "\"" && $0 != "'" }
            let type = header.split(separator: ";").first.map { $0.lowercased().trimmingCharacters(in: .whitespaces) } ?? ""
            guard type == "image/png" || type == "image/jpeg" || type == "image/jpg" else {
                throw PaintError("the SVG embeds data of type '\(type)'; artwork may embed PNG and JPEG images only")
            }
            guard header.lowercased().hasSuffix(";base64"), search.dropFirst(header.count).first == "," else {
                throw PaintError("the SVG embeds an image that is not base64; the check needs its size")
            }
            let payload = search.dropFirst(header.count + 1).prefix { $0 != "\"" && $0 != "'" && $0 != ")" && $0 != "<" }
            let compact = payload.filter { !$0.isWhitespace }
            let padded = compact + String(repeating: "=", count: (4 - compact.count % 4) % 4)
            guard let image = Data(base64Encoded: padded) else { throw PaintError("the SVG embeds an image whose base64 does not decode") }
            let imageBytes = [UInt8](image)
            guard let size = PNGHeader.size(of: imageBytes) ?? jpegSize(imageBytes[...]) else {
                throw PaintError("the SVG embeds an image whose size cannot be read from its header")
            }
            try checkImage(size, what: "the SVG's embedded image")
        }
    }

    /// CSS escapes (`\75 rl(`, `\@import`) replaced by their characters, as a CSS parser reads
    /// them: a backslash and one to six hex digits (and one whitespace after them) is that
    /// character; a backslash and a newline is nothing; a backslash and any other character is
    /// that character.
    static func resolvingCSSEscapes(_ text: String) -> String {
        guard search([UInt8(ascii: "\\")], in: Array(text.utf8), from: 0) != nil else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "\\", index < scalars.count else {
                out.append(scalar)
                continue
            }
            var digits = ""
            while digits.count < 6, index < scalars.count, scalars[index].properties.isASCIIHexDigit {
                digits.unicodeScalars.append(scalars[index])
                index += 1
            }
            if digits.isEmpty {
                if scalars[index] != "\n" { out.append(scalars[index]) }
                index += 1
                continue
            }
            if index < scalars.count, [" ", "\t", "\n", "\r", "\u{0C}"].contains(scalars[index]) { index += 1 }
            out.append(UInt32(digits, radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{FFFD}")
        }
        return String(out)
    }

    /// XML's five predefined entities (`&quot;` …) replaced by their characters, `&amp;` last, so
    /// that a `url(&quot;…&quot;)` reads as the quoted address librsvg's CSS parser sees.
    private static func resolvingEntityReferences(_ text: String) -> String {
        guard search([UInt8(ascii: "&")], in: Array(text.utf8), from: 0) != nil else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// XML character references (`&#100;`, `&#x64;`) replaced by their characters, so that an
    /// address spelt with them reads as librsvg reads it.
    private static func resolvingCharacterReferences(_ text: String) -> String {
        guard text.contains("&#") else { return text }
        return text.replacing(#/&#(x[0-9A-Fa-f]+|[0-9]+);/#) { match in
            let digits = match.output.1
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? ""
        }
    }

    // MARK: - Bytes

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// A byte that is part of a PDF token (not whitespace and not a delimiter).
    private static func isRegular(_ byte: UInt8) -> Bool {
        !([0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20] as [UInt8]).contains(byte) && !Array("()<>[]{}/%".utf8).contains(byte)
    }

    private static func find<C: RandomAccessCollection>(_ needle: [UInt8], in haystack: C, from: C.Index) -> C.Index?
    where C.Element == UInt8, C.Index == Int {
        guard let first = needle.first, haystack.endIndex - needle.count >= from else { return nil }
        var index = from
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first {
                var matches = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                    matches = false
                    break
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }
}
