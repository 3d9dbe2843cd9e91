import BreakdownOptions
import CFileCalls
import Foundation
import BreakdownIO

/// The output folder of a batch and the batch's own folder inside it (`.breakdown-batch`: the
/// journal and the temporary files), both held open, so every later step works relative to the
/// folders it checked and nothing can redirect it elsewhere. The batch's folder is created by
/// the batch; a symbolic link (or anything but a folder of this user) in its place is refused.
/// `@unchecked Sendable` is safe: its stored properties are constants (a path, two descriptors
/// opened in init, the spools' list); the *at calls made through them are thread-safe; each spool
/// changes only on its own worker's thread (see `Spool`).
final class BatchFolder: @unchecked Sendable {
    static let ownFolderName = ".breakdown-batch"

    let path: String
    /// The output folder.
    let output: Int32
    /// `.breakdown-batch` inside it.
    let own: Int32
    /// The batch's own folder was there before this run (an earlier run of a batch used the
    /// output folder): a file of a record's name that its journal does not record may be one an
    /// earlier run renamed into place and was stopped before recording (SIGKILL, a full disk).
    let ownFolderExisted: Bool
    /// Where the images' temporary files are written: one spool folder inside `.breakdown-batch`
    /// for each worker (see `init(path:spools:)`); none: `own` itself.
    private let spools: [Spool]

    /// A folder of this process's own in `own` where one worker writes its temporary files, made
    /// when that worker writes its first file (a worker that draws nothing makes none, and a
    /// batch refused before drawing leaves none behind).
    /// `@unchecked Sendable` is safe: only the worker whose number it has calls `write` with
    /// it, and `removeSpool` and deinit run after the workers are done.
    private final class Spool: @unchecked Sendable {
        /// Its name in `own`, once made.
        var name: String?
        var descriptor: Int32 = -1
        /// It could not be made: the worker writes in `own`.
        var unavailable = false
    }

