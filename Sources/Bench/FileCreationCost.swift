import BreakdownOptions
import Foundation
import BreakdownIO

/// The cost of creating a file on the benchmark folder's file system, the part of the floor that
/// no renderer can remove: what the naive baseline pays per image (open, write, close) and what
/// an atomic write pays (a temporary file, then a rename into place). No fsync in either.
package enum FileCreationCost {
    package struct Result: Sendable {
        /// Milliseconds a file: a new file written whole.
        package var create: Double
        /// Milliseconds a file: written under a temporary name in a subfolder, then renamed.
        package var createAndRename: Double
    }

    /// Writes `count` files of `size` bytes each way into new folders inside `folder`.
    package static func measure(count: Int, size: Int, in folder: String) throws(CLIError) -> Result {
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let plain = folder + "/create"
        let atomic = folder + "/rename"
        try BenchFiles.makeFolder(plain)
        try BenchFiles.makeFolder(atomic + "/.own")
        defer {
            BenchFiles.discard(plain, into: folder + "/trash")
            BenchFiles.discard(atomic, into: folder + "/trash")
        }
        BenchFiles.settle()
        var start = monotonicSeconds()
        for index in 0..<count {
            try BenchFiles.write(bytes, to: plain + "/" + BenchWorkload.fileName(index, format: .png))
        }
        let create = (monotonicSeconds() - start) / Double(count) * 1000
        BenchFiles.settle()
        start = monotonicSeconds()
        for index in 0..<count {
            let temporary = atomic + "/.own/tmp-\(index)"
            try BenchFiles.write(bytes, to: temporary)
            guard rename(temporary, atomic + "/" + BenchWorkload.fileName(index, format: .png)) == 0 else {
                throw .failure("cannot rename \(temporary): \(String(cString: strerror(errno)))")
            }
        }
        let renamed = (monotonicSeconds() - start) / Double(count) * 1000
        return Result(create: create, createAndRename: renamed)
    }
}
