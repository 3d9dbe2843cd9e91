import BreakdownDiff

/// How a snapshot assertion compares a breakdown with its reference: `as: .image` (the bytes or
/// else every pixel exactly, the default), `as: .image(channelTolerance: 2)`, or
/// `as: .perceptual(deltaE: 3, allowedDifferingFraction: 0.005)` for references recorded on another
/// machine (CIEDE2000 per pixel).
public struct SnapshotStrategy: Sendable, Equatable {
    /// The pixel comparison used when the bytes differ.
    public var comparison: ImageComparison

    /// A strategy comparing with `comparison`.
    public init(comparison: ImageComparison) {
        self.comparison = comparison
    }

    /// The PNG, compared exactly: identical bytes, or else identical pixels.
    public static let image = SnapshotStrategy(comparison: .exact)

    /// The PNG, with a per-channel tolerance (0...255) and a fraction of pixels allowed to differ
    /// beyond it (0...1).
    public static func image(channelTolerance: Int = 0, allowedDifferingFraction: Double = 0) -> SnapshotStrategy {
        SnapshotStrategy(
            comparison: ImageComparison(channelTolerance: channelTolerance, allowedDifferingFraction: allowedDifferingFraction))
    }

    /// The PNG, compared perceptually: a pixel differs when its CIEDE2000 distance is over
    /// `deltaE`, and `allowedDifferingFraction` of them may.
    public static func perceptual(deltaE: Double, allowedDifferingFraction: Double = 0) -> SnapshotStrategy {
        SnapshotStrategy(comparison: .perceptual(deltaE: deltaE, allowedDifferingFraction: allowedDifferingFraction))
    }
}
