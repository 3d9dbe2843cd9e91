import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownDiff

/// What verifying one record found, with the images a report shows for a failure.
package struct VerifyOutcome: Sendable {
    package enum Status: String, Sendable {
        /// Identical, or different within the tolerance.
        case passed
        /// `--record`: the reference was new, or changed and was replaced, or was already the same.
        case recorded, updated, unchanged
        /// Pixels beyond the tolerance, or a different size.
        case differed
        /// No reference file.
        case missing
        /// The reference could not be read or decoded.
        case unreadable

        package var isFailure: Bool { self == .differed || self == .missing || self == .unreadable }
    }

    package var record: VerifyRecord
    package var status: Status
    /// One line: the comparison's message, or what happened.
    package var detail: String
    var referencePath: String
    /// Kept for failures only, for the report.
    var actualPNG: [UInt8]?
    var referencePNG: [UInt8]?
    var differencePNG: [UInt8]?
    /// The box holding the differing pixels, and the reference's size, for the report's close-up.
    var differenceBounds: PixelRect?
    var differenceCanvas: PixelSize?
    /// What the report shows beside a failure: the `breakdown render` command that draws the
    /// record, the appearance (its images go on that page colour), the pixels per point, and the
    /// sentence of a reference recorded before words were stored (from its metadata file, when it has one).
    var command: String?
    var isDark = false
    var scale = 1.0
    var referenceText: String?
    /// What the image says and what its reference's words file says (nil: none, or unreadable),
    /// and whether the words were compared (false for a reference recorded before they were stored).
    var actualWords: ReferenceWords?
    var referenceWords: ReferenceWords?
    var wordsChecked = true
}
