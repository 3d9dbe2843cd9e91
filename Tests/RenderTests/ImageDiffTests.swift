import BreakdownDiff
import BreakdownEncode
import BreakdownPipeline
import Testing
@testable import RenderTestSupport

@Suite("Image comparison")
struct ImageDiffTests {
    private let base: PixelImage = {
        var image = PixelImage(width: 20, height: 10, filledWith: [255, 255, 255, 0])
        for x in 2..<18 { image[x, 4] = [0, 0, 0, 255] }
        return image
    }()

    @Test("equal images are identical")
    func identical() {
        let diff = ImageComparison.exact.compare(reference: base, actual: base)
        #expect(diff.outcome == .identical)
        #expect(diff.passed)
        #expect(diff.differingPixelCount == 0 && diff.differenceBounds == nil)
        #expect(diff.comparedPixelCount == 200)
    }

    @Test("one changed pixel: count 1, its box, its largest channel difference")
    func onePixel() {
        var actual = base
        actual[13, 7] = [255, 255, 255, 9]
        let diff = ImageComparison.exact.compare(reference: base, actual: actual)
        #expect(diff.outcome == .different)
        #expect(!diff.passed)
        #expect(diff.differingPixelCount == 1)
        #expect(diff.differenceBounds == PixelRect(x: 13, y: 7, width: 1, height: 1))
        #expect(diff.largestChannelDifference == 9)
        #expect(diff.largestDifferenceLocation == PixelPoint(x: 13, y: 7))
        #expect(
            diff.message
                == "images differ: 1 of 200 pixels (0.5%) differ by more than 0 in a channel (allowed: 0.0%); "
                + "largest channel difference 9 at (13, 7); differences within x 13, y 7, width 1, height 1")
    }

    @Test("the box spans all differing pixels and the largest difference is found")
    func boundingBox() {
        var actual = base
        actual[3, 1] = [250, 255, 255, 0]
        actual[16, 8] = [0, 0, 0, 255]
        actual[9, 4] = [0, 100, 0, 255]
        let diff = ImageComparison.exact.compare(reference: base, actual: actual)
        #expect(diff.differingPixelCount == 3)
        #expect(diff.differenceBounds == PixelRect(x: 3, y: 1, width: 14, height: 8))
        #expect(diff.largestChannelDifference == 255)
        #expect(diff.largestDifferenceLocation == PixelPoint(x: 16, y: 8))
    }

    @Test("a difference equal to the tolerance passes; one more fails", arguments: [0, 1, 7, 254])
    func toleranceEdge(tolerance: Int) {
        var atEdge = base, pastEdge = base
        atEdge[5, 4] = [UInt8(tolerance), 0, 0, 255]
        pastEdge[5, 4] = [UInt8(tolerance + 1), 0, 0, 255]
        let comparison = ImageComparison(channelTolerance: tolerance)
        let passing = comparison.compare(reference: base, actual: atEdge)
        #expect(passing.passed)
        #expect(passing.differingPixelCount == 0)
        #expect(passing.largestChannelDifference == tolerance)
        #expect(passing.outcome == (tolerance == 0 ? .identical : .withinTolerance))
        let failing = comparison.compare(reference: base, actual: pastEdge)
        #expect(!failing.passed)
        #expect(failing.differingPixelCount == 1)
        #expect(failing.largestChannelDifference == tolerance + 1)
    }

    @Test("differing pixels exactly at the allowed fraction pass; one more fails", arguments: [1, 7, 29, 50])
    func fractionEdge(allowed: Int) {
        // 200 pixels: allowed / 200 is the fraction, written as a decimal literal would be.
        let comparison = ImageComparison(allowedDifferingFraction: Double(allowed) / 200)
        func changing(_ count: Int) -> PixelImage {
            var image = base
            for index in 0..<count { image[index % 20, index / 20] = [1, 2, 3, 4] }
            return image
        }
        let atEdge = comparison.compare(reference: base, actual: changing(allowed))
        #expect(atEdge.outcome == .withinTolerance)
        #expect(atEdge.differingPixelCount == allowed)
        let pastEdge = comparison.compare(reference: base, actual: changing(allowed + 1))
        #expect(pastEdge.outcome == .different)
    }

    @Test("a fraction written as a literal is honoured at its edge")
    func fractionLiteral() {
        var actual = base
        for x in 0..<20 { actual[x, 0] = [0, 0, 0, 1] }
        for x in 0..<9 { actual[x, 1] = [0, 0, 0, 1] }  // 29 of 200 pixels = 0.145
        #expect(ImageComparison(allowedDifferingFraction: 0.145).compare(reference: base, actual: actual).passed)
        #expect(!ImageComparison(allowedDifferingFraction: 0.144).compare(reference: base, actual: actual).passed)
    }

    @Test("different sizes are their own outcome naming both sizes")
    func sizeMismatch() {
        let actual = PixelImage(width: 21, height: 10)
        let diff = ImageComparison(channelTolerance: 255, allowedDifferingFraction: 1).compare(
            reference: base, actual: actual)
        #expect(
            diff.outcome
                == .sizeMismatch(reference: PixelSize(width: 20, height: 10), actual: PixelSize(width: 21, height: 10)))
        #expect(!diff.passed)
        #expect(diff.message.hasPrefix("image sizes differ: reference is 20×10, actual is 21×10; over the common 20×10 area 0 of 200 pixels"))
        // The common area is still compared: with no tolerance, every pixel that differs is counted.
        let exact = ImageComparison.exact.compare(reference: base, actual: actual)
        #expect(exact.comparedPixelCount == 200)
        #expect(exact.differingPixelCount == ImageComparison.exact.compare(reference: base, actual: PixelImage(width: 20, height: 10)).differingPixelCount)
    }

    @Test("the difference image fades the reference and marks differing pixels in magenta")
    func differenceImage() {
        var actual = base
        actual[6, 2] = [0, 0, 0, 255]
        actual[7, 4] = [3, 3, 3, 255]  // within a tolerance of 3
        let comparison = ImageComparison(channelTolerance: 3)
        let image = comparison.differenceImage(reference: base, actual: actual)
        #expect(image.width == 20 && image.height == 10)
        #expect(image[6, 2] == [255, 0, 255, 255])
        #expect(image[0, 0] == [255, 255, 255, 255])  // transparent reference: white
        #expect(image[7, 4] == [191, 191, 191, 255])  // black reference, 75% toward white
        #expect(image[8, 4] == [191, 191, 191, 255])
        // Half-transparent black over white is 127; three quarters of the way on to white, 223.
        var translucent = base
        translucent[1, 1] = [0, 0, 0, 128]
        #expect(comparison.differenceImage(reference: translucent, actual: translucent)[1, 1] == [223, 223, 223, 255])
        let magenta = stride(from: 0, to: image.rgba.count, by: 4).filter {
            image.rgba[$0] == 255 && image.rgba[$0 + 1] == 0 && image.rgba[$0 + 2] == 255
        }
        #expect(magenta.count == comparison.compare(reference: base, actual: actual).differingPixelCount)
    }

    /// A dark appearance's image: white text on transparent. Over white it would fade into the
    /// canvas; on a black ground it fades toward black and stays seen.
    @Test("a dark appearance's difference image is on a black ground, its white text seen")
    func darkDifferenceImage() {
        var reference = PixelImage(width: 20, height: 10, filledWith: [0, 0, 0, 0])
        reference[3, 3] = [255, 255, 255, 255]
        reference[4, 3] = [255, 255, 255, 128]
        var actual = reference
        actual[9, 5] = [255, 255, 255, 255]
        let light = ImageComparison.exact.differenceImage(reference: reference, actual: actual)
        #expect(light[3, 3] == light[0, 0], "over white the white text is the canvas")
        let image = ImageComparison.exact.differenceImage(reference: reference, actual: actual, dark: true)
        #expect(image[0, 0] == [0, 0, 0, 255])  // transparent: the black ground
        // White over black is 255; three quarters of the way on to black, 64.
        #expect(image[3, 3] == [64, 64, 64, 255])
        // Half-transparent white over black is 128; a quarter of it, 32.
        #expect(image[4, 3] == [32, 32, 32, 255])
        #expect(image[9, 5] == ImageComparison.DifferenceColors.changed)
        let png = try? ReferenceCheck.differencePNG(reference: reference, actual: actual, comparison: .exact, dark: true)
        #expect(png.flatMap { try? PNGDecoder.decode($0) }?[3, 3] == [64, 64, 64, 255], "the PNG the report and the snapshot library write")
    }

    @Test("a pixel that differs in one channel only is counted and marked, whichever the channel", arguments: 0..<4)
    func oneChannelDiffers(channel: Int) {
        var reference = base, actual = base
        reference[11, 3] = [10, 20, 30, 40]
        var changed: SIMD4<UInt8> = [10, 20, 30, 40]
        changed[channel] += 1
        actual[11, 3] = changed
        let diff = ImageComparison.exact.compare(reference: reference, actual: actual)
        #expect(diff.differingPixelCount == 1 && diff.largestChannelDifference == 1, "channel \(channel)")
        #expect(diff.largestDifferenceLocation == PixelPoint(x: 11, y: 3))
        let image = ImageComparison.exact.differenceImage(reference: reference, actual: actual)
        #expect(image[11, 3] == ImageComparison.DifferenceColors.changed, "channel \(channel)")
        // Its neighbours are equal in both: faded, not marked.
        #expect(image[10, 3] == [255, 255, 255, 255] && image[12, 3] == [255, 255, 255, 255])
    }

    @Test("for a size mismatch the difference image covers both, marking pixels only one has")
    func differenceImageOfMismatch() {
        let actual = PixelImage(width: 22, height: 8, filledWith: [255, 255, 255, 0])
        let image = ImageComparison.exact.differenceImage(reference: base, actual: actual)
        #expect(image.width == 22 && image.height == 10)
        #expect(image[21, 0] == ImageComparison.DifferenceColors.actualOnly)  // only in actual: orange
        #expect(image[0, 9] == ImageComparison.DifferenceColors.referenceOnly)  // only in reference: light blue
        #expect(image[21, 9] == [255, 255, 255, 255])  // in neither
        #expect(image[0, 0] == [255, 255, 255, 255])  // equal in both
    }

    @Test("identical PNG bytes pass without decoding; different bytes are decoded and compared")
    func comparesPNGBytes() throws {
        let encoder = try PNGEncoder()
        let reference = try encoder.encode(base)
        // Not even a PNG: identical bytes pass at once, because nothing is decoded.
        let same = try ImageComparison.exact.compare(referencePNG: [1, 2, 3], actualPNG: [1, 2, 3])
        #expect(same.outcome == .identical)
        let identical = try ImageComparison.exact.compare(referencePNG: reference, actualPNG: reference)
        #expect(identical.outcome == .identical && identical.comparedPixelCount == 200)

        var changed = base
        changed[1, 1] = [0, 0, 0, 255]
        let diff = try ImageComparison.exact.compare(referencePNG: reference, actualPNG: try encoder.encode(changed))
        #expect(diff.differenceBounds == PixelRect(x: 1, y: 1, width: 1, height: 1))

        // Same pixels, different bytes (stored by libdeflate level 0): equal once decoded.
        let otherLevel = try PNGEncoder(method: .libdeflate, compressionLevel: 0).encode(base)
        #expect(otherLevel != reference)
        #expect(try ImageComparison.exact.compare(referencePNG: reference, actualPNG: otherLevel).outcome == .identical)

        #expect(throws: PNGDecodingError(source: "actual.png", reason: .notPNG)) {
            try ImageComparison.exact.compare(referencePNG: reference, actualPNG: [0, 1, 2], actualSource: "actual.png")
        }
    }
}
