import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownLayout
import Foundation

/// A PNG's pixel size, from its IHDR chunk (the first 24 bytes).
package enum PNGSize {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    package static func read(_ path: String) -> (width: Int, height: Int)? {
        // Opened without blocking, and only when it is a regular file.
        guard let (descriptor, _) = try? RegularFile.open(path) else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 24)
        guard Glibc.read(descriptor, &bytes, 24) == 24 else { return nil }
        guard Array(bytes[0..<8]) == signature, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}
