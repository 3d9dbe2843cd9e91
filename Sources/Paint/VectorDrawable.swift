import BreakdownContent
import Foundation

/// Android VectorDrawable XML (the SDK's `res/drawable/*.xml`) converted to SVG, for librsvg:
/// the viewport, groups with translate/scale/rotate/pivot, clip paths (each clipping the later
/// siblings of its group), non-zero and even-odd fills, strokes with alpha, caps, joins and miter
/// limits. A tint is SRC_IN: every colour becomes the tint's, each keeping its own alpha.
public enum VectorDrawable {
    /// Why a drawable cannot be converted.
    public struct ConversionError: Error, Sendable, Hashable, CustomStringConvertible {
        /// One line.
        public var description: String
    }

    /// The SVG text of a VectorDrawable, optionally tinted.
    public static func svg(fromXML xml: String, tint: RGBAColor? = nil) throws(ConversionError) -> String {
        let elements = try XMLTokens.parse(xml)
        guard let root = elements.first, root.name == "vector", root.isOpening else {
            throw ConversionError(description: "not a VectorDrawable: the root element is not <vector>")
        }
        let width = try length(root, "width")
        let height = try length(root, "height")
        let viewportWidth = try number(root, "viewportWidth") ?? width
        let viewportHeight = try number(root, "viewportHeight") ?? height
        guard width > 0, height > 0, viewportWidth > 0, viewportHeight > 0 else {
            throw ConversionError(description: "a VectorDrawable's size and viewport must be more than 0")
        }
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(format(width))\" height=\"\(format(height))\" preserveAspectRatio=\"none\" viewBox=\"0 0 \(format(viewportWidth)) \(format(viewportHeight))\">"
        // Per open element: how many extra <g> a clip path opened inside it.
        var clipDepth: [Int] = [0]
        var clipCount = 0
        for element in elements.dropFirst() {
            switch (element.name, element.kind) {
            case ("group", .open), ("group", .empty):
                out += "<g transform=\"\(try groupTransform(element))\">"
                if element.kind == .empty { out += "</g>" } else { clipDepth.append(0) }
            case ("group", .close), ("vector", .close):
                let extra = clipDepth.popLast() ?? 0
                out += String(repeating: "</g>", count: extra)
                if element.name == "group" { out += "</g>" }
            case ("clip-path", _):
                guard element.kind != .close else { continue }
                clipCount += 1
                let data = escaped(element.attribute("pathData") ?? "")
                out += "<clipPath id=\"vd-clip-\(clipCount)\"><path d=\"\(data)\"/></clipPath><g clip-path=\"url(#vd-clip-\(clipCount))\">"
                clipDepth[clipDepth.count - 1] += 1
            case ("path", .open), ("path", .empty):
                out += try path(element, tint: tint)
            case ("path", .close):
                continue
            default:
                throw ConversionError(description: "unsupported VectorDrawable element <\(element.name)>")
            }
        }
        return out + "</svg>"
    }

    /// The declared size in dp (`android:width`, `android:height`).
    public static func size(fromXML xml: String) throws(ConversionError) -> (width: Double, height: Double) {
        let elements = try XMLTokens.parse(xml)
        guard let root = elements.first, root.name == "vector" else {
            throw ConversionError(description: "not a VectorDrawable: the root element is not <vector>")
        }
        return (try length(root, "width"), try length(root, "height"))
    }

    /// Android's group matrix: translate(−pivot), scale, rotate, translate(translate + pivot).
    static func groupTransform(_ element: XMLTokens.Element) throws(ConversionError) -> String {
        let pivotX = try number(element, "pivotX") ?? 0
        let pivotY = try number(element, "pivotY") ?? 0
        let translateX = try number(element, "translateX") ?? 0
        let translateY = try number(element, "translateY") ?? 0
        let rotation = try number(element, "rotation") ?? 0
        let scaleX = try number(element, "scaleX") ?? 1
        let scaleY = try number(element, "scaleY") ?? 1
        return "translate(\(format(translateX + pivotX)) \(format(translateY + pivotY))) rotate(\(format(rotation))) scale(\(format(scaleX)) \(format(scaleY))) translate(\(format(-pivotX)) \(format(-pivotY)))"
    }

