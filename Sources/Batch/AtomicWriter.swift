import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

/// Writes files so that a final name only ever holds a whole file: each is written to a
/// temporary file beside it and renamed into place. A group of files lands together or not at all.
public enum AtomicWriter {
    /// Writes every (data, path); on any failure removes what it wrote and throws one line.
    public static func write(_ files: [(data: Data, path: String)]) throws(CLIError) {
        var temporaries: [(temporary: String, path: String)] = []
        func cleanUp() { for entry in temporaries { try? FileManager.default.removeItem(atPath: entry.temporary) } }
        for file in files {
            let url = URL(fileURLWithPath: file.path)
            let folder = url.deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                cleanUp()
                throw .usage("cannot write \(file.path): the folder \(folder) does not exist")
            }
            let temporary = folder + "/." + url.lastPathComponent + ".\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp"
            // Written directly (not FileManager.createFile, which adds a temporary file of its own
            // that a killed process would leave behind); the rename below is the atomic step.
            do {
                try file.data.write(to: URL(fileURLWithPath: temporary))
            } catch {
                try? FileManager.default.removeItem(atPath: temporary)
                cleanUp()
                throw .usage("cannot write \(file.path): the folder \(folder) is not writable")
            }
            temporaries.append((temporary, file.path))
        }
        for (index, entry) in temporaries.enumerated() where rename(entry.temporary, entry.path) != 0 {
            let reason = String(cString: strerror(errno))
            // Undo: remove files already renamed into place and the remaining temporaries.
            for done in temporaries[..<index] { try? FileManager.default.removeItem(atPath: done.path) }
            for pending in temporaries[index...] { try? FileManager.default.removeItem(atPath: pending.temporary) }
            throw .usage("cannot write \(entry.path): \(reason)")
        }
    }
}
