import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownLayout
import BreakdownPaint
import Foundation

/// A PNG file's pixel size, from its header (`PNGHeader`), reading only its first bytes.
package enum PNGSize {
    package static func read(_ path: String) -> (width: Int, height: Int)? {
        // Opened without blocking, and only when it is a regular file.
        guard let (descriptor, _) = try? RegularFile.open(path) else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: PNGHeader.sizeByteCount)
        guard Glibc.read(descriptor, &bytes, bytes.count) == bytes.count else { return nil }
        return PNGHeader.size(of: bytes)
    }
}