    static func path(_ element: XMLTokens.Element, tint: RGBAColor?) throws(ConversionError) -> String {
        let data = element.attribute("pathData") ?? ""
        if let problem = pathDataProblem(data) {
            throw ConversionError(description: "android:pathData \(problem) (SVG path commands M L H V C S Q T A Z, each with its numbers)")
        }
        var attributes = "d=\"\(escaped(data))\""
        func paint(_ colorName: String, _ alphaName: String) throws(ConversionError) -> (String, Double)? {
            guard let text = element.attribute(colorName) else { return nil }
            guard var color = androidColor(text) else {
                throw ConversionError(description: "android:\(colorName) '\(text)' is not a colour (#RGB, #ARGB, #RRGGBB or #AARRGGBB)")
            }
            if let tint {
                let combined = Double(color.alpha) * Double(tint.alpha) / 255
                color = RGBAColor(red8: tint.red, green8: tint.green, blue8: tint.blue, alpha8: UInt8(combined.rounded()))
            }
            let own: Double = try number(element, alphaName) ?? 1
            let alpha = own * Double(color.alpha) / 255
            let hex = RGBAColor(red8: color.red, green8: color.green, blue8: color.blue).description
            return (hex, alpha)
        }
        if let (hex, alpha) = try paint("fillColor", "fillAlpha") {
            attributes += " fill=\"\(hex)\" fill-opacity=\"\(format(alpha))\""
        } else {
            attributes += " fill=\"none\""
        }
        if element.attribute("fillType") == "evenOdd" { attributes += " fill-rule=\"evenodd\"" }
        let strokeWidth = try number(element, "strokeWidth") ?? 0
        if strokeWidth > 0, let (hex, alpha) = try paint("strokeColor", "strokeAlpha") {
            attributes += " stroke=\"\(hex)\" stroke-opacity=\"\(format(alpha))\" stroke-width=\"\(format(strokeWidth))\""
            attributes += " stroke-linecap=\"\(element.attribute("strokeLineCap") ?? "butt")\""
            attributes += " stroke-linejoin=\"\(element.attribute("strokeLineJoin") ?? "miter")\""
            attributes += " stroke-miterlimit=\"\(format(try number(element, "strokeMiterLimit") ?? 4))\""
        }
        return "<path \(attributes)/>"
    }

