import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

/// A killed batch can leave AtomicWriter's temporary files (`.NAME.png.PID.RANDOM.tmp`, never
/// under a final name). At the start of a batch, those of processes no longer running on this
/// machine, and older than ten seconds (a write takes milliseconds), are removed.
enum StaleTemporaryFiles {
    static func remove(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let cutoff = Date().addingTimeInterval(-10)
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.split(separator: ".")
            guard parts.count >= 4, let pid = Int32(parts[parts.count - 3]), UInt32(parts[parts.count - 2]) != nil else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = folder + "/" + name
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let modified, modified < cutoff { try? FileManager.default.removeItem(atPath: path) }
        }
    }
}
