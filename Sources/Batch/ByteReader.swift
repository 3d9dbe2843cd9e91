import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

/// The bytes of a manifest, read forward once: from a file in 64 KiB chunks (memory stays flat
/// whatever the file's length) or from memory. Counts lines (1-based) as it goes.
final class ByteReader {
    private let descriptor: Int32?
    private var buffer: [UInt8]
    private var position = 0
    private var end = 0
    /// The line of the next byte.
    private(set) var line = 1
    /// Set when reading the file failed part way; the reader then behaves as at its end.
    private(set) var failure: String?

    private static let chunkSize = 64 * 1024

    /// Opens a file; a folder, a missing or unreadable file is an error.
    init(path: String) throws(CLIError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw .usage("cannot read the manifest \(path): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw .usage("cannot read the manifest \(path): it is a folder, not a file")
        }
        self.descriptor = descriptor
        self.buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// Reads from memory.
    init(bytes: [UInt8]) {
        descriptor = nil
        buffer = bytes
        end = bytes.count
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// The next byte without consuming it; nil at the end.
    func peek() -> UInt8? {
        if position == end, !refill() { return nil }
        return buffer[position]
    }

    /// The next byte; nil at the end.
    func next() -> UInt8? {
        if position == end, !refill() { return nil }
        let byte = buffer[position]
        position += 1
        if byte == 0x0A { line += 1 }
        return byte
    }

    /// Appends the bytes up to the next newline (consumed, not appended) or the end to `line`,
    /// keeping at most `limit` of them; returns false when nothing was left to read.
    /// Bytes past the limit are read and dropped, so a huge line costs time, not memory.
    func readLine(into output: inout [UInt8], limit: Int) -> (found: Bool, truncated: Bool) {
        var found = false
        var truncated = false
        while position < end || refill() {
            found = true
            let stop = buffer[position..<end].firstIndex(of: 0x0A)
            let upTo = stop ?? end
            let room = max(0, limit - output.count)
            if upTo - position > room { truncated = true }
            output.append(contentsOf: buffer[position..<min(upTo, position + room)])
            position = upTo
            if stop != nil {
                position += 1
                line += 1
                break
            }
        }
        return (found, truncated)
    }

    private func refill() -> Bool {
        guard let descriptor, failure == nil else { return false }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Self.chunkSize) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { failure = String(cString: strerror(errno)) }
            guard count > 0 else { return false }
            position = 0
            end = count
            return true
        }
    }
}