    /// Why `data` is not path data Android's parser reads (librsvg would silently drop such a
    /// path): an unknown character, numbers before the first command, or a command whose numbers
    /// are not a whole number of its arguments. Nil when it is.
    static func pathDataProblem(_ data: String) -> String? {
        let arity: [Unicode.Scalar: Int] = ["M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7, "Z": 0]
        let scalars = Array(data.unicodeScalars)
        var index = 0
        var command: Unicode.Scalar?
        var count = 0
        func finish() -> String? {
            guard let command, let needed = arity[Unicode.Scalar(command.value & ~0x20)!] else { return nil }
            if needed == 0 { return count == 0 ? nil : "has numbers after \(command)" }
            return count > 0 && count % needed == 0 ? nil : "has \(count) numbers after \(command), not a multiple of its \(needed)"
        }
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "," || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                index += 1
            } else if arity[Unicode.Scalar(scalar.value & ~0x20) ?? " "] != nil, scalar.value < 128, scalar.properties.isAlphabetic,
                scalar != "e", scalar != "E"
            {
                if let problem = finish() { return problem }
                command = scalar
                count = 0
                index += 1
            } else if isDigit(scalar) || scalar == "." || scalar == "-" || scalar == "+" {
                guard command != nil else { return "starts with a number, not a command" }
                var end = index
                if scalars[end] == "-" || scalars[end] == "+" { end += 1 }
                var digits = 0
                while end < scalars.count, isDigit(scalars[end]) { end += 1; digits += 1 }
                if end < scalars.count, scalars[end] == "." {
                    end += 1
                    while end < scalars.count, isDigit(scalars[end]) { end += 1; digits += 1 }
                }
                guard digits > 0 else { return "has a sign or point without digits at character \(index + 1)" }
                if end < scalars.count, scalars[end] == "e" || scalars[end] == "E" {
                    var exponent = end + 1
                    if exponent < scalars.count, scalars[exponent] == "-" || scalars[exponent] == "+" { exponent += 1 }
                    var exponentDigits = 0
                    while exponent < scalars.count, isDigit(scalars[exponent]) { exponent += 1; exponentDigits += 1 }
                    guard exponentDigits > 0 else { return "has an exponent without digits at character \(end + 1)" }
                    end = exponent
                }
                // Android reads a 32-bit float: past its range the number is infinity there.
                if let value = Double(String(String.UnicodeScalarView(scalars[index..<end]))),
                    value.magnitude > Double(Float.greatestFiniteMagnitude)
                {
                    return "has a number beyond the range Android reads (a 32-bit float, at most 3.4e38 either way) at character \(index + 1)"
                }
                count += 1
                index = end
            } else {
                return "has '\(String(scalar).debugDescription.dropFirst().dropLast())' at character \(index + 1)"
            }
        }
        return finish()
    }

    /// `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB`.
    static func androidColor(_ text: String) -> RGBAColor? {
        guard text.hasPrefix("#") else { return nil }
        var digits = Array(text.dropFirst())
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        if digits.count == 3 || digits.count == 4 { digits = digits.flatMap { [$0, $0] } }
        if digits.count == 6 { digits = ["F", "F"] + digits }
        guard digits.count == 8 else { return nil }
        let bytes = stride(from: 0, to: 8, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16) ?? 0 }
        return RGBAColor(red8: bytes[1], green8: bytes[2], blue8: bytes[3], alpha8: bytes[0])
    }

    /// An attribute's number. Android reads these as 32-bit floats, so a value beyond a float's
    /// range is infinity on a phone (the layer not drawn); it would reach librsvg as a matrix it
    /// drops without a word, so it is refused here.
    static func number(_ element: XMLTokens.Element, _ name: String) throws(ConversionError) -> Double? {
        guard let text = element.attribute(name) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw ConversionError(description: "android:\(name) '\(text)' is not a number")
        }
        guard value.magnitude <= Double(Float.greatestFiniteMagnitude) else {
            throw ConversionError(description: "android:\(name) '\(text)' is beyond the range Android reads (a 32-bit float, at most 3.4e38 either way)")
        }
        return value
    }

    static func length(_ element: XMLTokens.Element, _ name: String) throws(ConversionError) -> Double {
        guard let text = element.attribute(name) else { throw ConversionError(description: "<vector> has no android:\(name)") }
        let digits = text.hasSuffix("dp") ? String(text.dropLast(2)) : text
        guard let value = Double(digits), value.isFinite, value.magnitude <= Double(Float.greatestFiniteMagnitude) else {
            throw ConversionError(description: "android:\(name) '\(text)' is not a size in dp")
        }
        return value
    }

    static func format(_ value: Double) -> String { value.shortText }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }
}

/// A minimal XML reader for VectorDrawable files: elements with attributes (the `android:`
/// prefix dropped), comments and declarations skipped; text content ignored.
enum XMLTokens {
    enum Kind { case open, close, empty }

    struct Element {
        var name: String
        var kind: Kind
        var attributes: [String: String]
        var isOpening: Bool { kind != .close }
        func attribute(_ name: String) -> String? { attributes[name] }
    }

