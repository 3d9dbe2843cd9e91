import BreakdownLocking
import BreakdownContent
import BreakdownOptions
import Foundation
import BreakdownIO

/// Group commit: records whose files are renamed into place wait here; every `groupSize`
/// records, or `interval` seconds after the first of them, a thread of its own makes the file
/// system durable (`syncfs`, then the output folder) and only then appends the group's journal
/// entries. Workers never wait for it; the cost of durability is one sync per group instead of
/// two fsyncs per image.
/// `@unchecked Sendable` is safe: what the workers and the batch change (the pending entries,
/// the flags) is in `state`, behind its lock; `groups` and `failure` are written by the commit
/// thread only, and `failure` is read by `finish` after that thread has signalled `stopped`.
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
    /// What waits to be committed, and what the batch has said (guarded together).
    private struct State {
        var pending: [JournalEntry] = []
        var pendingHead = 0
        var firstPendingTime: Double?
        var finishing = false
        /// See `drain`.
        var draining = false
        /// The commit thread's last look found records pending and chose to wait for more (or
        /// for the interval): for tests, which wait for this decision instead of for a time.
        var waitedWithPending = false

        var waiting: Int { pending.count - pendingHead }
    }
    private let state = Locked(State())
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
        let groupSize = policy.groupSize
        state.withLockWaking { state in
            // The first of a group wakes the commit thread, which otherwise waits without a time
            // limit while nothing is pending: it then waits for the group or its interval. (Without
            // this, a stream that paused after its records left them unjournalled until it ended.)
            let first = state.waiting == 0
            if first { state.firstPendingTime = monotonicSeconds() }
            state.pending.append(entry)
            return first || state.draining || state.waiting >= groupSize ? .one : .none
        }
    }

    /// The manifest has been read: only the records in flight are left. From now on each commit
    /// takes what is pending at once instead of waiting for a full group, so the commit the
    /// batch waits for at its end covers only what finished during the one before it (on a
    /// disk, the end of a batch of 2,000 images came 5–7 ms sooner).
    func drain() {
        guard policy.drainsAtEnd else { return }
        state.withLock(waking: .one) { $0.draining = true }
    }

    /// For tests: the commit thread is asleep, having looked at pending records and chosen to
    /// wait for a fuller group or the interval (so nothing it has seen is committed yet).
    var isWaitingWithPending: Bool {
        state.sleepingThreads == 1 && state.withLock { $0.waitedWithPending && $0.waiting > 0 }
    }

    /// For tests: whether `drain` has taken effect.
    var isDraining: Bool { state.withLock { $0.draining } }

    /// Commits what is left, stops the thread and makes the journal durable. Throws the first
    /// failure to sync or to write the journal (its records are drawn again by the next run).
    func finish() throws(CLIError) {
        state.withLock(waking: .one) { $0.finishing = true }
        stopped.wait()
        if let failure { throw failure }
        try journal.sync()
    }

    /// The commit thread: takes a group when one is full, its interval is over, or the batch is
    /// draining or finishing; stops once finishing leaves nothing pending.
    private func run() {
        let policy = policy
        while true {
            let group: [JournalEntry]? = state.withLock(when: { state in
                if state.waiting == 0 { return state.finishing ? .ready : .waitForChange }
                let due = (state.firstPendingTime ?? 0) + policy.interval
                if state.waiting < policy.groupSize, !state.finishing, !state.draining, monotonicSeconds() < due {
                    state.waitedWithPending = true
                    return .waitForChangeOrTime(due)
                }
                state.waitedWithPending = false
                return .ready
            }) { state in
                guard state.waiting > 0 else { return nil }
                let take = min(state.waiting, policy.groupSize)
                let group = Array(state.pending[state.pendingHead..<state.pendingHead + take])
                state.pendingHead += take
                if state.pendingHead == state.pending.count {
                    state.pending.removeAll(keepingCapacity: true)
                    state.pendingHead = 0
                    state.firstPendingTime = nil
                } else {
                    state.firstPendingTime = monotonicSeconds()
                    if state.pendingHead > 4096 {
                        state.pending.removeFirst(state.pendingHead)
                        state.pendingHead = 0
                    }
                }
                return group
            }
            guard let group else { break }
            commit(group)
        }
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
