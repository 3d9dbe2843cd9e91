import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownDiff
import BreakdownLayout
import BreakdownPaint
import Foundation

/// Compares one rendered record with its reference (through `ReferenceCheck`, as the snapshot
/// library does: the words exactly first, then the pixels), keeping the images a report needs.
package enum VerifyComparer {
    /// How a verify user records a reference's words, for the note of a reference without them.
    static let howToRecord = "run verify again with --record"

    /// `dark`: the record is a dark appearance's, its difference image on a black ground.
    package static func compare(
        _ png: [UInt8], words: ReferenceWords, record: VerifyRecord, referencePath: String, comparison: ImageComparison, dark: Bool = false
    ) -> VerifyOutcome {
        var outcome = VerifyOutcome(record: record, status: .passed, detail: "", referencePath: referencePath)
        let result = ReferenceCheck.compare(actualPNG: png, words: words, referencePath: referencePath, comparison: comparison)
        outcome.actualWords = words
        outcome.referenceWords = result.words.reference
        outcome.wordsChecked = if case .notRecorded = result.words { false } else { true }
        let summary = result.summary(howToRecord: howToRecord)
        switch result.pixels {
        case .matched:
            outcome.detail = summary.joined(separator: result.words.failed ? "\n" : "; ")
            if !result.passed {
                // The words changed under a tolerance that passes the pixels: a difference all
                // the same, with the images for the report.
                outcome.status = .differed
                keepImages(&outcome, png: png, referencePath: referencePath, comparison: comparison, dark: dark)
            }
        case .missing:
            outcome.status = .missing
            outcome.detail = "no reference at \(referencePath) (record it with --record)"
            outcome.actualPNG = png
        case .unreadable(let why):
            outcome.status = .unreadable
            outcome.detail = (result.words.failed ? summary + [why] : [why]).joined(separator: "\n")
            outcome.actualPNG = png
        case .different(let diff, let reference, let actual):
            outcome.status = .differed
            let versions = LibraryVersions.report(sidecar: LibraryVersions.sidecarPath(forReference: referencePath))
            outcome.detail = (result.words.failed ? summary.joined(separator: "\n") + "\n" : summary.joined(separator: "; ") + "; ")
                + versions.joined(separator: "; ")
            outcome.actualPNG = png
            outcome.referencePNG = try? RegularFile.read(referencePath, limit: PNGDecoder.maximumFileSize)
            outcome.differencePNG = try? ReferenceCheck.differencePNG(reference: reference, actual: actual, comparison: comparison, dark: dark)
            outcome.differenceBounds = diff.differenceBounds
            outcome.differenceCanvas = PixelSize(width: reference.width, height: reference.height)
        case .differentSize:
            // Not decoded: the report shows the actual image beside a note, not the reference.
            outcome.status = .differed
            outcome.detail = summary.joined(separator: result.words.failed ? "\n" : "; ")
            outcome.actualPNG = png
        }
        if outcome.status.isFailure, outcome.referenceWords == nil {
            outcome.referenceText = referenceText(referencePath)
        }
        return outcome
    }

    /// The reference, actual and difference images of a record whose words changed while its
    /// pixels passed, for the report.
    private static func keepImages(
        _ outcome: inout VerifyOutcome, png: [UInt8], referencePath: String, comparison: ImageComparison, dark: Bool
    ) {
        outcome.actualPNG = png
        guard let referencePNG = try? RegularFile.read(referencePath, limit: PNGDecoder.maximumFileSize) else { return }
        outcome.referencePNG = referencePNG
        if let reference = try? PNGDecoder.decode(referencePNG), let actual = try? PNGDecoder.decode(png) {
            outcome.differencePNG = try? ReferenceCheck.differencePNG(reference: reference, actual: actual, comparison: comparison, dark: dark)
            outcome.differenceBounds = comparison.compare(reference: reference, actual: actual).differenceBounds
            outcome.differenceCanvas = PixelSize(width: reference.width, height: reference.height)
        }
    }

    /// The sentence of a reference recorded before words were stored, from the metadata file an
    /// older `--record` wrote beside it (`NAME.metadata.json`), for the report only: nil when
    /// there is none or it does not parse. Never compared: only `NAME.words.json` is.
    static func referenceText(_ referencePath: String) -> String? {
        guard let bytes = try? RegularFile.read(VerifyRecorder.metadataPath(forReference: referencePath), limit: 1 << 20),
            let metadata = try? JSONDecoder().decode(RenderMetadata.self, from: Data(bytes))
        else { return nil }
        return metadata.text
    }
}
