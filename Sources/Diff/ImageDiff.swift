/// What comparing a reference image with an actual one found.
public struct ImageDiff: Sendable, Equatable, CustomStringConvertible {
    /// Whether the images match, and if not, how.
    public enum Outcome: Sendable, Equatable {
        /// Every pixel is equal (or the PNG bytes are).
        case identical
        /// Some pixels differ, but no more of them than allowed by more than the channel tolerance.
        case withinTolerance
        /// More pixels differ by more than the channel tolerance than allowed.
        case different
        /// The images have different sizes, so they never match; the counts, the largest
        /// difference and the box describe their common (top-left) area.
        case sizeMismatch(reference: PixelSize, actual: PixelSize)
    }

    /// The outcome of the comparison.
    public let outcome: Outcome
    /// How many pixels were compared (width × height; the common area for a size mismatch).
    public let comparedPixelCount: Int
    /// Pixels with at least one channel differing by more than the tolerance.
    public let differingPixelCount: Int
    /// The largest difference of any channel of any pixel, 0...255, within the tolerance or not.
    public let largestChannelDifference: Int
    /// The first pixel (row by row) with the largest channel difference; nil when there is none.
    public let largestDifferenceLocation: PixelPoint?
    /// The smallest rectangle holding every differing pixel; nil when none differs.
    public let differenceBounds: PixelRect?
    /// The comparison's settings, for the message.
    public let comparison: ImageComparison
    /// The largest CIEDE2000 ΔE of any pixel (perceptual comparisons only; else 0).
    public let largestDeltaE: Double

    /// A difference report.
    public init(
        outcome: Outcome, comparedPixelCount: Int, differingPixelCount: Int, largestChannelDifference: Int,
        largestDifferenceLocation: PixelPoint?, differenceBounds: PixelRect?, comparison: ImageComparison,
        largestDeltaE: Double = 0
    ) {
        self.largestDeltaE = largestDeltaE
        self.outcome = outcome
        self.comparedPixelCount = comparedPixelCount
        self.differingPixelCount = differingPixelCount
        self.largestChannelDifference = largestChannelDifference
        self.largestDifferenceLocation = largestDifferenceLocation
        self.differenceBounds = differenceBounds
        self.comparison = comparison
    }

    /// Whether the actual image matches the reference: identical, or within tolerance.
    public var passed: Bool { outcome == .identical || outcome == .withinTolerance }

    /// The fraction of compared pixels that differ by more than the tolerance.
    public var differingFraction: Double {
        comparedPixelCount == 0 ? 0 : Double(differingPixelCount) / Double(comparedPixelCount)
    }

    /// One line for a person: the outcome, and for differences their count, largest channel
    /// difference and where, and the box holding them.
    public var message: String {
        switch outcome {
        case .identical:
            return "images are identical"
        case .sizeMismatch(let reference, let actual):
            let common = PixelSize(width: min(reference.width, actual.width), height: min(reference.height, actual.height))
            var parts = [
                "image sizes differ: reference is \(reference), actual is \(actual)"
                    + "; over the common \(common) area \(differingPixelCount) of \(comparedPixelCount) pixels"
                    + " (\(percent(differingFraction))) differ by more than \(threshold)"
            ]
            parts += details
            return parts.joined(separator: "; ")
        case .withinTolerance, .different:
            let verdict = outcome == .different ? "images differ" : "images match within tolerance"
            var parts = [
                "\(verdict): \(differingPixelCount) of \(comparedPixelCount) pixels (\(percent(differingFraction)))"
                    + " differ by more than \(threshold)"
                    + " (allowed: \(percent(comparison.allowedDifferingFraction)))"
            ]
            parts += details
            return parts.joined(separator: "; ")
        }
    }

    /// What makes a pixel differ, in words.
    private var threshold: String {
        if let deltaE = comparison.perceptualDeltaE { return "ΔE₀₀ \(decimal(deltaE))" }
        return "\(comparison.channelTolerance) in a channel"
    }

    private var details: [String] {
        var parts: [String] = []
        if let location = largestDifferenceLocation {
            parts.append("largest channel difference \(largestChannelDifference) at \(location)")
        }
        if comparison.perceptualDeltaE != nil, largestDeltaE > 0 {
            parts.append("largest ΔE₀₀ \(decimal(largestDeltaE))")
        }
        if let bounds = differenceBounds {
            parts.append("differences within \(bounds)")
        }
        return parts
    }

    private func decimal(_ value: Double) -> String {
        "\((value * 100).rounded() / 100)"
    }

    /// The one-line message.
    public var description: String { message }

    private func percent(_ fraction: Double) -> String {
        // Four significant decimals are plenty for a message; no Foundation formatting needed.
        let hundredths = (fraction * 100 * 10_000).rounded() / 10_000
        return "\(hundredths)%"
    }
}
