import BreakdownContent
import BreakdownOptions
import Foundation
import BreakdownIO
import BreakdownPipeline

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
    /// so spaces and colons separate; CHECK is the 64-bit FNV-1a hash (`Fingerprint`) of the rest
    /// of the line, so a torn or damaged line is never believed.
    ///
    /// What CHECK can and cannot promise: it catches an accident (an append cut short by a crash,
    /// bytes the disk damaged), nothing more. It has no key, so anyone who can write the folder
    /// can write a line that passes; it is not what keeps a forged line from doing harm. What does:
    /// every FILE a line names must be a plain name in the output folder
    /// (`BatchFolder.plainNameProblem`: never `..`, never starting with `/`, never through a
    /// folder or link, no NUL), else the line is ignored and the run says so; and a file is
    /// believed, replaced or removed only while it is the very inode this user's batch wrote
    /// (`JournalFile`). A forged line can at worst make a record be drawn again, or make a run
    /// whose record of that name fails or is hidden remove a file of this user's directly in the
    /// output folder.
    var line: String {
        let body = ([name, fingerprint] + files.map { "\($0.name):\($0.size):\($0.modified):\($0.inode):\($0.owner)" }).joined(separator: " ")
        return body + " " + Self.check(body) + "\n"
    }

    /// The CHECK of a line: a hash of everything before it (name, fingerprint and every file's fields).
    static func check(_ body: some StringProtocol) -> String { Fingerprint(String(body)).hex }

    /// What one line (without its newline) holds.
    enum Reading {
        /// A whole, intact entry whose files are all plain names in the output folder.
        case entry(JournalEntry)
        /// Not a whole, intact entry (torn, damaged, not an entry at all).
        case damaged
        /// An intact line naming a file that is not a plain name in the output folder: ignored.
        case outsideFolder(file: String, problem: String)
    }

    /// Reads one line (without its newline). The one place a journal line becomes an entry: each
    /// file name is checked here (`BatchFolder.plainNameProblem`) before anything uses it.
    static func read(_ line: Substring) -> Reading {
        guard let split = line.lastIndex(of: " ") else { return .damaged }
        let body = line[..<split]
        guard Self.check(body) == line[line.index(after: split)...] else { return .damaged }
        let words = body.split(separator: " ")
        guard words.count >= 3 else { return .damaged }
        var files: [JournalFile] = []
        for word in words.dropFirst(2) {
            let parts = word.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 5, let size = Int(parts[1]), let modified = Int64(parts[2]), let inode = UInt64(parts[3]),
                let owner = UInt32(parts[4])
            else { return .damaged }
            if let problem = BatchFolder.plainNameProblem(parts[0]) { return .outsideFolder(file: String(parts[0]), problem: problem) }
            files.append(JournalFile(name: String(parts[0]), size: size, modified: modified, inode: inode, owner: owner))
        }
        return .entry(JournalEntry(name: String(words[0]), fingerprint: String(words[1]), files: files))
    }

    /// Parses one line (without its newline); nil when it is not a whole, intact entry of plain names.
    init?(line: Substring) {
        guard case .entry(let entry) = Self.read(line) else { return nil }
        self = entry
    }

    init(name: String, fingerprint: String, files: [JournalFile]) {
        self.name = name
        self.fingerprint = fingerprint
        self.files = files
    }
}

