import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownDiff
import BreakdownLayout
import BreakdownPaint
import Foundation

/// `--record`: writes a record's rendered image as its reference, unless the reference already
/// has exactly those bytes, and the library versions beside it (`NAME.versions.txt`).
package enum VerifyRecorder {
    package static func record(_ png: [UInt8], record: VerifyRecord, at path: String) throws(CLIError) -> VerifyOutcome {
        var outcome = VerifyOutcome(record: record, status: .recorded, detail: "", referencePath: path)
        // The library versions the reference is drawn with, beside it (printed beside a failure).
        do {
            try LibraryVersions.writeSidecar(forReference: path)
        } catch {
            throw .failure("cannot write \(LibraryVersions.sidecarPath(forReference: path)): \(error.localizedDescription)")
        }
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
