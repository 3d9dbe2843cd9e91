import BreakdownContent
import BreakdownOptions
import Foundation
import BreakdownIO

/// A file a record wrote: its name in the output folder, size, modification time (ns), inode and
/// owner. Size and time alone can be forged: another user who can write in the output folder can
/// rename a file of the same size over an image and set its modification time (`touch -d`). The
/// replacement is a new inode owned by that user; neither can be set by a user, so a file is
/// believed only while it is the very inode this batch wrote, still owned by this user.
struct JournalFile: Hashable, Sendable {
    var name: String
    var size: Int
    var modified: Int64
    var inode: UInt64
    var owner: UInt32
}

/// What the journal says of one record: its outputs were drawn with `fingerprint`, and are these.
struct JournalEntry: Hashable, Sendable {
    var name: String
    var fingerprint: String
    var files: [JournalFile]

    /// `NAME FINGERPRINT FILE:SIZE:MTIME_NS:INODE:UID … CHECK`: names are letters, digits, `.`, `_` and `-`,
    /// so spaces and colons separate; CHECK is a hash of the rest, so a torn or damaged line is
    /// never believed.
    var line: String {
        let body = ([name, fingerprint] + files.map { "\($0.name):\($0.size):\($0.modified):\($0.inode):\($0.owner)" }).joined(separator: " ")
        return body + " " + Self.check(body) + "\n"
    }

    /// The CHECK of a line: a hash of everything before it (name, fingerprint and every file's fields).
    static func check(_ body: some StringProtocol) -> String { Fingerprint(String(body)).hex }

    /// Parses one line (without its newline); nil when it is not a whole, intact entry.
    init?(line: Substring) {
        guard let split = line.lastIndex(of: " ") else { return nil }
        let body = line[..<split]
        guard Self.check(body) == line[line.index(after: split)...] else { return nil }
        let words = body.split(separator: " ")
        guard words.count >= 3 else { return nil }
        var files: [JournalFile] = []
        for word in words.dropFirst(2) {
            let parts = word.split(separator: ":")
            guard parts.count == 5, let size = Int(parts[1]), let modified = Int64(parts[2]), let inode = UInt64(parts[3]),
                let owner = UInt32(parts[4])
            else { return nil }
            files.append(JournalFile(name: String(parts[0]), size: size, modified: modified, inode: inode, owner: owner))
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
///
/// The first line is the header, `breakdown batch journal 2`. A journal whose header is anything
/// else (cut short, CRLF line ends, another version, not a journal) is rebuilt when opened: a new
/// journal with only the header replaces it (written beside it, then renamed), `rebuilt` says
/// why, and the batch prints it once as a warning; its records are drawn again, and the next run
/// resumes from the new journal as usual.
/// `@unchecked Sendable` is safe: descriptor and latest are set while the journal is opened, before
/// any worker starts, and only read after (workers look names up, concurrently); appends come
/// from the committer's one thread.
final class BatchJournal: @unchecked Sendable {
    static let fileName = "journal"
    static let header = "breakdown batch journal 2\n"

    private let folder: BatchFolder
    private var descriptor: Int32
    /// Why the journal found was replaced by a new one (its header was damaged), or nil.
    private(set) var rebuilt: String?
    private var latest: [UInt64: Int] = [:]
    /// Lines read at the start (all kinds), for the documentation's growth note and tests.
    private(set) var linesRead = 0

    init(folder: BatchFolder) throws(CLIError) {
        self.folder = folder
        let descriptor = openat(folder.own, Self.fileName, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            // A full disk is a failure (exit 1) worded as every other full disk; anything else is the folder's problem (exit 2).
            let code = errno
            throw CLIError(
                "cannot open the batch journal \(folder.path)/\(BatchFolder.ownFolderName)/\(Self.fileName): \(OutputPath.writeProblem(code))",
                exitStatus: code == ENOSPC || code == EDQUOT ? ExitStatus.failure : ExitStatus.usage)
        }
        self.descriptor = descriptor
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .usage("the batch journal in \(folder.path)/\(BatchFolder.ownFolderName) is not a regular file; remove it")
        }
        if info.st_size == 0 {
            try append(Self.header)
        } else if let problem = try headerProblem() {
            try rebuild()
            rebuilt = "the batch journal \(folder.path)/\(BatchFolder.ownFolderName)/\(Self.fileName) \(problem), so it was rebuilt: "
                + "every record is drawn again this time, and later runs resume as usual"
        } else {
            try load()
        }
    }

    /// What is wrong with the first line, or nil when it is the header.
    private func headerProblem() throws(CLIError) -> String? {
        let expected = Array(Self.header.utf8)
        var buffer = [UInt8](repeating: 0, count: 256)
        var count = 0
        while count < buffer.count {
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + count, $0.count - count, off_t(count)) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { throw .failure("cannot read the batch journal in \(folder.path): \(BatchFolder.lastError)") }
            if read == 0 { break }
            count += read
        }
        let bytes = buffer[..<count]
        if bytes.starts(with: expected) { return nil }
        guard let end = bytes.firstIndex(of: 0x0A) else {
            return Array(bytes).starts(with: expected.dropLast()) || expected.starts(with: bytes)
                ? "has its first line cut short" : "does not start with a header line (\"\(Self.header.dropLast())\")"
        }
        let line = bytes[..<end]
        if Array(line) == expected.dropLast() + [0x0D] { return "has CRLF line ends (its header ends with \\r)" }
        let text = String(decoding: line.prefix(60), as: UTF8.self)
        return "starts with \(QuotedValue.quoted(text)), not the header \"\(Self.header.dropLast())\" this batch writes"
    }

    /// Replaces the journal with a new one holding only the header: written beside it and renamed
    /// over it, so a crash leaves the old or the new one, never a mix.
    private func rebuild() throws(CLIError) {
        let temporary = StaleTemporaryFiles.newName()
        let fresh = openat(folder.own, temporary, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fresh >= 0 else { throw .failure("cannot rebuild the batch journal in \(folder.path): \(BatchFolder.lastError)") }
        let old = descriptor
        descriptor = fresh
        do throws(CLIError) {
            try append(Self.header)
            guard fdatasync(fresh) == 0, renameat(folder.own, temporary, folder.own, Self.fileName) == 0 else {
                throw .failure("cannot rebuild the batch journal in \(folder.path): \(BatchFolder.lastError)")
            }
        } catch {
            unlinkat(folder.own, temporary, 0)
            descriptor = old
            close(fresh)
            throw error
        }
        close(old)
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

    /// The journal's latest entry for `name`, whatever its fingerprint or files: what an earlier
    /// run drew under that name.
    func earlierEntry(name: String) -> JournalEntry? {
        guard let offset = latest[Fingerprint(name).value], let entry = entry(at: offset), entry.name == name else { return nil }
        return entry
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

/// The journal as the fuzz harness sees it (the journal's types are the module's own).
package enum BatchJournalProbe {
    /// What the fuzz harness (`Fuzz/Harnesses`) sees of a journal: opens the output folder `path`
    /// and its journal as a batch does (loading, or rebuilding a damaged header), then looks each
    /// of `names` up as resume does. Returns how many were up to date and why it was rebuilt.
    package static func probe(outputFolder path: String, names: [String]) throws(CLIError) -> (upToDate: Int, rebuilt: String?) {
        let folder = try BatchFolder(path: path)
        let journal = try BatchJournal(folder: folder)
        let found = names.filter { journal.upToDate(name: $0, fingerprint: "0", files: [$0 + ".png"]) != nil }
        return (found.count, journal.rebuilt)
    }
}