/// Resume's record of finished work: append-only files in the output folder's
/// `.breakdown-batch`, a line per record whose files are durable. Each writer appends to a
/// journal of its own, so no two processes ever append to one file (appends from two machines to
/// one file on a network file system are not atomic): an unsharded run writes `journal`, shard
/// K of N writes `journal-K-of-N`. Entries are appended only after a group commit made their
/// files durable (see `BatchCommitter`), so every file a journal lists was whole on disk before
/// its line was written.
///
/// Resume reads every journal of the folder (its own, and those of other shard counts or of an
/// unsharded run: the folder's history), read-only but its own. A name's entry is believed only
/// while the files it lists are the very files in the folder (inode, size, time, owner), so of
/// the entries several journals hold for one name, the one that drew the files in place is the
/// one that counts; where none did, this writer's own latest entry, else the first other one.
///
/// In memory: the offset of each name's latest line in each journal, by a 64-bit hash of the
/// name (16 bytes a record); a lookup reads that line back. Every line, when loaded and when
/// read back (a journal may be rewritten in place meanwhile), goes through `JournalEntry.read`,
/// which ignores a line naming a file that is not a plain name in the output folder; the lines
/// ignored while loading are named in one warning (`ignored`).
///
/// The first line is the header, `breakdown batch journal 2`. Its own journal whose header is
/// anything else (cut short, CRLF line ends, another version, not a journal) is rebuilt when
/// opened: a new journal with only the header replaces it (written beside it, then renamed),
/// `rebuilt` says why, and the batch prints it once as a warning; its records are drawn again,
/// and the next run resumes from the new journal as usual. Another writer's journal that cannot be
/// read (a damaged header, a link, not a regular file) is not read and not touched: `rebuilt` says so too.
/// `@unchecked Sendable` is safe: the descriptors and maps are set while the journals are opened,
/// before any worker starts, and only read after (workers look names up, concurrently); appends
/// come from the committer's one thread.
final class BatchJournal: @unchecked Sendable {
    /// The unsharded run's journal; shards add `-K-of-N`.
    static let fileName = "journal"
    static let header = "breakdown batch journal 2\n"

    /// The journal shard `shard` writes.
    static func fileName(for shard: Shard) -> String {
        shard.count == 1 ? fileName : "\(fileName)-\(shard.index)-of-\(shard.count)"
    }

