import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
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
        if let existing = FileManager.default.contents(atPath: path) {
            if [UInt8](existing) == png {
                outcome.status = .unchanged
                outcome.detail = "reference \(path) already has these bytes"
                return outcome
            }
            outcome.status = .updated
        }
        try AtomicWriter.write([(Data(png), path)])
        outcome.detail = (outcome.status == .updated ? "updated " : "recorded ") + path
        return outcome
    }
}
