import BreakdownEncode
import BreakdownLayout
import Foundation

/// Compares a freshly rendered PNG, and what it says, with a reference PNG file and the words
/// recorded beside it. Shared by `breakdown verify` and the snapshot testing library, so both
/// judge an image the same way and say the same things: the words first and exactly, then the
/// pixels under the comparison's tolerance.
public enum ReferenceCheck {
    /// What comparing an image and its words with a reference found.
    public struct Result: Sendable {
        /// The words, compared exactly.
        public var words: WordsVerdict
        /// The pixels, under the comparison's tolerance.
        public var pixels: Outcome

        /// Whether the image matches its reference: the same words (or none recorded) and
        /// matching pixels. Changed words fail whatever the pixel tolerance.
        public var passed: Bool {
            guard !words.failed, case .matched = pixels else { return false }
            return true
        }

        /// The lines of a message after the front end's first: the words (both sentences, the
        /// changed words marked) and then the pixel summary; a reference without words adds the
        /// note that they were not checked. `howToRecord` is the front end's way to record
        /// (`run breakdown verify … --record`, `run with BREAKDOWN_RECORD=all`).
        public func summary(howToRecord: String) -> [String] {
            var lines = words.lines(howToRecord: howToRecord)
            switch pixels {
            case .matched(let diff) where words.isDifference:
                lines.append(diff.message + " (the pixels alone would pass: the tolerance absorbs this change, the words do not)")
            case .matched(let diff), .different(let diff, _, _), .differentSize(let diff):
                lines.insert(diff.message, at: words.failed ? lines.count : 0)
            case .missing, .unreadable: break
            }
            return lines
        }
    }

    /// Compares `actualPNG` and its words with the reference at `referencePath` and the words
    /// beside it (`ReferenceWords.sidecarPath`): the words exactly, the pixels by `comparison`.
    public static func compare(
        actualPNG: [UInt8], words: ReferenceWords, referencePath: String, comparison: ImageComparison
    ) -> Result {
        let verdict = WordsVerdict.judge(words, sidecar: ReferenceWords.sidecarPath(forReference: referencePath))
        return Result(words: verdict, pixels: compare(actualPNG: actualPNG, referencePath: referencePath, comparison: comparison))
    }

    /// Whether the image matches its reference, or why it could not be checked.
    public enum Outcome: Sendable {
        /// Identical bytes or pixels, or different within the comparison's tolerance.
        case matched(ImageDiff)
        /// There is no file at the reference path.
        case missing
        /// The images differ (pixels beyond tolerance); both decoded, for a difference image.
        case different(ImageDiff, reference: PixelImage, actual: PixelImage)
        /// The reference's header names another size than the actual image's, and one over the
        /// decoding limit: found before decoding either (a reference claiming 23000 × 23000 px is
        /// never decoded). A smaller reference of another size is decoded and is `different`.
        case differentSize(ImageDiff)
        /// The reference (or, never expected, the actual image) could not be read or decoded: one line.
        case unreadable(String)
    }

    /// Reads the reference at `referencePath` and compares `actualPNG` with it. Identical bytes
    /// match without decoding; otherwise both are decoded and their pixels compared.
    public static func compare(actualPNG: [UInt8], referencePath: String, comparison: ImageComparison) -> Outcome {
        let referencePNG: [UInt8]
        do throws(RegularFile.Problem) {
            referencePNG = try RegularFile.read(referencePath, limit: PNGDecoder.maximumFileSize)
        } catch {
            if error.isMissing { return .missing }
            return .unreadable("cannot read reference \(referencePath): it \(error.reason)")
        }
        // Identical bytes: the comparison answers without decoding.
        if referencePNG == actualPNG, let diff = try? comparison.compare(referencePNG: referencePNG, actualPNG: actualPNG) {
            return .matched(diff)
        }
        // Sizes first, from the headers: a different size is a difference, whatever the pixels. It
        // is still compared over the common area (for the count and the difference image) unless
        // the reference is over the decoding limit, which is then never decoded.
        if let referenceSize = PNGDecoder.headerSize(of: referencePNG), let actualSize = PNGDecoder.headerSize(of: actualPNG),
            referenceSize != actualSize,
            referenceSize.width.multipliedReportingOverflow(by: referenceSize.height).partialValue > PNGDecoder.maximumPixels
                || referenceSize.width > ImageLimits.maximumSide || referenceSize.height > ImageLimits.maximumSide
        {
            return .differentSize(
                ImageDiff(
                    outcome: .sizeMismatch(reference: referenceSize, actual: actualSize), comparedPixelCount: 0,
                    differingPixelCount: 0, largestChannelDifference: 0, largestDifferenceLocation: nil, differenceBounds: nil,
                    comparison: comparison))
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

    /// The difference image (changed pixels in magenta over the faded reference) as PNG bytes;
    /// on a black ground for a dark appearance's image (`ImageComparison.differenceImage`).
    public static func differencePNG(reference: PixelImage, actual: PixelImage, comparison: ImageComparison, dark: Bool = false) throws -> [UInt8] {
        try PNGEncoder().encode(comparison.differenceImage(reference: reference, actual: actual, dark: dark))
    }
}
