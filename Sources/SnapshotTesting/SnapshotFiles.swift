import BreakdownPipeline
import BreakdownOptions
import Foundation

/// Writes snapshot files, making their folders first. Each file is written whole (to a temporary
/// file, then renamed), so a reference is never left half-written.
enum SnapshotFiles {
    static func write(_ bytes: [UInt8], to path: String) throws(SnapshotError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw SnapshotError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
