import BreakdownEncode

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How strictly to compare an actual image with a reference one. The default is exact.
///
/// A pixel differs when any of its four channels (red, green, blue, alpha; straight alpha)
/// differs by more than `channelTolerance`, or, for a perceptual comparison, when its CIEDE2000
/// colour difference (`ColorDifference.deltaE`, over white and over black) is above
/// `perceptualDeltaE`. The images match when the differing pixels are at most
/// `allowedDifferingFraction` of all pixels.
///
/// A perceptual comparison is for references recorded on one machine and checked on another:
/// Pango, Cairo, FreeType and HarfBuzz versions move antialiased edge pixels by small amounts
/// that an exact comparison fails on, while real changes are far above a ΔE of a few units.
public struct ImageComparison: Sendable, Equatable {
    /// The largest difference of a channel, 0...255, that does not make a pixel differ.
    public var channelTolerance: Int
    /// The largest fraction of pixels, 0...1, that may differ while the images still match.
    public var allowedDifferingFraction: Double
    /// When set, the largest CIEDE2000 ΔE a pixel may be off by without differing (instead of
    /// the channel tolerance).
    public var perceptualDeltaE: Double?

    /// Exact comparison: every channel of every pixel equal.
    public static let exact = ImageComparison()

    /// - Parameters:
    ///   - channelTolerance: 0...255, used when `perceptual` is nil.
    ///   - allowedDifferingFraction: the share of pixels, 0...1, that may differ.
    ///   - perceptual: the largest CIEDE2000 ΔE per pixel, e.g. 2 (barely visible) or 5 for
    ///     antialiasing from other library versions; nil for a per-channel comparison.
    public init(channelTolerance: Int = 0, allowedDifferingFraction: Double = 0, perceptual: Double? = nil) {
        precondition((0...255).contains(channelTolerance), "channel tolerance \(channelTolerance) is not in 0...255")
        precondition(
            (0...1).contains(allowedDifferingFraction),
            "allowed differing fraction \(allowedDifferingFraction) is not in 0...1")
        if let perceptual { precondition(perceptual >= 0 && perceptual.isFinite, "perceptual ΔE \(perceptual) is not ≥ 0") }
        self.channelTolerance = channelTolerance
        self.allowedDifferingFraction = allowedDifferingFraction
        self.perceptualDeltaE = perceptual
    }