    /// Whether `name` is a journal of some writer (`journal`, `journal-K-of-N`).
    static func isJournalName(_ name: String) -> Bool {
        guard name != fileName else { return true }
        guard name.hasPrefix(fileName + "-") else { return false }
        let parts = name.dropFirst(fileName.count + 1).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1] == "of", let index = Int(parts[0]), let count = Int(parts[2]) else { return false }
        return count > 1 && (0..<count).contains(index) && parts[0] == "\(index)" && parts[2] == "\(count)"
    }

    /// Another writer's journal, read at the start and never written.
    private struct OtherJournal {
        var name: String
        var descriptor: Int32
        var latest: [UInt64: Int]
    }

    /// This writer's journal (`journal` or `journal-K-of-N`).
    let ownName: String
    private var others: [OtherJournal] = []
    private let folder: BatchFolder
    private var descriptor: Int32
    /// Why the journal found was replaced by a new one (its header was damaged), or nil.
    private(set) var rebuilt: String?
    private var latest: [UInt64: Int] = [:]
    /// Lines read at the start (all kinds), for the documentation's growth note and tests.
    private(set) var linesRead = 0
    /// Intact lines ignored at the start because a file they name is not a plain name in the
    /// output folder (`BatchFolder.plainNameProblem`), by journal, in the order read.
    private var ignoredLines: [(journal: String, count: Int, files: [String])] = []

    /// The one line saying which journal lines were ignored for naming a file outside the output
    /// folder (each journal and the first few names), or nil when none was.
    var ignored: String? {
        guard !ignoredLines.isEmpty else { return nil }
        let lines = ignoredLines.reduce(0) { $0 + $1.count }
        let each = ignoredLines.map { journal in
            let shown = journal.files.joined(separator: ", ")
            let more = journal.count > journal.files.count ? " and \(journal.count - journal.files.count) more" : ""
            return "\(folder.path)/\(BatchFolder.ownFolderName)/\(journal.journal): \(shown)\(more)"
        }.joined(separator: "; ")
        return "ignored \(lines == 1 ? "1 batch journal line" : "\(lines) batch journal lines") naming a file that is not a plain name "
            + "in the output folder (\(each)); nothing they name is looked at or removed"
    }

    /// Notes an intact line of journal `journal` that names `file`, which is not a plain name.
    private func ignore(_ file: String, _ problem: String, in journal: String) {
        // Whole up to a long path's length (the name is what the user looks for); the console escapes control characters.
        let shown = (file.count <= 300 ? "'\(file)'" : QuotedValue.quoted(file)) + " " + problem
        if let last = ignoredLines.indices.last, ignoredLines[last].journal == journal {
            ignoredLines[last].count += 1
            if ignoredLines[last].files.count < 4 { ignoredLines[last].files.append(shown) }
        } else {
            ignoredLines.append((journal, 1, [shown]))
        }
    }

    init(folder: BatchFolder, shard: Shard = .whole) throws(CLIError) {
        self.folder = folder
        ownName = Self.fileName(for: shard)
        let descriptor = openat(folder.own, ownName, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            // A full disk is a failure (exit 1) worded as every other full disk; anything else is the folder's problem (exit 2).
            let code = errno
            throw CLIError(
                "cannot open the batch journal \(folder.path)/\(BatchFolder.ownFolderName)/\(ownName): \(OutputPath.writeProblem(code))",
                exitStatus: code == ENOSPC || code == EDQUOT ? ExitStatus.failure : ExitStatus.usage)
        }
        self.descriptor = descriptor
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .usage("the batch journal \(folder.path)/\(BatchFolder.ownFolderName)/\(ownName) is not a regular file; remove it")
        }
        if info.st_size == 0 {
            try append(Self.header)
        } else if let problem = try headerProblem(descriptor) {
            try rebuild()
            rebuilt = "the batch journal \(folder.path)/\(BatchFolder.ownFolderName)/\(ownName) \(problem), so it was rebuilt: "
                + "every record is drawn again this time, and later runs resume as usual"
        } else {
            latest = try load(descriptor, name: ownName, isOwn: true)
        }
        try openOthers()
    }

    /// Opens, read-only, every other writer's journal in the folder, in name order.
    private func openOthers() throws(CLIError) {
        guard let stream = fdopendir(dup(folder.own)) else { return }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ownName, Self.isJournalName(name) { names.append(name) }
        }
        // Journals not read, and why: their records are drawn again, and the run says so.
        var skipped: [(name: String, reason: String)] = []
        for name in names.sorted() {
            let descriptor = openat(folder.own, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else {
                skipped.append((name, errno == ELOOP ? "is a symbolic link" : "cannot be opened (\(BatchFolder.lastError))"))
                continue
            }
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                skipped.append((name, "is not a regular file"))
                close(descriptor)
                continue
            }
            guard info.st_size > 0 else {
                close(descriptor)
                continue
            }
            if try headerProblem(descriptor) != nil {
                skipped.append((name, "has a damaged header"))
                close(descriptor)
                continue
            }
            others.append(OtherJournal(name: name, descriptor: descriptor, latest: try load(descriptor, name: name, isOwn: false)))
        }
        if !skipped.isEmpty {
            let list = skipped.map { "\(folder.path)/\(BatchFolder.ownFolderName)/\($0.name) \($0.reason)" }.joined(separator: ", ")
            let note = "another writer's batch journal is not read (\(list)): its records are drawn again"
            rebuilt = rebuilt.map { $0 + "; " + note } ?? note
        }
    }

    /// What is wrong with the first line of the journal open as `descriptor`, or nil when it is the header.
    private func headerProblem(_ descriptor: Int32) throws(CLIError) -> String? {
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
        guard fresh >= 0 else { throw BatchFolder.writeFailure("cannot rebuild the batch journal in \(folder.path)", errno) }
        let old = descriptor
        descriptor = fresh
        do throws(CLIError) {
            try append(Self.header)
            guard fdatasync(fresh) == 0, renameat(folder.own, temporary, folder.own, ownName) == 0 else {
                throw BatchFolder.writeFailure("cannot rebuild the batch journal in \(folder.path)", errno)
            }
        } catch {
            unlinkat(folder.own, temporary, 0)
            descriptor = old
            close(fresh)
            throw error
        }
        close(old)
    }

    deinit {
        close(descriptor)
        for other in others { close(other.descriptor) }
    }

    /// Reads every line of a journal once: the offset of each name's latest intact entry. A last
    /// line of its own journal without its newline (a torn append) is ended, so the next entry
    /// starts on its own line; another writer's is left as it is (that writer may be appending).
    private func load(_ descriptor: Int32, name: String, isOwn: Bool) throws(CLIError) -> [UInt64: Int] {
        var latest: [UInt64: Int] = [:]
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
                } else if compatible {
                    switch JournalEntry.read(Substring(line)) {
                    case .entry(let entry): latest[Fingerprint(entry.name).value] = lineStart
                    case .damaged: break
                    case .outsideFolder(let file, let problem): ignore(file, problem, in: name)
                    }
                }
                linesRead += 1
                pending.removeAll(keepingCapacity: true)
                lineStart = offset + position + 1
            }
            offset += count
        }
        if isOwn, !pending.isEmpty { try append("\n") }
        if !compatible { latest.removeAll() }
        return latest
    }

    /// The latest entry for `name` in each journal: its own first, then the others in name order.
    private func entries(_ name: String) -> [JournalEntry] {
        let key = Fingerprint(name).value
        var found: [JournalEntry] = []
        if let offset = latest[key], let entry = Self.entry(in: descriptor, at: offset), entry.name == name { found.append(entry) }
        for other in others {
            if let offset = other.latest[key], let entry = Self.entry(in: other.descriptor, at: offset), entry.name == name { found.append(entry) }
        }
        return found
    }

    /// Of a name's entries, the one that drew the files in place (its first file is the very file
    /// in the folder); else its own journal's, else the first other one's.
    private func drawer(_ name: String) -> JournalEntry? {
        let found = entries(name)
        return found.first { entry in entry.files.first.map { folder.regularFile($0.name) == $0 } ?? false } ?? found.first
    }

    /// The files of `name` when a journal's latest entry for it has this fingerprint, lists
    /// every file in `files`, and each is in the output folder with the size and modification
    /// time recorded; else nil.
    func upToDate(name: String, fingerprint: String, files: [String]) -> [JournalFile]? {
        for entry in entries(name) where entry.fingerprint == fingerprint {
            var found: [JournalFile] = []
            for file in files {
                guard let recorded = entry.files.first(where: { $0.name == file }), folder.regularFile(file) == recorded else { break }
                found.append(recorded)
            }
            if found.count == files.count { return found }
        }
        return nil
    }

    /// The fingerprint of the entry for `name` that drew the image in place, while its first file
    /// is still in the output folder (an image this run would replace); nil when there is none.
    func earlierFingerprint(name: String) -> String? {
        guard let entry = drawer(name), let first = entry.files.first, folder.regularFile(first.name) != nil else { return nil }
        return entry.fingerprint
    }

    /// What an earlier run drew under `name`, whatever its fingerprint or files: the entry that
    /// drew the files in place, else the latest one.
    func earlierEntry(name: String) -> JournalEntry? { drawer(name) }

    /// Every journal's latest entry for `name` (its own first): all the files earlier runs drew
    /// under the name, in whichever journal (another shard count's, an unsharded run's). Each
    /// file name was checked to be a plain name in the output folder when read.
    func earlierEntries(name: String) -> [JournalEntry] { entries(name) }

    private static func entry(in descriptor: Int32, at offset: Int) -> JournalEntry? {
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
        guard fdatasync(descriptor) == 0 else { throw BatchFolder.writeFailure("cannot make the batch journal durable", errno) }
    }

    private func append(_ text: String) throws(CLIError) {
        let bytes = Array(text.utf8)
        // One write; after a short one (the disk filling up) the rest, which says why it stopped.
        let failure = bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return count < 0 ? errno : EIO }
                offset += count
            }
            return nil
        }
        if let failure { throw BatchFolder.writeFailure("cannot write the batch journal in \(folder.path)", failure) }
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
