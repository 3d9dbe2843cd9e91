import BreakdownLocking
import BreakdownContent
import Foundation

/// The batch's temporary files: written in the batch's own folder (`.breakdown-batch`) under a
/// name that says whose they are, `tmp-MACHINE-PID-START-N`, and renamed into the output
/// folder when whole. A killed run leaves some behind; the next run removes those whose
/// process has ended, at once, and never touches anything else.
enum StaleTemporaryFiles {
    private static let prefix = "tmp-"
    private static let counter = Counter()

    /// This process's temporary names without their number, `tmp-MACHINE-PID-START-`, made once.
    private static let ownPrefix: String = {
        let me = ProcessIdentity.current
        return "\(prefix)\(me.machine)-\(me.pid)-\(me.start)-"
    }()

    /// A new temporary name for this process.
    static func newName() -> String {
        ownPrefix + String(counter.next())
    }

    /// The writer of a temporary name, or nil when the name is not one of ours.
    static func owner(of name: String) -> ProcessIdentity? {
        guard name.hasPrefix(prefix) else { return nil }
        let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].count == 16, parts[0].allSatisfy(\.isHexDigit),
            parts.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let pid = Int32(parts[1]), let start = UInt64(parts[2]), UInt64(parts[3]) != nil
        else { return nil }
        return ProcessIdentity(machine: String(parts[0]), pid: pid, start: start)
    }

    /// Removes, from the batch's folder (an open descriptor), the regular files with a temporary
    /// name whose writer has ended, and such a writer's spool folder (a folder of this user with a
    /// temporary name): the regular files with temporary names in it, then the folder if that
    /// left it empty. Returns how many files it removed.
    @discardableResult
    static func remove(in folder: Int32) -> Int {
        var removed = 0
        for name in BatchFolder.names(in: folder) {
            guard let owner = owner(of: name), owner.hasEnded else { continue }
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                if unlinkat(folder, name, 0) == 0 { removed += 1 }
            case S_IFDIR where info.st_uid == geteuid():
                let spool = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard spool >= 0 else { continue }
                for file in BatchFolder.names(in: spool) where self.owner(of: file) != nil {
                    var fileInfo = stat()
                    guard fstatat(spool, file, &fileInfo, AT_SYMLINK_NOFOLLOW) == 0, (fileInfo.st_mode & S_IFMT) == S_IFREG else { continue }
                    if unlinkat(spool, file, 0) == 0 { removed += 1 }
                }
                close(spool)
                unlinkat(folder, name, AT_REMOVEDIR)  // fails, leaving it, when anything else is in it
            default:
                continue
            }
        }
        return removed
    }

    private final class Counter: Sendable {
        private let value = Locked<UInt64>(0)
        func next() -> UInt64 {
            value.withLock {
                $0 += 1
                return $0
            }
        }
    }
}
