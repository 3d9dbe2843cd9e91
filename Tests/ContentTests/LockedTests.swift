@testable import BreakdownContent
import Foundation
import Testing

/// The one locking primitive: exclusive access, waiting for a change another thread makes, and
/// waiting for a time, each on real threads.
@Suite struct LockedTests {
    /// Four threads add 10,000 each: every increment is counted (a lost update loses some).
    @Test func incrementsFromManyThreadsAreAllCounted() {
        let total = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<10_000 { total.withLock { $0 += 1 } }
        }
        #expect(total.withLock { $0 } == 40_000)
    }

    /// A consumer that waits for items takes each of the 1,000 a producer hands over, in order,
    /// and stops when the producer closes: with no wake, or a wait that did not ask again, it
    /// would hang (the test's own deadline ends it) or miss items.
    @Test func aWaitingConsumerTakesEveryItemAndSeesTheClose() throws {
        struct Queue { var items: [Int] = []; var closed = false }
        let queue = Locked(Queue())
        let taken = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        Thread {
            while let item = queue.withLock(when: { $0.items.isEmpty && !$0.closed ? .waitForChange : .ready }, { queue -> Int? in
                queue.items.isEmpty ? nil : queue.items.removeFirst()
            }) {
                taken.withLock { $0.append(item) }
            }
            done.signal()
        }.start()
        for item in 0..<1_000 {
            queue.withLock(waking: .one) { $0.items.append(item) }
            if item % 100 == 0 { usleep(1_000) }
        }
        queue.withLock(waking: .all) { $0.closed = true }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(taken.withLock { $0 } == Array(0..<1_000))
    }

    /// `withLockWaking` wakes whom its body says: a waiter is woken by a change that says `.one`.
    @Test func aBodyThatSaysOneWakesTheWaiter() {
        let flag = Locked(false)
        let woke = DispatchSemaphore(value: 0)
        Thread {
            flag.withLock(when: { $0 ? .ready : .waitForChange }) { _ in }
            woke.signal()
        }.start()
        usleep(20_000)
        flag.withLockWaking { flag in
            flag = true
            return .one
        }
        #expect(woke.wait(timeout: .now() + 30) == .success)
    }

    /// A wait for a time that nobody changes anything before: it goes on once the time has come,
    /// not before it and not never.
    @Test func aTimedWaitGoesOnWhenItsTimeComes() {
        let start = monotonicSeconds()
        let due = start + 0.2
        let looks = Locked(0)
        let readyAt = Locked<Double?>(nil)
        let done = DispatchSemaphore(value: 0)
        // On a thread of its own, so a wait that never ends fails the test instead of hanging it.
        Thread {
            let time = looks.withLock(when: { looks in
                looks += 1
                return monotonicSeconds() >= due ? .ready : .waitForChangeOrTime(due)
            }) { _ in monotonicSeconds() }
            readyAt.withLock { $0 = time }
            done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + 30) == .success)
        let time = readyAt.withLock { $0 } ?? .infinity
        #expect(time >= due)
        #expect(time - start < 20)
        // Asked once at first, then after the wait: a few looks, not a loop spinning until the
        // time (a spurious wake-up may add one).
        let count = looks.withLock { $0 }
        #expect(count >= 2 && count <= 5)
    }
}
