import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation
import BreakdownIO

/// The bytes of a manifest, read forward once: from a file, a pipe, a FIFO or standard input
/// (`-`) in 64 KiB chunks (memory stays flat whatever the length), or from memory. Counts lines
/// (1-based) as it goes. Nothing is read twice, so a stream works as well as a file.
final class ByteReader {
    private let descriptor: Int32?
    private let ownsDescriptor: Bool
    /// True for a regular file: reads never wait, and its size gives the share read.
    private let isRegularFile: Bool
    private let fileSize: Int
    /// Bytes taken from the file so far (read into the buffer).
    private var bytesRead = 0
    private var buffer: [UInt8]
    private var position = 0
    private var end = 0
    /// The line of the next byte.
    private(set) var line = 1
    /// Set when reading the file failed part way; the reader then behaves as at its end.
    private(set) var failure: String?

    private static let chunkSize = 64 * 1024
    /// A line this long is given up on: the manifest is not read past it (a line is skipped
    /// when longer than a record may be, but an endless one would be skipped for ever).
    static let abandonedLineBytes = 64 << 20

    /// Opens a file (`-` is standard input); a folder, a missing or unreadable file is an error.
    init(path: String) throws(CLIError) {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .usage("cannot read the manifest \(path): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            if path != "-" { close(descriptor) }
            throw .usage("cannot read the manifest \(path): \(reason)")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            if path != "-" { close(descriptor) }
            throw .usage("cannot read the manifest \(path): it is a folder, not a file")
        }
        self.descriptor = descriptor
        ownsDescriptor = path != "-"
        isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
        fileSize = isRegularFile ? Int(info.st_size) : 0
        self.buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// Reads from memory.
    init(bytes: [UInt8]) {
        descriptor = nil
        ownsDescriptor = false
        isRegularFile = true
        fileSize = bytes.count
        bytesRead = bytes.count
        buffer = bytes
        end = bytes.count
    }

    deinit {
        if let descriptor, ownsDescriptor { close(descriptor) }
    }

    /// The share of the input consumed so far (0...1), when its size is known (a regular file).
    var fractionRead: Double? {
        guard isRegularFile, fileSize > 0 else { return nil }
        return min(1, Double(bytesRead - (end - position)) / Double(fileSize))
    }

    /// Called before waiting for a stream's next bytes (a pipe whose writer is slow): the batch
    /// hands out the records it holds rather than let workers wait for a whole chunk.
    var beforeWaiting: (() -> Void)?

    /// Gives up on the input (a reader found a record with no end): nothing more is read, the
    /// reader behaves as at its end, and `reason` is the failure `checkFailure` reports.
    func abandon(_ reason: String) {
        failure = reason
        position = end
    }

    /// The next byte without consuming it; nil at the end.
    func peek() -> UInt8? {
        if position == end, !refill() { return nil }
        return buffer[position]
    }

    /// Up to `count` next bytes without consuming them (fewer only at the end), for a look at a
    /// manifest's first line; `count` at most a chunk.
    func peek(_ count: Int) -> ArraySlice<UInt8> {
        fill(ahead: min(count, Self.chunkSize))
        return buffer[position..<min(end, position + count)]
    }

    /// Reads until `count` bytes are unread in the buffer (the unread ones moved to its start).
    private func fill(ahead count: Int) {
        guard let descriptor else { return }
        while end - position < count, failure == nil {
            if position > 0 {
                let unread = end - position
                buffer.withUnsafeMutableBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    memmove(base, base + position, unread)
                }
                position = 0
                end = unread
            }
            if !isRegularFile, !waitForInput(descriptor) { return }
            let room = buffer.count - end
            let count = buffer.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress.map { $0 + end }, room) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { failure = String(cString: strerror(errno)) }
            guard count > 0 else { return }
            end += count
            bytesRead += count
        }
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
        var length = 0
        while position < end || refill() {
            found = true
            let newline = firstIndex(of: 0x0A, from: position, to: end)
            let stop: Int? = newline < end ? newline : nil
            let upTo = newline
            length += upTo - position
            if stop == nil, length > Self.abandonedLineBytes {
                // An endless line (`/dev/zero`, a stream that never breaks): stop reading, say so.
                failure = "line \(line) runs on for more than \(Self.abandonedLineBytes >> 20) MiB without a line break; nothing after it is read"
                position = end
                return (true, true)
            }
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

    /// Inside a JSON string: consumes the bytes read so far up to the next quote, backslash or
    /// newline (none of the others means anything there), appending at most `room` of them to
    /// `output`; returns how many it consumed, 0 when the next byte is one of those three or
    /// nothing is read yet. A string of megabytes is then scanned at memchr's speed, not a byte
    /// at a time.
    func consumeStringRun(into output: inout [UInt8], room: Int) -> Int {
        guard position < end else { return 0 }
        var stop = firstIndex(of: UInt8(ascii: "\""), from: position, to: end)
        stop = firstIndex(of: UInt8(ascii: "\\"), from: position, to: stop)
        stop = firstIndex(of: 0x0A, from: position, to: stop)
        let count = stop - position
        if room > 0 { output.append(contentsOf: buffer[position..<position + min(count, room)]) }
        position = stop
        return count
    }

    /// The index of the first `byte` in `buffer[start..<stop]`, or `stop` (C's memchr).
    private func firstIndex(of byte: UInt8, from start: Int, to stop: Int) -> Int {
        guard stop > start else { return stop }
        return buffer.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, let found = memchr(base + start, Int32(byte), stop - start) else { return stop }
            return start + (UnsafeRawPointer(base + start)).distance(to: UnsafeRawPointer(found))
        }
    }

    /// Reads the next chunk. A stream is polled, so SIGINT or SIGTERM (`BatchInterrupt`) stops
    /// the reading even while its writer sends nothing: the input then ends there.
    private func refill() -> Bool {
        guard let descriptor, failure == nil else { return false }
        if !isRegularFile, !waitForInput(descriptor) { return false }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Self.chunkSize) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { failure = String(cString: strerror(errno)) }
            guard count > 0 else { return false }
            position = 0
            end = count
            bytesRead += count
            return true
        }
    }

    /// Waits until the stream has bytes (or its end); false when interrupted first.
    private func waitForInput(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&entry, 1, 0) > 0 { return true }
        beforeWaiting?()
        while !BatchInterrupt.isRequested {
            entry.revents = 0
            let ready = poll(&entry, 1, 100)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }
        }
        return false
    }
}
