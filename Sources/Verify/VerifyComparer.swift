import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownDiff
import BreakdownLayout
import BreakdownPaint
import Foundation

/// Compares one rendered record with its reference, keeping the images a report needs.
package enum VerifyComparer {
    package static func compare(
        _ png: [UInt8], record: VerifyRecord, referencePath: String, comparison: ImageComparison
    ) -> VerifyOutcome {
        var outcome = VerifyOutcome(record: record, status: .passed, detail: "", referencePath: referencePath)
        switch ReferenceCheck.compare(actualPNG: png, referencePath: referencePath, comparison: comparison) {
        case .matched(let diff):
            outcome.detail = diff.message
        case .missing:
            outcome.status = .missing
            outcome.detail = "no reference at \(referencePath) (record it with --record)"
            outcome.actualPNG = png
        case .unreadable(let why):
            outcome.status = .unreadable
            outcome.detail = why
            outcome.actualPNG = png
        case .different(let diff, let reference, let actual):
            outcome.status = .differed
            let versions = LibraryVersions.report(sidecar: LibraryVersions.sidecarPath(forReference: referencePath))
            outcome.detail = diff.message + "; " + versions.joined(separator: "; ")
            outcome.actualPNG = png
            outcome.referencePNG = try? RegularFile.read(referencePath, limit: PNGDecoder.maximumFileSize)
            outcome.differencePNG = try? ReferenceCheck.differencePNG(reference: reference, actual: actual, comparison: comparison)
            outcome.differenceBounds = diff.differenceBounds
            outcome.differenceCanvas = PixelSize(width: reference.width, height: reference.height)
        case .differentSize(let diff):
            // Not decoded: the report shows the actual image beside a note, not the reference.
            outcome.status = .differed
            outcome.detail = diff.message
            outcome.actualPNG = png
        }
        return outcome
    }
}
