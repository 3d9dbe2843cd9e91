/// The shape an artwork file may have, checked on its own size (PDF page, SVG viewBox, PNG pixels)
/// as Doubles, before anything converts a size derived from it to an integer: the logo's width is
/// its height times the file's ratio, and a page of 1,000,000 × 1 points made that width overflow
/// the typesetter's 32-bit units. The SDK's widest artwork (the lockups) is 5.3 : 1 and its
/// narrowest (the circled icons) 1 : 1; a file more than `maximumRatio` times wider than tall or
/// taller than wide is no logo and is refused in one line.
enum ArtworkGeometry {
    /// 20 : 1 either way: nearly four times the SDK's widest.
    static let maximumRatio = 20.0

    static func check(width: Double, height: Double) throws(PaintError) {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw PaintError("it has no size (\(width) × \(height)); artwork needs a positive width and height")
        }
        let ratio = width / height
        guard ratio.isFinite, ratio <= maximumRatio, ratio >= 1 / maximumRatio else {
            throw PaintError(
                "it is \(Self.format(width)) × \(Self.format(height)) (a ratio of \(Self.format(max(ratio, 1 / ratio))) : 1); artwork may be at most \(Int(maximumRatio)) times wider than tall or taller than wide (the SDK's widest is 5.3 : 1)")
        }
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