    /// A perceptual comparison: pixels differ when their ΔE₀₀ is above `deltaE`, and at most
    /// `allowedDifferingFraction` of them may.
    public static func perceptual(deltaE: Double, allowedDifferingFraction: Double = 0) -> ImageComparison {
        ImageComparison(allowedDifferingFraction: allowedDifferingFraction, perceptual: deltaE)
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

    /// Whether one pixel differs under this comparison, its largest channel difference and its ΔE
    /// (computed only for a perceptual comparison).
    func judge(_ expected: SIMD4<UInt8>, _ found: SIMD4<UInt8>) -> (differs: Bool, channel: Int, deltaE: Double) {
        let difference = pointwiseMax(expected, found) &- pointwiseMin(expected, found)
        let channel = Int(difference.max())
        guard let limit = perceptualDeltaE else { return (channel > channelTolerance, channel, 0) }
        guard channel > 0 else { return (false, 0, 0) }
        let deltaE = ColorDifference.deltaE(expected, found)
        return (deltaE > limit, channel, deltaE)
    }

    /// Compares an actual image's pixels with a reference's. Images of different sizes never
    /// match, but their common area (top-left aligned) is still compared, for the message.
    public func compare(reference: PixelImage, actual: PixelImage) -> ImageDiff {
        let width = min(reference.width, actual.width), height = min(reference.height, actual.height)
        let sameSize = reference.width == actual.width && reference.height == actual.height
        var differing = 0, largest = 0
        var largestDeltaE = 0.0
        var largestAt: PixelPoint?
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        reference.rgba.withUnsafeBytes { expected in
            actual.rgba.withUnsafeBytes { found in
                if sameSize, memcmp(expected.baseAddress!, found.baseAddress!, expected.count) == 0 { return }
                let referenceRow = reference.width * 4, actualRow = actual.width * 4
                for y in 0..<height {
                    let expectedRow = expected.baseAddress! + y * referenceRow, foundRow = found.baseAddress! + y * actualRow
                    if memcmp(expectedRow, foundRow, width * 4) == 0 { continue }
                    for x in 0..<width {
                        // An equal pixel differs in nothing (channel 0, ΔE 0): most pixels of a
                        // changed row are the background, so they are passed over in one compare.
                        if expectedRow.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
                            == foundRow.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
                        {
                            continue
                        }
                        let e = expectedRow.advanced(by: x * 4).assumingMemoryBound(to: UInt8.self)
                        let f = foundRow.advanced(by: x * 4).assumingMemoryBound(to: UInt8.self)
                        let verdict = judge([e[0], e[1], e[2], e[3]], [f[0], f[1], f[2], f[3]])
                        if verdict.channel > largest {
                            largest = verdict.channel
                            largestAt = PixelPoint(x: x, y: y)
                        }
                        largestDeltaE = max(largestDeltaE, verdict.deltaE)
                        if verdict.differs {
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
        let bounds = maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        guard sameSize else {
            return ImageDiff(
                outcome: .sizeMismatch(
                    reference: PixelSize(width: reference.width, height: reference.height),
                    actual: PixelSize(width: actual.width, height: actual.height)),
                comparedPixelCount: pixelCount, differingPixelCount: differing, largestChannelDifference: largest,
                largestDifferenceLocation: largestAt, differenceBounds: bounds, comparison: self, largestDeltaE: largestDeltaE)
        }
        guard largest > 0 else { return identical(pixelCount: pixelCount) }
        // Dividing gives exactly the double nearest to differing ÷ pixelCount, the same as the
        // literal a caller writes for that fraction, so the edge case passes.
        let fraction = pixelCount == 0 ? 0 : Double(differing) / Double(pixelCount)
        let passes = differing == 0 || fraction <= allowedDifferingFraction
        return ImageDiff(
            outcome: passes ? .withinTolerance : .different, comparedPixelCount: pixelCount,
            differingPixelCount: differing, largestChannelDifference: largest, largestDifferenceLocation: largestAt,
            differenceBounds: bounds, comparison: self, largestDeltaE: largestDeltaE)
    }

    /// The colours of a difference image.
    public enum DifferenceColors {
        /// A pixel of the common area that differs beyond the tolerance.
        public static let changed: SIMD4<UInt8> = [255, 0, 255, 255]
        /// Where only the reference has pixels (the actual image is smaller there): light blue.
        public static let referenceOnly: SIMD4<UInt8> = [120, 180, 255, 255]
        /// Where only the actual image has pixels (it grew there): orange.
        public static let actualOnly: SIMD4<UInt8> = [255, 170, 60, 255]
    }

    /// A picture of the differences: the reference faded to a pale grey, with every pixel that
    /// differs beyond the tolerance in magenta. For images of different sizes the canvas holds
    /// both extents: pixels only the reference has are light blue, pixels only the actual image
    /// has are orange, so the picture shows which way each side moved.
    ///
    /// `dark`: the image is a dark appearance's (light text, meant for a dark page): the canvas
    /// is black and the reference fades toward black over black, so its white text stays seen
    /// (over white it faded into the white canvas).
    public func differenceImage(reference: PixelImage, actual: PixelImage, dark: Bool = false) -> PixelImage {
        let width = max(reference.width, actual.width), height = max(reference.height, actual.height)
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        if dark {
            for offset in stride(from: 0, to: bytes.count, by: 4) { bytes[offset] = 0; bytes[offset + 1] = 0; bytes[offset + 2] = 0 }
        }
        func paint(_ offset: Int, _ color: SIMD4<UInt8>) {
            for channel in 0..<4 { bytes[offset + channel] = color[channel] }
        }
        let referenceOnly = DifferenceColors.referenceOnly, actualOnly = DifferenceColors.actualOnly
        let changed = DifferenceColors.changed
        reference.rgba.withUnsafeBytes { expected in
            actual.rgba.withUnsafeBytes { found in
                for y in 0..<height {
                    for x in 0..<width {
                        let offset = (y * width + x) * 4
                        let inReference = x < reference.width && y < reference.height
                        let inActual = x < actual.width && y < actual.height
                        guard inReference || inActual else { continue }
                        guard inReference && inActual else {
                            paint(offset, inReference ? referenceOnly : actualOnly)
                            continue
                        }
                        let e = (y * reference.width + x) * 4, f = (y * actual.width + x) * 4
                        let expectedPixel = expected.loadUnaligned(fromByteOffset: e, as: UInt32.self)
                        // An equal pixel never differs; a transparent one fades to the ground already there.
                        if expectedPixel == found.loadUnaligned(fromByteOffset: f, as: UInt32.self) {
                            if expected[e + 3] == 0 { continue }
                        } else if judge(
                            [expected[e], expected[e + 1], expected[e + 2], expected[e + 3]], [found[f], found[f + 1], found[f + 2], found[f + 3]]
                        ).differs {
                            paint(offset, changed)
                            continue
                        }
                        let pale = Self.faded(red: expected[e], green: expected[e + 1], blue: expected[e + 2], alpha: expected[e + 3], dark: dark)
                        bytes[offset] = pale
                        bytes[offset + 1] = pale
                        bytes[offset + 2] = pale
                    }
                }
            }
        }
        return PixelImage(width: width, height: height, rgba: bytes)
    }

    /// The grey of a pixel over white, taken three quarters of the way to white; `dark`: over
    /// black, three quarters of the way to black.
    private static func faded(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8, dark: Bool) -> UInt8 {
        let alpha = Int(alpha), ground = dark ? 0 : 255
        func over(_ channel: UInt8) -> Int { (Int(channel) * alpha + ground * (255 - alpha) + 127) / 255 }
        let grey = (over(red) * 299 + over(green) * 587 + over(blue) * 114 + 500) / 1000
        return UInt8(grey + (ground - grey) * 3 / 4)
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
