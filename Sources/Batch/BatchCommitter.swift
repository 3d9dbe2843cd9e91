import BreakdownOptions
import Foundation

/// Group commit: records whose files are renamed into place wait here; every `groupSize`
/// records, or `interval` seconds after the first of them, a thread of its own makes the file
/// system durable (`syncfs`, then the output folder) and only then appends the group's journal
/// entries. Workers never wait for it; the cost of durability is one sync per group instead of
/// two fsyncs per image.
/// `@unchecked Sendable` is safe: everything that changes (pending, the times, the counts, failure) is guarded by condition; the journal is written by its own thread only.
final class BatchCommitter: @unchecked Sendable {
    /// How groups are formed. The environment can change them (see `docs/batch.md`).
    struct Policy: Sendable {
        var groupSize = 512
        var interval = 1.0
        /// Test only: before appending the journal entries of group K (from 1), the process kills
        /// itself with SIGKILL, so a test can stop a batch between a group's images and its entries
        /// without depending on timing.
        var killBeforeJournalOfGroup: Int?
        /// Once the manifest is read (`drain`), commit what is pending without waiting for a full
        /// group. Off when the environment sets the groups, which are then kept exactly.
        var drainsAtEnd = true

        static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Policy {
            var policy = Policy()
            if let text = environment["BREAKDOWN_BATCH_GROUP_RECORDS"], let value = Int(text), value >= 1 {
                policy.groupSize = value
                policy.drainsAtEnd = false
            }
            if let text = environment["BREAKDOWN_BATCH_GROUP_MILLISECONDS"], let value = Double(text), value >= 0 {
                policy.interval = value / 1000
                policy.drainsAtEnd = false
            }
            if let text = environment["BREAKDOWN_TEST_KILL_BEFORE_JOURNAL"], let value = Int(text), value >= 1 {
                policy.killBeforeJournalOfGroup = value
            }
            return policy
        }
    }

    private let folder: BatchFolder
    private let journal: BatchJournal
    private let policy: Policy
    private let condition = NSCondition()
    private var pending: [JournalEntry] = []
    private var pendingHead = 0
    private var firstPendingTime: Double?
    private var finishing = false
    /// See `drain`.
    private var draining = false
    private var groups = 0
    private var failure: CLIError?
    private let stopped = DispatchSemaphore(value: 0)

    init(folder: BatchFolder, journal: BatchJournal, policy: Policy) {
        self.folder = folder
        self.journal = journal
        self.policy = policy
        let thread = Thread { [self] in run() }
        thread.name = "batch group commit"
        thread.start()
    }

    /// A record whose files are in place (called in manifest order).
    func add(_ entry: JournalEntry) {
        condition.lock()
        // The first of a group wakes the commit thread, which otherwise waits without a time
        // limit while nothing is pending: it then waits for the group or its interval. (Without
        // this, a stream that paused after its records left them unjournalled until it ended.)
        let first = pendingHead == pending.count
        if first { firstPendingTime = monotonicNow() }
        pending.append(entry)
        if first || draining || pending.count - pendingHead >= policy.groupSize { condition.signal() }
        condition.unlock()
    }

    /// The manifest has been read: only the records in flight are left. From now on each commit
    /// takes what is pending at once instead of waiting for a full group, so the commit the
    /// batch waits for at its end covers only what finished during the one before it (on a
    /// disk, the end of a batch of 2,000 images came 5–7 ms sooner).
    func drain() {
        guard policy.drainsAtEnd else { return }
        condition.lock()
        draining = true
        condition.signal()
        condition.unlock()
    }

    /// Commits what is left, stops the thread and makes the journal durable. Throws the first
    /// failure to sync or to write the journal (its records are drawn again by the next run).
    func finish() throws(CLIError) {
        condition.lock()
        finishing = true
        condition.signal()
        condition.unlock()
        stopped.wait()
        if let failure { throw failure }
        try journal.sync()
    }

    private func run() {
        condition.lock()
        while true {
            let waiting = pending.count - pendingHead
            if waiting == 0 {
                if finishing { break }
                condition.wait()
                continue
            }
            let due = (firstPendingTime ?? 0) + policy.interval
            if waiting < policy.groupSize, !finishing, !draining, monotonicNow() < due {
                _ = condition.wait(until: Date(timeIntervalSinceNow: max(0, due - monotonicNow())))
                continue
            }
            let take = min(waiting, policy.groupSize)
            let group = Array(pending[pendingHead..<pendingHead + take])
            pendingHead += take
            if pendingHead == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingHead = 0
                firstPendingTime = nil
            } else {
                firstPendingTime = monotonicNow()
                if pendingHead > 4096 {
                    pending.removeFirst(pendingHead)
                    pendingHead = 0
                }
            }
            condition.unlock()
            commit(group)
            condition.lock()
        }
        condition.unlock()
        stopped.signal()
    }

    /// The crash-consistency step: the group's files (and everything before them) reach the disk
    /// before the lines that vouch for them are written.
    private func commit(_ group: [JournalEntry]) {
        guard failure == nil else { return }
        groups += 1
        do throws(CLIError) {
            try folder.makeDurable()
            if policy.killBeforeJournalOfGroup == groups { kill(getpid(), SIGKILL) }
            try journal.append(group)
        } catch {
            failure = error
        }
    }
}

/// Seconds on the monotonic clock.
func monotonicNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