    static func parse(_ xml: String) throws(VectorDrawable.ConversionError) -> [Element] {
        var elements: [Element] = []
        var open: [String] = []
        let chars = Array(xml.unicodeScalars)
        var index = 0
        func fail(_ what: String) -> VectorDrawable.ConversionError { .init(description: "malformed VectorDrawable XML: \(what)") }
        while index < chars.count {
            guard chars[index] == "<" else { index += 1; continue }
            let rest = String(String.UnicodeScalarView(chars[index..<min(chars.count, index + 4)]))
            if rest.hasPrefix("<!--") || rest.hasPrefix("<?") || rest.hasPrefix("<!") {
                let terminator: [Unicode.Scalar] = rest.hasPrefix("<!--") ? ["-", "-", ">"] : rest.hasPrefix("<?") ? ["?", ">"] : [">"]
                var end = index + 2
                while end + terminator.count <= chars.count, Array(chars[end..<end + terminator.count]) != terminator { end += 1 }
                guard end + terminator.count <= chars.count else { throw fail("an unterminated comment or declaration") }
                index = end + terminator.count
                continue
            }
            index += 1
            var closing = false
            if index < chars.count, chars[index] == "/" { closing = true; index += 1 }
            var name = ""
            while index < chars.count, !chars[index].properties.isWhitespace, chars[index] != ">", chars[index] != "/" {
                name.unicodeScalars.append(chars[index]); index += 1
            }
            guard !name.isEmpty else { throw fail("an element without a name") }
            var attributes: [String: String] = [:]
            var kind: Kind = closing ? .close : .open
            while true {
                while index < chars.count, chars[index].properties.isWhitespace { index += 1 }
                guard index < chars.count else { throw fail("<\(name)> is not closed") }
                if chars[index] == ">" { index += 1; break }
                if chars[index] == "/" {
                    guard index + 1 < chars.count, chars[index + 1] == ">" else { throw fail("a stray / in <\(name)>") }
                    kind = .empty; index += 2; break
                }
                var key = ""
                while index < chars.count, chars[index] != "=", !chars[index].properties.isWhitespace, chars[index] != ">" {
                    key.unicodeScalars.append(chars[index]); index += 1
                }
                while index < chars.count, chars[index].properties.isWhitespace { index += 1 }
                guard index < chars.count, chars[index] == "=" else { throw fail("attribute \(key) of <\(name)> has no value") }
                index += 1
                while index < chars.count, chars[index].properties.isWhitespace { index += 1 }
                guard index < chars.count, chars[index] == "\"" || chars[index] == "'" else { throw fail("attribute \(key) is not quoted") }
                let quote = chars[index]
                index += 1
                var value = ""
                while index < chars.count, chars[index] != quote { value.unicodeScalars.append(chars[index]); index += 1 }
                guard index < chars.count else { throw fail("attribute \(key) is not terminated") }
                index += 1
                let local = key.split(separator: ":").last.map(String.init) ?? key
                attributes[local] = decoded(value)
            }
            elements.append(Element(name: name, kind: kind, attributes: attributes))
            guard elements.count <= maximumElements else {
                throw fail("more than \(maximumElements) elements (the SDK's drawables have a few dozen)")
            }
            switch kind {
            case .open:
                open.append(name)
                guard open.count <= maximumDepth else { throw fail("elements nested more than \(maximumDepth) deep") }
            case .close:
                guard open.last == name else { throw fail("</\(name)> closes \(open.last.map { "<\($0)>" } ?? "nothing")") }
                open.removeLast()
            case .empty:
                break
            }
        }
        if let unclosed = open.last { throw fail("<\(unclosed)> is not closed (the file ends first)") }
        return elements
    }

    /// Bounds on a drawable's structure: far beyond the SDK's, well below what would make the
    /// converted SVG too deep or too large for librsvg.
    static let maximumDepth = 64
    static let maximumElements = 20_000

    static func decoded(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
