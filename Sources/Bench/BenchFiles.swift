import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import Foundation
import BreakdownIO

/// The benchmark's file work, with plain system calls: write a whole file, read one back,
/// make and remove folders. Writing is one open/write/close, the least a batch must pay per image.
package enum BenchFiles {
    /// Writes `bytes` to `path` (created or truncated).
    package static func write(_ bytes: Data, to path: String) throws(CLIError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .failure("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let result = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += result
            }
            return true
        }
        guard written else { throw .failure("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    package static func read(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// A new empty folder inside `parent`, by default the system's temporary folder ($TMPDIR or /tmp).
    package static func makeTemporaryFolder(in parent: String? = nil) throws(CLIError) -> String {
        var template = Array(((parent ?? NSTemporaryDirectory()) + "/breakdown-bench-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .failure("cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    package static func makeFolder(_ path: String) throws(CLIError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .failure("cannot make the folder \(path): \(error.localizedDescription)")
        }
    }

    package static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes every file system's dirty data out (`sync`) before a timed pass, so that no pass
    /// pays for writing back what an earlier one left in memory (the in-process loop, which runs
    /// last and never syncs, took 0.46 ms a file instead of 0.05 when it did).
    package static func settle() {
        sync()
    }

    /// Sets a folder aside in `trash` (a rename, which frees nothing) instead of deleting it:
    /// the bench deletes everything once, at its end. Deleting thousands of files between passes
    /// made ext4 slow to create new ones for a while (new inodes are checked against recently
    /// deleted ones while their blocks are unwritten): up to 0.8 ms a file instead of 0.05, paid
    /// by whichever pass came next, which swamped every other difference on a disk.
    package static func discard(_ path: String, into trash: String) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        try? FileManager.default.createDirectory(atPath: trash, withIntermediateDirectories: true)
        let target = trash + "/" + UUID().uuidString
        if rename(path, target) != 0 { remove(path) }
    }

    /// True when the two folders hold the same file names with the same bytes (hidden names,
    /// such as a batch's own folder, left out).
    package static func sameContents(_ first: String, _ second: String) -> Bool {
        func visible(_ folder: String) -> Set<String> {
            Set(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") })
        }
        let names = visible(first)
        guard !names.isEmpty, names == visible(second) else {
            return false
        }
        return names.allSatisfy { read(first + "/" + $0) == read(second + "/" + $0) }
    }

    /// Whether the folders `parts` together hold exactly the files of `whole` (names and bytes),
    /// each file in one part only.
    package static func sameContents(parts: [String], whole: String) -> Bool {
        func visible(_ folder: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }
        }
        let wanted = Set(visible(whole))
        var seen: Set<String> = []
        for part in parts {
            for name in visible(part) {
                guard wanted.contains(name), seen.insert(name).inserted, read(part + "/" + name) == read(whole + "/" + name) else { return false }
            }
        }
        return !wanted.isEmpty && seen == wanted
    }

    /// The total size of the files in a folder, and how many there are.
    package static func totalSize(of folder: String) -> (bytes: Int, files: Int) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }
        var total = 0
        for name in names {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            total += (attributes?[.size] as? NSNumber)?.intValue ?? 0
        }
        return (total, names.count)
    }
}
