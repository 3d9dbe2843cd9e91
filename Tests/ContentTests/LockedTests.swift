import BreakdownLocking
@testable import BreakdownContent
import BreakdownTestSupport
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
            // Every 100 items, wait until the consumer has emptied the queue and sleeps: the
            // next item then has to wake it (so the wake is tested, not raced past).
            if item % 100 == 0 {
                let asleep = waitFor(deadline: 120) { queue.sleepingThreads == 1 }
                #expect(asleep, "the consumer never slept at item \(item)")
            }
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
        // The waiter asleep first (the event itself), so the change below must wake it.
        #expect(waitFor(deadline: 120) { flag.sleepingThreads == 1 }, "the waiter never slept")
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
        // Not a timing assertion of the wait's precision: a bound 100 times the 0.2 s waited,
        // which only a wait that never ended on its time (a lost wake-up) can break.
        #expect(time - start < 20)
        // Asked once at first, then after the wait: a few looks, not a loop spinning until the
        // time (a spurious wake-up may add one).
        let count = looks.withLock { $0 }
        #expect(count >= 2 && count <= 5)
    }
}


/// Sleeping threads are counted while they sleep, and no longer once woken.
@Suite struct LockedSleeperCountTests {
    @Test func aSleeperIsCountedUntilWoken() {
        let gate = Locked(false)
        #expect(gate.sleepingThreads == 0)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            Thread {
                gate.withLock(when: { $0 ? .ready : .waitForChange }) { _ in }
                done.signal()
            }.start()
        }
        #expect(waitFor(deadline: 120) { gate.sleepingThreads == 2 })
        gate.withLock(waking: .all) { $0 = true }
        #expect(done.wait(timeout: .now() + 60) == .success && done.wait(timeout: .now() + 60) == .success)
        #expect(gate.sleepingThreads == 0)
    }
}
