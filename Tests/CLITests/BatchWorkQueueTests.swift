import BreakdownLocking
@testable import BreakdownBatch
import BreakdownContent
import BreakdownTestSupport
import Foundation
import Testing

/// The work queue's close, checked without a clock: the test waits until the queue's own lock
/// counts every worker asleep in `pop` (the event itself, not a time), then closes the queue, so a
/// close that woke only one of them cannot pass by luck (a worker that had not yet gone to sleep
/// would see the close on its own). The workers are always let go, whatever fails.
@Suite struct BatchWorkQueueTests {
    @Test func closingWakesEveryWaitingWorker() throws {
        let queue = BatchWorkQueue(window: 4)
        let workers = 3
        let finished = DispatchGroup()
        let ended = Locked(0)
        for _ in 0..<workers {
            finished.enter()
            Thread.detachNewThread {
                // Each chunk's room given back, as the collector does (a queue freed with its
                // window not whole is a libdispatch crash).
                while queue.pop() != nil { queue.release() }
                ended.withLock { $0 += 1 }
                finished.leave()
            }
        }
        var closed = false
        defer {
            // Never leave a worker behind: close (if the test did not get that far), and if
            // some still wait, wake each with a chunk: they see the close after it.
            if !closed { queue.close() }
            if finished.wait(timeout: .now() + 60) != .success {
                for number in 0..<workers {
                    queue.push([BatchJob(sequence: number, index: number, line: number + 1, work: .noPrice(name: nil, reason: "test"))], number: number)
                }
                _ = finished.wait(timeout: .now() + 60)
            }
        }
        // The event: all three asleep in the queue's condition wait (the queue is empty). The
        // deadline only stops a hang; the wait ends as soon as the count is reached.
        let asleep = waitFor(deadline: 120) { queue.sleepingWorkers == workers }
        try #require(asleep, "only \(queue.sleepingWorkers) of \(workers) workers ever slept in pop")
        queue.close()
        closed = true
        let result = finished.wait(timeout: .now() + 60)
        #expect(result == .success, "\(workers - ended.withLock { $0 }) of \(workers) workers still wait after the close")
    }

    /// A queue nobody waits on counts no sleeper; a worker that is given a chunk is not asleep.
    @Test func theSleeperCountFollowsTheWorkers() throws {
        let queue = BatchWorkQueue(window: 4)
        #expect(queue.sleepingWorkers == 0)
        let done = DispatchSemaphore(value: 0)
        let taken = Locked<[Int]>([])
        Thread.detachNewThread {
            while let chunk = queue.pop() {
                taken.withLock { $0.append(chunk.number) }
                queue.release()
            }
            done.signal()
        }
        try #require(waitFor(deadline: 120) { queue.sleepingWorkers == 1 })
        queue.push([BatchJob(sequence: 0, index: 0, line: 1, work: .noPrice(name: nil, reason: "test"))], number: 7)
        try #require(waitFor(deadline: 120) { taken.withLock { $0 } == [7] && queue.sleepingWorkers == 1 })
        queue.close()
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(queue.sleepingWorkers == 0)
    }
}

