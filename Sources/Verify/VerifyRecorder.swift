import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownDiff
import BreakdownLayout
import BreakdownPaint
import Foundation
import BreakdownIO

/// `--record`: writes a record's rendered image as its reference, unless the reference already
/// has exactly those bytes, and beside it what the image says (`NAME.words.json`, compared
/// exactly before any pixel tolerance: `ReferenceWords`), the library versions
/// (`NAME.versions.txt`) and the image's metadata (`NAME.metadata.json`, as `render --metadata`
/// writes it).
package enum VerifyRecorder {
    /// `NAME.metadata.json` beside `NAME.png`.
    package static func metadataPath(forReference path: String) -> String {
        (path.hasSuffix(".png") ? String(path.dropLast(4)) : path) + ".metadata.json"
    }

    package static func record(
        _ png: [UInt8], words: ReferenceWords, metadata: Data, record: VerifyRecord, at path: String
    ) throws(CLIError) -> VerifyOutcome {
        var outcome = VerifyOutcome(record: record, status: .recorded, detail: "", referencePath: path)
        // Also beside a reference whose image is unchanged, so an older reference gains them:
        // the words (compared exactly by every later verify) and the metadata (for the report).
        for (bytes, sidecar) in [(words.json(), ReferenceWords.sidecarPath(forReference: path)), (metadata, metadataPath(forReference: path))] {
            if (try? RegularFile.read(sidecar, limit: ReferenceWords.maximumFileSize)) != [UInt8](bytes) {
                try AtomicWriter.write([(bytes, sidecar)])
            }
        }
        // The library versions the reference is drawn with, beside it (printed beside a failure).
        if let sidecar = LibraryVersions.sidecarUpdate(forReference: path) { try AtomicWriter.write([sidecar]) }
        // Read without blocking and within the reference limit; anything but a regular file is
        // then refused by the writer (a device or FIFO is never replaced).
        if let existing = try? RegularFile.read(path, limit: PNGDecoder.maximumFileSize) {
            if existing == png {
                outcome.status = .unchanged
                outcome.detail = "reference \(path) already has these bytes"
                return outcome
            }
            outcome.status = .updated
        } else if access(path, F_OK) == 0 {
            outcome.status = .updated
        }
        try AtomicWriter.write([(Data(png), path)])
        outcome.detail = (outcome.status == .updated ? "updated " : "recorded ") + path
        return outcome
    }
}
