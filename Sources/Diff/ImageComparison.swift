import BreakdownEncode

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How strictly to compare an actual image with a reference one. The default is exact.
///
/// A pixel differs when any of its four channels (red, green, blue, alpha; straight alpha)
/// differs by more than `channelTolerance`. The images match when the differing pixels are at
/// most `allowedDifferingFraction` of all pixels.
public struct ImageComparison: Sendable, Equatable {
    /// The largest difference of a channel, 0...255, that does not make a pixel differ.
    public var channelTolerance: Int
    /// The largest fraction of pixels, 0...1, that may differ while the images still match.
    public var allowedDifferingFraction: Double

    /// Exact comparison: every channel of every pixel equal.
    public static let exact = ImageComparison()

    /// A comparison; by default exact (no tolerance, no differing pixels).
    public init(channelTolerance: Int = 0, allowedDifferingFraction: Double = 0) {
        precondition((0...255).contains(channelTolerance), "channel tolerance \(channelTolerance) is not in 0...255")
        precondition(
            (0...1).contains(allowedDifferingFraction),
            "allowed differing fraction \(allowedDifferingFraction) is not in 0...1")
        self.channelTolerance = channelTolerance
        self.allowedDifferingFraction = allowedDifferingFraction
    }

    /// Compares two PNG files' bytes: identical bytes match at once, without decoding; otherwise
    /// both are decoded and their pixels compared. `referenceSource` and `actualSource` name them
    /// in decoding errors.
    public func compare(
        referencePNG: [UInt8], actualPNG: [UInt8], referenceSource: String = "reference PNG",
        actualSource: String = "actual PNG"
    ) throws -> ImageDiff {
        if referencePNG == actualPNG {
            return identical(pixelCount: Self.pixelCount(ofPNG: referencePNG))
        }
        let reference = try PNGDecoder.decode(referencePNG, source: referenceSource)
        let actual = try PNGDecoder.decode(actualPNG, source: actualSource)
        return compare(reference: reference, actual: actual)
    }

    /// Compares an actual image's pixels with a reference's.
    public func compare(reference: PixelImage, actual: PixelImage) -> ImageDiff {
        guard reference.width == actual.width, reference.height == actual.height else {
            return ImageDiff(
                outcome: .sizeMismatch(
                    reference: PixelSize(width: reference.width, height: reference.height),
                    actual: PixelSize(width: actual.width, height: actual.height)),
                comparedPixelCount: 0, differingPixelCount: 0, largestChannelDifference: 0,
                largestDifferenceLocation: nil, differenceBounds: nil, comparison: self)
        }
        let width = reference.width, height = reference.height
        let rowBytes = width * 4
        var differing = 0, largest = 0
        var largestAt: PixelPoint?
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        reference.rgba.withUnsafeBytes { expected in
            actual.rgba.withUnsafeBytes { found in
                guard memcmp(expected.baseAddress!, found.baseAddress!, expected.count) != 0 else { return }
                for y in 0..<height {
                    let rowOffset = y * rowBytes
                    if memcmp(expected.baseAddress! + rowOffset, found.baseAddress! + rowOffset, rowBytes) == 0 {
                        continue
                    }
                    for x in 0..<width {
                        let offset = rowOffset + x * 4
                        var pixelLargest = 0
                        for channel in 0..<4 {
                            let difference = abs(Int(expected[offset + channel]) - Int(found[offset + channel]))
                            pixelLargest = max(pixelLargest, difference)
                        }
                        if pixelLargest > largest {
                            largest = pixelLargest
                            largestAt = PixelPoint(x: x, y: y)
                        }
                        if pixelLargest > channelTolerance {
                            differing += 1
                            minX = min(minX, x)
                            maxX = max(maxX, x)
                            minY = min(minY, y)
                            maxY = max(maxY, y)
                        }
                    }
                }
            }
        }
        let pixelCount = width * height
        guard largest > 0 else { return identical(pixelCount: pixelCount) }
        // Dividing gives exactly the double nearest to differing ÷ pixelCount, the same as the
        // literal a caller writes for that fraction, so the edge case passes.
        let fraction = pixelCount == 0 ? 0 : Double(differing) / Double(pixelCount)
        let passes = differing == 0 || fraction <= allowedDifferingFraction
        return ImageDiff(
            outcome: passes ? .withinTolerance : .different, comparedPixelCount: pixelCount,
            differingPixelCount: differing, largestChannelDifference: largest, largestDifferenceLocation: largestAt,
            differenceBounds: maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1),
            comparison: self)
    }

    /// A picture of the differences: the reference faded to a pale grey, with every pixel that
    /// differs by more than the tolerance in magenta. For images of different sizes the canvas
    /// is the larger of each dimension, and pixels that only one image has are magenta too.
    public func differenceImage(reference: PixelImage, actual: PixelImage) -> PixelImage {
        let width = max(reference.width, actual.width), height = max(reference.height, actual.height)
        let highlight: SIMD4<UInt8> = [255, 0, 255, 255]
        var image = PixelImage(width: width, height: height, filledWith: [255, 255, 255, 255])
        for y in 0..<height {
            for x in 0..<width {
                let inReference = x < reference.width && y < reference.height
                let inActual = x < actual.width && y < actual.height
                guard inReference || inActual else { continue }
                guard inReference && inActual else {
                    image[x, y] = highlight
                    continue
                }
                let expected = reference[x, y], found = actual[x, y]
                let difference = pointwiseMax(expected, found) &- pointwiseMin(expected, found)
                if Int(difference.max()) > channelTolerance {
                    image[x, y] = highlight
                } else {
                    let pale = Self.faded(expected)
                    image[x, y] = [pale, pale, pale, 255]
                }
            }
        }
        return image
    }

    /// The grey of a pixel over white, taken three quarters of the way to white.
    private static func faded(_ pixel: SIMD4<UInt8>) -> UInt8 {
        let alpha = Int(pixel[3])
        func overWhite(_ channel: UInt8) -> Int { (Int(channel) * alpha + 255 * (255 - alpha) + 127) / 255 }
        let grey = (overWhite(pixel[0]) * 299 + overWhite(pixel[1]) * 587 + overWhite(pixel[2]) * 114 + 500) / 1000
        return UInt8(grey + (255 - grey) * 3 / 4)
    }

    private func identical(pixelCount: Int) -> ImageDiff {
        ImageDiff(
            outcome: .identical, comparedPixelCount: pixelCount, differingPixelCount: 0, largestChannelDifference: 0,
            largestDifferenceLocation: nil, differenceBounds: nil, comparison: self)
    }

    /// Width × height from a PNG's IHDR chunk, or 0 if the bytes do not start like a PNG.
    private static func pixelCount(ofPNG bytes: [UInt8]) -> Int {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return 0 }
        func bigEndian(at offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        return bigEndian(at: 16) * bigEndian(at: 20)
    }
}
