import Foundation

/// Chunks of jobs waiting for a worker: a worker takes a whole chunk (consecutive records) at
/// a time and hands its outcomes back together, so a lock is taken twice a chunk, not per
/// record. The producer never gets far ahead: it waits for room in a window of chunks that are
/// queued, in flight or waiting to be handled in order (`BatchCollector` frees the room).
/// `@unchecked Sendable` is safe: the chunks, head and closed change only under condition, and room is a semaphore.
final class BatchWorkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var chunks: [(number: Int, jobs: [BatchJob])] = []
    private var head = 0
    private var closed = false
    private let room: DispatchSemaphore

    init(window: Int) {
        room = DispatchSemaphore(value: window)
    }

    /// Waits for room in the window, then queues chunk number `number` (from 0, in manifest order).
    func push(_ chunk: [BatchJob], number: Int) {
        guard !chunk.isEmpty else { return }
        room.wait()
        condition.lock()
        if head > 64 {
            chunks.removeFirst(head)
            head = 0
        }
        chunks.append((number, chunk))
        condition.signal()
        condition.unlock()
    }

    /// A chunk has been handled: its room is free again.
    func release() { room.signal() }

    /// The next chunk, waiting for one; nil once closed and empty.
    func pop() -> (number: Int, jobs: [BatchJob])? {
        condition.lock()
        defer { condition.unlock() }
        while head == chunks.count, !closed { condition.wait() }
        guard head < chunks.count else { return nil }
        head += 1
        return chunks[head - 1]
    }

    /// No more chunks will come; workers finish what is queued and stop.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
