import BreakdownEncode
import Foundation

/// Compares a freshly rendered PNG with a reference PNG file. Shared by `breakdown verify` and the
/// snapshot testing library, so both judge an image the same way and say the same things.
public enum ReferenceCheck {
    /// Whether the image matches its reference, or why it could not be checked.
    public enum Outcome: Sendable {
        /// Identical bytes or pixels, or different within the comparison's tolerance.
        case matched(ImageDiff)
        /// There is no file at the reference path.
        case missing
        /// The images differ (pixels beyond tolerance, or sizes); both decoded, for a difference image.
        case different(ImageDiff, reference: PixelImage, actual: PixelImage)
        /// The reference (or, never expected, the actual image) could not be read or decoded: one line.
        case unreadable(String)
    }

    /// Reads the reference at `referencePath` and compares `actualPNG` with it. Identical bytes
    /// match without decoding; otherwise both are decoded and their pixels compared.
    public static func compare(actualPNG: [UInt8], referencePath: String, comparison: ImageComparison) -> Outcome {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: referencePath, isDirectory: &isDirectory) else { return .missing }
        guard !isDirectory.boolValue else { return .unreadable("reference \(referencePath) is a folder, not a PNG file") }
        guard let data = FileManager.default.contents(atPath: referencePath) else {
            return .unreadable("cannot read reference \(referencePath): permission denied or not a regular file")
        }
        let referencePNG = [UInt8](data)
        // Identical bytes: the comparison answers without decoding.
        if referencePNG == actualPNG, let diff = try? comparison.compare(referencePNG: referencePNG, actualPNG: actualPNG) {
            return .matched(diff)
        }
        let reference: PixelImage, actual: PixelImage
        do {
            reference = try PNGDecoder.decode(referencePNG, source: "reference \(referencePath)")
            actual = try PNGDecoder.decode(actualPNG, source: "the rendered image")
        } catch {
            return .unreadable("\(error)")
        }
        let diff = comparison.compare(reference: reference, actual: actual)
        return diff.passed ? .matched(diff) : .different(diff, reference: reference, actual: actual)
    }

    /// The difference image (changed pixels in magenta over the faded reference) as PNG bytes.
    public static func differencePNG(reference: PixelImage, actual: PixelImage, comparison: ImageComparison) throws -> [UInt8] {
        try PNGEncoder().encode(comparison.differenceImage(reference: reference, actual: actual))
    }
}
