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
            outcome.referenceText = referenceText(referencePath)
        case .differentSize(let diff):
            // Not decoded: the report shows the actual image beside a note, not the reference.
            outcome.status = .differed
            outcome.detail = diff.message
            outcome.actualPNG = png
            outcome.referenceText = referenceText(referencePath)
        }
        return outcome
    }

    /// The sentence stored beside the reference by `--record` (`NAME.metadata.json`), or nil
    /// when there is none (a reference recorded before verify stored it) or it does not parse.
    static func referenceText(_ referencePath: String) -> String? {
        guard let bytes = try? RegularFile.read(VerifyRecorder.metadataPath(forReference: referencePath), limit: 1 << 20),
            let metadata = try? JSONDecoder().decode(RenderMetadata.self, from: Data(bytes))
        else { return nil }
        return metadata.text
    }
}
