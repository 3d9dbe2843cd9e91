@testable import BreakdownBatch
import BreakdownTestSupport
import Foundation
import Testing
@testable import CLITestSupport

/// The group commit at the end of a batch: once the manifest is read (`drain`), what is pending
/// is committed without waiting for a full group or its interval, so the last commit covers only
/// the records still in flight; a group size the environment sets is kept exactly.
@Suite struct BatchCommitterTests {
    typealias Support = BatchTestSupport

    /// A new folder on a tmpfs (`/dev/shm`) where there is one: a commit syncs its file system
    /// (`syncfs`), and on the disk that also waits for whatever else the machine is writing (a
    /// scratch package's build in another test took it past a minute once), which is not what
    /// these tests time.
    private static func folder(_ label: String) throws -> URL {
        let shm = URL(fileURLWithPath: "/dev/shm")
        guard FileManager.default.isWritableFile(atPath: shm.path) else { return try Support.temporaryFolder(label) }
        let url = shm.appendingPathComponent("breakdown-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Five records' files written into a folder, as a worker writes them, and their entries.
    private static func fiveRecords(in folder: BatchFolder) throws -> [JournalEntry] {
        try (0..<5).map { index in
            let name = "record-\(index)"
            let files = try folder.write([(name + ".png", Data("image \(index)".utf8))])
            return JournalEntry(name: name, fingerprint: String(repeating: "ab", count: 8), files: files)
        }
    }

    /// Checked without a clock: the group's interval is 31 years, so only the drain can commit
    /// the five records, and the test waits for them however long a busy machine's disk sync
    /// takes (the time limit only stops a hang).
    @Test(.timeLimit(.minutes(10))) func drainCommitsWhatIsPendingWithoutWaitingForAGroup() throws {
        let url = try Self.folder("drain")
        defer { try? FileManager.default.removeItem(at: url) }
        let folder = try BatchFolder(path: url.path, spools: 1)
        let journal = try BatchJournal(folder: folder)
        var policy = BatchCommitter.Policy()
        policy.groupSize = 100
        policy.interval = 1e9
        #expect(policy.drainsAtEnd)
        let committer = BatchCommitter(folder: folder, journal: journal, policy: policy)
        for entry in try Self.fiveRecords(in: folder) { committer.add(entry) }
        // A group of 100, or an interval no run reaches: the commit thread has looked at the
        // pending records and gone back to sleep (the event waited for), and nothing is committed.
        #expect(waitFor(deadline: 60) { committer.isWaitingWithPending }, "the commit thread never slept with records pending")
        #expect(try BatchProcess.journal(url).isEmpty)
        committer.drain()
        #expect(committer.isDraining)
        #expect(waitFor(deadline: 60) { (BatchProcess.entriesSoFar(url) ?? 0) >= 5 }, "the drain committed nothing")
        #expect(try BatchProcess.journal(url).map(\.name) == (0..<5).map { "record-\($0)" })
        try committer.finish()
        #expect(try BatchProcess.journal(url).count == 5)
    }

    /// No clock either: what is checked is that the drain commits nothing and the end commits all
    /// (the time limit only stops a hang; finish() waits for a disk sync, slow on a busy machine).
    @Test(.timeLimit(.minutes(10))) func aGroupTheEnvironmentSetsIsKeptAtTheEnd() throws {
        let url = try Self.folder("drain-env")
        defer { try? FileManager.default.removeItem(at: url) }
        let folder = try BatchFolder(path: url.path, spools: 1)
        let journal = try BatchJournal(folder: folder)
        let policy = BatchCommitter.Policy.fromEnvironment(["BREAKDOWN_BATCH_GROUP_RECORDS": "100", "BREAKDOWN_BATCH_GROUP_MILLISECONDS": "600000"])
        #expect(!policy.drainsAtEnd)
        #expect(!BatchCommitter.Policy.fromEnvironment(["BREAKDOWN_BATCH_GROUP_MILLISECONDS": "5"]).drainsAtEnd)
        #expect(!BatchCommitter.Policy.fromEnvironment(["BREAKDOWN_BATCH_GROUP_RECORDS": "4"]).drainsAtEnd)
        #expect(BatchCommitter.Policy.fromEnvironment([:]).drainsAtEnd)
        let committer = BatchCommitter(folder: folder, journal: journal, policy: policy)
        for entry in try Self.fiveRecords(in: folder) { committer.add(entry) }
        committer.drain()
        // The drain is ignored (the environment set a group), and the commit thread, having seen
        // the records, sleeps without committing them.
        #expect(!committer.isDraining)
        #expect(waitFor(deadline: 60) { committer.isWaitingWithPending }, "the commit thread never slept with records pending")
        #expect(try BatchProcess.journal(url).isEmpty)
        // The end of the batch commits them.
        try committer.finish()
        #expect(try BatchProcess.journal(url).count == 5)
    }
}
