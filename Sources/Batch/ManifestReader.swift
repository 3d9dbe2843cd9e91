import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownIO
/// Reads a manifest's records one at a time, so memory does not grow with the manifest's length.
package protocol ManifestReader: AnyObject {
    /// The next record (a bad one comes back with its problem, and reading goes on); nil at the
    /// end. Throws only when reading itself fails (an I/O error).
    func next() throws(CLIError) -> ManifestRecord?
    /// The share of the manifest read so far (0...1), when its length is known; nil for a stream.
    var fractionRead: Double? { get }
    /// Called before the reader waits for a stream's next bytes.
    var beforeWaiting: (() -> Void)? { get set }
    /// A CSV's header columns, known before any record is read; nil for JSON.
    var headerColumns: [String]? { get }
    /// A CSV's delimiter and how it was chosen (`read as ';'-separated (told from the header)`).
    var delimiterDescription: String? { get }
}

extension ManifestReader {
    package var headerColumns: [String]? { nil }
    package var delimiterDescription: String? { nil }
}

/// A reader over a `ByteReader`: its progress and waiting hook are the byte reader's.
protocol ByteManifestReader: ManifestReader {
    var bytes: ByteReader { get }
}

extension ByteManifestReader {
    package var fractionRead: Double? { bytes.fractionRead }
    package var beforeWaiting: (() -> Void)? {
        get { bytes.beforeWaiting }
        set { bytes.beforeWaiting = newValue }
    }
}

/// Limits every reader applies to one record.
enum ManifestLimits {
    /// A record (a line, a CSV row, an array element) longer than this is reported and skipped.
    static let maximumRecordBytes = 1 << 20
}

extension ByteReader {
    /// Skips a UTF-8 byte order mark at the start, if there is one.
    /// Skips a UTF-8 byte order mark at the start, and any more right after it (a tool that
    /// adds one to a file that had one: otherwise the second would be part of the first name).
    func skipByteOrderMark() {
        while peek(3).elementsEqual([0xEF, 0xBB, 0xBF]) {
            for _ in 0..<3 { _ = next() }
        }
    }

    /// Why the manifest is not UTF-8 when its first bytes show it: a UTF-16 or UTF-32 byte order
    /// mark, or UTF-16 text without one (its first bytes alternate NUL and not: `S\0K\0` or
    /// `\0S\0K`; all NULs, as /dev/zero gives, is not text of any kind). Nil otherwise.
    func notUTF8() -> String? {
        let first = Array(peek(4))
        let marks: [(bytes: [UInt8], name: String)] = [
            ([0xFF, 0xFE, 0, 0], "UTF-32"), ([0, 0, 0xFE, 0xFF], "UTF-32"), ([0xFF, 0xFE], "UTF-16"), ([0xFE, 0xFF], "UTF-16"),
        ]
        if let mark = marks.first(where: { first.starts(with: $0.bytes) }) {
            return "it is \(mark.name) text (its byte order mark says so), not UTF-8"
        }
        func alternates(nulAt parity: Int) -> Bool { first.indices.allSatisfy { ($0 % 2 == parity) == (first[$0] == 0) } }
        if first.count >= 2, alternates(nulAt: 1) || alternates(nulAt: 0) {
            return "it looks like UTF-16 text (NUL bytes between its characters), not UTF-8"
        }
        return nil
    }

    func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { _ = next() }
    }

    /// Consumes the rest of the current line, newline included (up to `abandonedLineBytes`:
    /// an endless line ends the reading, as `readLine` says).
    func skipLine() {
        var nothing: [UInt8] = []
        _ = readLine(into: &nothing, limit: 0)
    }

    /// Throws when the file could not be read to its end.
    func checkFailure(_ label: String) throws(CLIError) {
        if let failure { throw .failure("cannot read the manifest \(label) to its end: \(failure)") }
    }
}
