/// The largest image the renderer draws, checked from the layout before any pixel is allocated,
/// and the largest text sizes markup may ask for. An image over a limit is bad input (exit 2),
/// named with its size and the limit.
public enum ImageLimits {
    /// The most pixels an image may have: 16 megapixels (16,777,216 px, 64 MiB of ARGB).
    public static let maximumPixels = 16 * 1024 * 1024
    /// The longest side, in pixels (and, since the scale is at least 1, in points).
    public static let maximumSide = 16384
    /// The largest text size in points, for `--font-size` and for sizes in link markup alike.
    public static let maximumFontSize = 500.0
    /// The largest letter spacing, baseline rise or line height markup may set, in points.
    public static let maximumSpacing = 1000.0

    /// nil when a `width` × `height` px image is within the limits, else the sentence saying why not.
    public static func problem(width: Int, height: Int) -> String? {
        let pixels = width.multipliedReportingOverflow(by: height)
        if width > maximumSide || height > maximumSide || pixels.overflow || pixels.partialValue > maximumPixels {
            let megapixels = pixels.overflow ? "over 9e18 px" : "\(megapixelText(pixels.partialValue)) megapixels"
            return "the image would be \(width) × \(height) px (\(megapixels)), over the limit of \(maximumSide) px a side and \(megapixelText(maximumPixels)) megapixels (\(maximumPixels) px): use a smaller font size, width, padding, scale or link text"
        }
        return nil
    }

    /// nil when a `width` × `height` px image has at most `limit` pixels (a server's smaller
    /// cap), else the sentence saying why not.
    package static func problem(width: Int, height: Int, cap limit: Int) -> String? {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard overflow || count > limit else { return nil }
        return "the image would be \(width)×\(height) pixels, more than the \(limit) allowed: use a smaller font-size, scale, padding or width"
    }

    static func megapixelText(_ pixels: Int) -> String {
        let value = Double(pixels) / 1_000_000
        return value >= 100 ? String(Int(value.rounded())) : String((value * 10).rounded() / 10)
    }
}
