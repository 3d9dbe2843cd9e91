import BreakdownLocking
import BreakdownContent
import Foundation

/// Chunks of jobs waiting for a worker: a worker takes a whole chunk (consecutive records) at
/// a time and hands its outcomes back together, so a lock is taken twice a chunk, not per
/// record. The producer never gets far ahead: it waits for room in a window of chunks that are
/// queued, in flight or waiting to be handled in order (`BatchCollector` frees the room).
final class BatchWorkQueue: Sendable {
    private struct State {
        var chunks: [(number: Int, jobs: [BatchJob])] = []
        var head = 0
        var closed = false
    }
    private let state = Locked(State())
    private let room: DispatchSemaphore

    init(window: Int) {
        room = DispatchSemaphore(value: window)
    }

    /// Waits for room in the window, then queues chunk number `number` (from 0, in manifest order).
    func push(_ chunk: [BatchJob], number: Int) {
        guard !chunk.isEmpty else { return }
        room.wait()
        state.withLock(waking: .one) { state in
            if state.head > 64 {
                state.chunks.removeFirst(state.head)
                state.head = 0
            }
            state.chunks.append((number, chunk))
        }
    }

    /// A chunk has been handled: its room is free again.
    func release() { room.signal() }

    /// The next chunk, waiting for one; nil once closed and empty.
    func pop() -> (number: Int, jobs: [BatchJob])? {
        state.withLock(when: { $0.head < $0.chunks.count || $0.closed ? .ready : .waitForChange }) { state in
            guard state.head < state.chunks.count else { return nil }
            state.head += 1
            return state.chunks[state.head - 1]
        }
    }

    /// How many workers are asleep in `pop` now, waiting for a chunk (for tests, which wait for
    /// this instead of for a time).
    var sleepingWorkers: Int { state.sleepingThreads }

    /// No more chunks will come; workers finish what is queued and stop.
    func close() {
        state.withLock(waking: .all) { $0.closed = true }
    }
}
