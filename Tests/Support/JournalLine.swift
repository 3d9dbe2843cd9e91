import Foundation
import Testing

/// Batch journal lines written as its documented format says, for the tests that forge them.
public enum JournalLine {
    /// CHECK of a journal line's body: FNV-1a 64 over its UTF-8 bytes, then one 0xFF byte.
    public static func check(_ body: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(body.utf8) + [0xFF] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A journal line for record `name` listing `file` as `path` on disk is now (size, time in
    /// ns, inode, owner), with a correct CHECK.
    public static func forgedLine(name: String, file: String, describing path: String) throws -> String {
        var info = stat()
        #expect(stat(path, &info) == 0, "stat \(path)")
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let body = "\(name) 0123456789abcdef \(file):\(info.st_size):\(modified):\(info.st_ino):\(info.st_uid)"
        return body + " " + check(body) + "\n"
    }

    public static func append(_ text: String, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}
