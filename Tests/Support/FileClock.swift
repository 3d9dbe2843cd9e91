import Foundation

/// The file system's clock, which stamps modification times in coarse ticks (a few milliseconds
/// on ext4): files written in one tick carry the same time. Runs that the product orders by their
/// files' times are ordered here by waiting for the event that matters, the clock passing the
/// newest time in a folder, not by sleeping for a guessed while.
public enum FileClock {
    /// The newest modification time (nanoseconds) of anything under `folder`, itself included.
    public static func newest(in folder: URL) -> Int64 {
        var newest = modified(folder.path) ?? 0
        if let walker = FileManager.default.enumerator(atPath: folder.path) {
            for case let path as String in walker { newest = max(newest, modified(folder.path + "/" + path) ?? 0) }
        }
        return newest
    }

    public static func modified(_ path: String) -> Int64? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// Returns once a file written now in `folder` is stamped later than everything already in
    /// it: a probe file is rewritten until its time passes theirs (a tick or two; the deadline
    /// only stops a hang). False if the clock never passed.
    @discardableResult
    public static func waitUntilPast(_ folder: URL) -> Bool {
        let target = newest(in: folder)
        let probe = folder.deletingLastPathComponent().appendingPathComponent(".file-clock-\(UUID().uuidString)").path
        defer { unlink(probe) }
        let end = Date().addingTimeInterval(60)
        while Date() < end {
            let fd = open(probe, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard fd >= 0 else { return false }
            _ = write(fd, "x", 1)
            close(fd)
            if let time = modified(probe), time > target { return true }
            usleep(500)
        }
        return false
    }
}