    /// Creates the output folder (and its parents) when missing, then the batch's folder.
    ///
    /// With `spools` > 0, the images' temporary files go to folders of this process's own inside
    /// it, one a worker (`tmp-MACHINE-PID-START-N`, `write(_:spool:)` says which), so that two
    /// workers never wait for each other's lock on one folder (creating a file and renaming it away
    /// both change the folder it was made in: with one spool for two workers on ext4, each file
    /// cost 20% more CPU, Bench/PNG-ENCODER.md). They are made with the file system asked to place them as top-level folders
    /// (ext4's `FS_TOPDIR_FL` on `.breakdown-batch`; other file systems ignore it): ext4 gives a new
    /// file an inode in its folder's block group, and on an ext4 without a journal, which will not
    /// reuse inodes freed in the last minutes, a group that just lost many files (the previous
    /// pass's images, deleted) makes every new file scan past them: 0.2–0.7 ms a file here against
    /// 0.03 ms in a group of its own (Bench/PNG-ENCODER.md). The files are renamed into the output
    /// folder as before; `removeSpool` removes the empty folders, and the next batch removes a
    /// killed one's (`StaleTemporaryFiles`).
    init(path: String, spools: Int = 0) throws(CLIError) {
        self.path = path
        // Exit 2 with one clean line for a folder that cannot be made (exit 1 for a full disk).
        try OutputPath.createFolder(path, what: "the output folder")
        let output = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard output >= 0 else { throw .usage("cannot open the output folder \(path): \(Self.lastError)") }
        let made = mkdirat(output, Self.ownFolderName, 0o755) == 0
        ownFolderExisted = !made && errno == EEXIST
        if !made, errno != EEXIST {
            let code = errno
            close(output)
            throw CLIError(
                "cannot write in the output folder \(path): \(OutputPath.writeProblem(code))",
                exitStatus: Self.isFull(code) ? ExitStatus.failure : ExitStatus.usage)
        }
        let own = openat(output, Self.ownFolderName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        var info = stat()
        guard own >= 0, fstat(own, &info) == 0, info.st_uid == geteuid() else {
            if own >= 0 { close(own) }
            close(output)
            throw .usage(
                "\(path)/\(Self.ownFolderName) is not a folder this user made (a symbolic link, a file, or another user's); "
                    + "the batch keeps its journal there: remove it or choose another output folder")
        }
        self.output = output
        self.own = own
        if spools > 0 { Self.spreadSubfolders(own) }
        self.spools = (0..<spools).map { _ in Spool() }
    }

    deinit {
        for spool in spools where spool.descriptor >= 0 { close(spool.descriptor) }
        close(own)
        close(output)
    }

    /// The folder a worker's temporary files go to: its spool, made now if it is not yet (spread
    /// over the disk where the file system can); `own` when there are no spools or it cannot be
    /// made (a full disk, no inodes left: writing the image then fails with its own line).
    private func temporaries(_ number: Int) -> Int32 {
        guard !spools.isEmpty else { return own }
        let spool = spools[number % spools.count]
        if spool.descriptor >= 0 { return spool.descriptor }
        if spool.unavailable { return own }
        let name = StaleTemporaryFiles.newName()
        guard mkdirat(own, name, 0o700) == 0 else {
            spool.unavailable = true
            return own
        }
        let descriptor = openat(own, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            unlinkat(own, name, AT_REMOVEDIR)
            spool.unavailable = true
            return own
        }
        spool.name = name
        spool.descriptor = descriptor
        return descriptor
    }

    /// Sets the "top of a hierarchy" flag (`FS_TOPDIR_FL`, `chattr +T`) on a folder, so that ext4
    /// spreads the folders made in it over its block groups; a file system without the flag
    /// refuses and nothing changes.
    private static func spreadSubfolders(_ folder: Int32) {
        #if os(Linux)
            // FS_IOC_GETFLAGS and FS_IOC_SETFLAGS (_IOR/_IOW('f', 1/2, long) on 64-bit Linux); the
            // kernel reads and writes an int.
            let getFlags: UInt = 0x8008_6601, setFlags: UInt = 0x4008_6602, topFolder: Int32 = 0x0002_0000
            var flags: Int32 = 0
            guard ioctl(folder, getFlags, &flags) == 0, flags & topFolder == 0 else { return }
            flags |= topFolder
            _ = ioctl(folder, setFlags, &flags)
        #endif
    }

    /// Removes the spool folders, empty once the workers are done (a failed record removes its
    /// temporary files). The descriptors stay open until the folder object goes.
    func removeSpool() {
        for spool in spools { if let name = spool.name { unlinkat(own, name, AT_REMOVEDIR) } }
    }

    /// `write(_:spool:known:replacedUnknown:)` for files whose earlier owners do not matter.
    func write(_ files: [(name: String, data: Data)], spool: Int = 0) throws(CLIError) -> [JournalFile] {
        var replaced: [String] = []
        return try write(files, spool: spool, known: [], replacedUnknown: &replaced)
    }

    /// One record's files: written to temporary files in spool folder number `spool` (a worker's
    /// own), then each renamed into the output folder. No fsync here: the journal's group commit
    /// makes them durable. On failure nothing is left under a temporary name.
    /// - Parameter known: files of these names the batch wrote before (the journal's entries for
    ///   the record); a regular file found under a name that is none of them is someone else's,
    ///   replaced: its name is in `replacedUnknown`, so the run says so.
    func write(
        _ files: [(name: String, data: Data)], spool: Int = 0, known: [JournalFile], replacedUnknown: inout [String]
    ) throws(CLIError) -> [JournalFile] {
        let temporaries = temporaries(spool)
        var pending: [(temporary: String, file: JournalFile)] = []
        func removeTemporaries() { for entry in pending { unlinkat(temporaries, entry.temporary, 0) } }
        for file in files {
            let temporary = StaleTemporaryFiles.newName()
            do throws(CLIError) {
                pending.append((temporary, try writeTemporary(temporary, file.data, for: file.name, in: temporaries)))
            } catch {
                removeTemporaries()
                throw error
            }
        }
        // One file (a record's usual image) whose name nothing has yet lands in one call, without
        // looking first: the rename itself refuses to replace anything. When something has the
        // name (or the file system cannot say), it is looked at and renamed below.
        if pending.count == 1, breakdown_rename_no_replace(temporaries, pending[0].temporary, output, pending[0].file.name) == 0 {
            return [pending[0].file]
        }
        // Only a regular file, a symbolic link or nothing is replaced: never a device node, FIFO,
        // socket or folder found in the output folder (checked before any file lands).
        for entry in pending {
            // Nothing there, or a regular file, is replaced: one look in the open folder (no walk
            // of the whole path). Anything else gets the whole check, which refuses it or allows it.
            var info = stat()
            let found = fstatat(output, entry.file.name, &info, AT_SYMLINK_NOFOLLOW) == 0
            if found ? info.st_mode & S_IFMT == S_IFREG : errno == ENOENT {
                if found, !known.contains(Self.journalFile(entry.file.name, info)) {
                    replacedUnknown.append(entry.file.name)
                }
                continue
            }
            do throws(CLIError) {
                _ = try OutputPath.disposition(path + "/" + entry.file.name, allowDevices: false)
            } catch {
                removeTemporaries()
                throw error
            }
            // A symbolic link allowed there is replaced (the link, never what it points to); the
            // batch writes only regular files, so a link is always someone else's, and said so.
            if found, info.st_mode & S_IFMT == S_IFLNK { replacedUnknown.append(entry.file.name) }
        }
        for (position, entry) in pending.enumerated() where renameat(temporaries, entry.temporary, output, entry.file.name) != 0 {
            let code = errno
            for left in pending[position...] { unlinkat(temporaries, left.temporary, 0) }
            if let removed = removedFolder(code, temporaries) { throw removed }
            throw .failure("cannot write \(path)/\(entry.file.name): \(String(cString: strerror(code)))")
        }
        return pending.map(\.file)
    }

    /// When a create or rename failed with `ENOENT` because the output folder (or the batch's
    /// own, or the spool) was removed while the batch ran: the one line that stops the batch (no
    /// later image could be written either), instead of one line a record.
    private func removedFolder(_ code: Int32, _ temporaries: Int32) -> CLIError? {
        guard code == ENOENT else { return nil }
        func removed(_ descriptor: Int32) -> Bool {
            var info = stat()
            return fstat(descriptor, &info) == 0 && info.st_nlink == 0
        }
        guard removed(output) || removed(own) || removed(temporaries) else { return nil }
        return CLIError(
            "cannot write in \(path): the folder (or its \(Self.ownFolderName)) was removed while the batch ran; the batch stops",
            exitStatus: ExitStatus.failure, stopsBatch: true)
    }

    private func writeTemporary(_ temporary: String, _ data: Data, for name: String, in temporaries: Int32) throws(CLIError) -> JournalFile {
        let descriptor = openat(temporaries, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if let removed = removedFolder(code, temporaries) { throw removed }
            // A full disk stops the whole batch (no later record could be written either).
            throw CLIError(
                "cannot write \(path)/\(name): \(OutputPath.writeProblem(code))", exitStatus: Self.isFull(code) ? ExitStatus.temporaryFailure : ExitStatus.failure,
                stopsBatch: Self.isFull(code))
        }
        defer { close(descriptor) }
        var code: Int32 = 0
        let failed: Bool = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                if count <= 0 {
                    code = count < 0 ? errno : ENOSPC
                    return true
                }
                offset += count
            }
            return false
        }
        var info = stat()
        if failed {
            unlinkat(temporaries, temporary, 0)
            throw CLIError(
                "cannot write \(path)/\(name): \(OutputPath.writeProblem(code))", exitStatus: Self.isFull(code) ? ExitStatus.temporaryFailure : ExitStatus.failure,
                stopsBatch: Self.isFull(code))
        }
        guard fstat(descriptor, &info) == 0 else {
            unlinkat(temporaries, temporary, 0)
            throw Self.writeFailure("cannot write \(path)/\(name)", errno)
        }
        return Self.journalFile(name, info)
    }

    /// What the journal records of a file: size, modification time, inode, owner.
    private static func journalFile(_ name: String, _ info: stat) -> JournalFile {
        JournalFile(
            name: name, size: Int(info.st_size), modified: nanoseconds(info.st_mtim), inode: UInt64(info.st_ino), owner: info.st_uid)
    }

    /// Why `name` is not a plain name of a file directly in the output folder, or nil when it is.
    /// Every name read from a journal (the files an earlier run drew, which a later run checks,
    /// skips on, or removes) goes through here before anything is done with it, and so does every
    /// name this folder stats or removes: a journal is a file in a folder others may write (a
    /// shard folder on shared storage, a reused CI artifact), and its CHECK is no defence against a
    /// writer (see `JournalEntry.line`). A plain name is not empty, not `.` or `..`, has no `/` (so
    /// it is never an absolute path, never leads up with `..`, and never goes through a folder,
    /// symbolic link or not: the batch writes only names of the folder itself), no NUL (which the
    /// system calls would cut the name at), and fits a file name (255 bytes). The last component
    /// itself is never followed when it is a link (every call here uses `AT_SYMLINK_NOFOLLOW` or
    /// renames the entry itself).
    static func plainNameProblem(_ name: some StringProtocol) -> String? {
        if name.isEmpty { return "is empty" }
        if name == "." || name == ".." { return "is the folder itself or its parent" }
        if name.contains("/") {
            if name.hasPrefix("/") { return "is an absolute path" }
            if name.split(separator: "/").contains("..") { return "leads out of the folder through '..'" }
            return "is a path through a subfolder or link (it has a '/')"
        }
        if name.utf8.contains(0) { return "holds a NUL byte" }
        if name.utf8.count > 255 { return "is longer than a file name can be (255 bytes)" }
        return nil
    }

    /// Something (a file, a link, a folder) has this name in the output folder (false for a name
    /// that is not a plain one).
    func exists(_ name: String) -> Bool {
        guard Self.plainNameProblem(name) == nil else { return false }
        var info = stat()
        return fstatat(output, name, &info, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// The size, modification time, inode and owner of a regular file in the output folder (a symbolic link
    /// is not followed), or nil (also for a name that is not a plain one).
    func regularFile(_ name: String) -> JournalFile? {
        guard Self.plainNameProblem(name) == nil else { return nil }
        var info = stat()
        guard fstatat(output, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Self.journalFile(name, info)
    }

    /// Removes a file of the output folder (a stale image) while it is still the very file
    /// `recorded` describes; false when it is not, or could not be removed. The file is first
    /// renamed into the batch's own folder and checked there, so a file another record of this
    /// run renames into place meanwhile is never the one removed: it is put back. A crash in
    /// between leaves a temporary file the next run removes, and at worst an image drawn again.
    func removeIfStill(_ recorded: JournalFile) -> Bool {
        guard Self.plainNameProblem(recorded.name) == nil else { return false }
        let parked = StaleTemporaryFiles.newName()
        guard renameat(output, recorded.name, own, parked) == 0 else { return false }
        var info = stat()
        if fstatat(own, parked, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            Self.journalFile(recorded.name, info) == recorded
        {
            return unlinkat(own, parked, 0) == 0
        }
        renameat(own, parked, output, recorded.name)
        return false
    }

    /// Makes everything written so far durable: the file system's data and metadata (`syncfs`),
    /// then the output folder's entries.
    func makeDurable() throws(CLIError) {
        guard Self.syncFileSystem(output) == 0 else { throw Self.writeFailure("cannot make the images in \(path) durable (syncfs)", errno) }
        guard fsync(output) == 0 else { throw Self.writeFailure("cannot make the folder \(path) durable (fsync)", errno) }
    }

    /// `syncfs(2)` (a GNU extension the Swift Glibc module leaves out, so looked up by name);
    /// `sync(2)`, every file system, where it is missing.
    private static func syncFileSystem(_ descriptor: Int32) -> Int32 {
        guard let syncfs = syncfsFunction else {
            sync()
            return 0
        }
        return syncfs(descriptor)
    }

    private typealias SyncFS = @convention(c) (Int32) -> Int32
    private static let syncfsFunction: SyncFS? = dlsym(nil, "syncfs").map { unsafeBitCast($0, to: SyncFS.self) }

    /// The names in a folder held open (without "." and "..").
    static func names(in folder: Int32) -> [String] {
        let copy = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0, let directory = fdopendir(copy) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    static var lastError: String { reason(errno) }

    /// ENOSPC or EDQUOT: the disk (or the user's quota) is full.
    static func isFull(_ code: Int32) -> Bool { code == ENOSPC || code == EDQUOT }

    /// A write, sync or create of the batch's that failed with `code` (errno, read at once):
    /// `what: why`, exit 75 when the disk or quota is full (the machine's fault: retrying when
    /// there is room may help, as for an image), else 1.
    static func writeFailure(_ what: String, _ code: Int32) -> CLIError {
        CLIError("\(what): \(OutputPath.writeProblem(code))", exitStatus: isFull(code) ? ExitStatus.temporaryFailure : ExitStatus.failure)
    }

    /// strerror's text, lower case first ("no space left on device").
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    static func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }
}
