import BreakdownIO
import BreakdownOptions
import BreakdownPipeline
import Foundation

/// Writes snapshot files, making their folders first. Each file is written whole (to a temporary
/// file beside it, then renamed: `AtomicWriter`, not Foundation's `.atomic`, which on Linux leaves
/// an empty `TemporaryDirectory.XXXXXX` in the system's temporary folder for every file), so a
/// reference is never left half-written.
enum SnapshotFiles {
    static func write(_ bytes: [UInt8], to path: String) throws(SnapshotError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw SnapshotError("cannot write \(path): \(error.localizedDescription)")
        }
        do {
            try AtomicWriter.write([(Data(bytes), path)])
        } catch {
            throw SnapshotError("cannot write \(path): \(error.message)")
        }
    }
}
