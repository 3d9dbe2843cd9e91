import BreakdownOptions
import Foundation

/// A file a record wrote: its name in the output folder, size and modification time (ns).
struct JournalFile: Hashable, Sendable {
    var name: String
    var size: Int
    var modified: Int64
}

/// What the journal says of one record: its outputs were drawn with `fingerprint`, and are these.
struct JournalEntry: Hashable, Sendable {
    var name: String
    var fingerprint: String
    var files: [JournalFile]

    /// `NAME FINGERPRINT FILE:SIZE:MTIME_NS … CHECK`: names are letters, digits, `.`, `_` and `-`,
    /// so spaces and colons separate; CHECK is a hash of the rest, so a torn or damaged line is
    /// never believed.
    var line: String {
        let body = ([name, fingerprint] + files.map { "\($0.name):\($0.size):\($0.modified)" }).joined(separator: " ")
        return body + " " + Fingerprint(body).hex + "\n"
    }

    /// Parses one line (without its newline); nil when it is not a whole, intact entry.
    init?(line: Substring) {
        guard let split = line.lastIndex(of: " ") else { return nil }
        let body = line[..<split]
        guard Fingerprint(String(body)).hex == line[line.index(after: split)...] else { return nil }
        let words = body.split(separator: " ")
        guard words.count >= 3 else { return nil }
        var files: [JournalFile] = []
        for word in words.dropFirst(2) {
            let parts = word.split(separator: ":")
            guard parts.count == 3, let size = Int(parts[1]), let modified = Int64(parts[2]) else { return nil }
            files.append(JournalFile(name: String(parts[0]), size: size, modified: modified))
        }
        self.init(name: String(words[0]), fingerprint: String(words[1]), files: files)
    }

    init(name: String, fingerprint: String, files: [JournalFile]) {
        self.name = name
        self.fingerprint = fingerprint
        self.files = files
    }
}

/// Resume's record of finished work: one append-only file per output folder,
/// `.breakdown-batch/journal`, a line per record whose files are durable. Entries are appended
/// only after a group commit made their files durable (see `BatchCommitter`), so every file the
/// journal lists was whole on disk before its line was written. The latest entry for a name wins.
///
/// In memory: the offset of each name's latest line, by a 64-bit hash of the name (16 bytes a
/// record); a lookup reads that line back.
final class BatchJournal: @unchecked Sendable {
    static let fileName = "journal"
    private static let header = "breakdown batch journal 1\n"

    private let folder: BatchFolder
    private let descriptor: Int32
    private var latest: [UInt64: Int] = [:]
    /// Lines read at the start (all kinds), for the documentation's growth note and tests.
    private(set) var linesRead = 0

    init(folder: BatchFolder) throws(CLIError) {
        self.folder = folder
        let descriptor = openat(folder.own, Self.fileName, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .usage("cannot open the batch journal \(folder.path)/\(BatchFolder.ownFolderName)/\(Self.fileName): \(BatchFolder.lastError)")
        }
        self.descriptor = descriptor
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .usage("the batch journal in \(folder.path)/\(BatchFolder.ownFolderName) is not a regular file; remove it")
        }
        if info.st_size == 0 {
            try append(Self.header)
        } else {
            try load()
        }
    }

    deinit { close(descriptor) }

    /// Reads every line once, keeping the offset of each name's latest intact entry. A last line
    /// without its newline (a torn append) is ended, so the next entry starts on its own line.
    private func load() throws(CLIError) {
        var offset = 0
        var pending: [UInt8] = []
        var lineStart = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var isFirst = true
        var compatible = true
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .failure("cannot read the batch journal in \(folder.path): \(BatchFolder.lastError)") }
            if count == 0 { break }
            for position in 0..<count {
                let byte = buffer[position]
                if byte != 0x0A {
                    if pending.count < 8192 { pending.append(byte) }
                    continue
                }
                let line = String(decoding: pending, as: UTF8.self)
                if isFirst {
                    compatible = line + "\n" == Self.header
                    isFirst = false
                } else if compatible, let entry = JournalEntry(line: Substring(line)) {
                    latest[Fingerprint(entry.name).value] = lineStart
                }
                linesRead += 1
                pending.removeAll(keepingCapacity: true)
                lineStart = offset + position + 1
            }
            offset += count
        }
        if !pending.isEmpty { try append("\n") }
        if !compatible { latest.removeAll() }
    }

    /// The files of `name` when the journal's latest entry for it has this fingerprint, lists
    /// every file in `files`, and each is in the output folder with the size and modification
    /// time recorded; else nil.
    func upToDate(name: String, fingerprint: String, files: [String]) -> [JournalFile]? {
        guard let offset = latest[Fingerprint(name).value], let entry = entry(at: offset), entry.name == name,
            entry.fingerprint == fingerprint
        else { return nil }
        var found: [JournalFile] = []
        for file in files {
            guard let recorded = entry.files.first(where: { $0.name == file }), folder.regularFile(file) == recorded else { return nil }
            found.append(recorded)
        }
        return found
    }

    /// The fingerprint of the journal's latest entry for `name` while its first file is still in
    /// the output folder (an image this run would replace); nil when there is none.
    func earlierFingerprint(name: String) -> String? {
        guard let offset = latest[Fingerprint(name).value], let entry = entry(at: offset), entry.name == name,
            let first = entry.files.first, folder.regularFile(first.name) != nil
        else { return nil }
        return entry.fingerprint
    }

    private func entry(at offset: Int) -> JournalEntry? {
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        guard count > 0, let end = buffer[..<count].firstIndex(of: 0x0A) else { return nil }
        return JournalEntry(line: Substring(String(decoding: buffer[..<end], as: UTF8.self)))
    }

    /// Appends entries with one write (O_APPEND: lines of processes sharing the folder never mix).
    func append(_ entries: [JournalEntry]) throws(CLIError) {
        guard !entries.isEmpty else { return }
        try append(entries.map(\.line).joined())
    }

    /// Makes the journal's own lines durable (at the end of a batch).
    func sync() throws(CLIError) {
        guard fdatasync(descriptor) == 0 else { throw .failure("cannot make the batch journal durable: \(BatchFolder.lastError)") }
    }

    private func append(_ text: String) throws(CLIError) {
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { buffer -> Int in
            while true {
                let count = write(descriptor, buffer.baseAddress, buffer.count)
                if count < 0, errno == EINTR { continue }
                return count
            }
        }
        guard written == bytes.count else {
            throw .failure("cannot write the batch journal in \(folder.path): \(written < 0 ? BatchFolder.lastError : "short write")")
        }
    }
}
