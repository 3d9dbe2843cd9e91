import Foundation

/// A value behind a lock, with `Synchronization.Mutex`'s `withLock` shape, for state shared by
/// threads: the project's one locking primitive. Threads that wait for the value to change (a
/// queue's consumers, a group commit's thread) wait here too, through `withLock(when:)`, so no
/// type keeps a lock, a condition and the state they guard side by side.
///
/// Not `Mutex` itself: on Linux, `Mutex` locks with raw `futex` system calls, which
/// ThreadSanitizer does not intercept, so every access it guards is reported as a race
/// (`Tools/sanitize/mutex-proof/main.swift` shows it: an exact count, and a report).
/// `NSCondition` is a `pthread_mutex_t` with a `pthread_cond_t`, which TSan understands, so the
/// sanitizer runs stay meaningful.
/// `@unchecked Sendable` is safe: the value is reached only through withLock, under the lock, and
/// a wait happens between two accesses to it, never inside one.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value
    /// How many threads are asleep in `withLock(when:)` now (read under the lock).
    private var sleepers = 0

    /// A lock around `value`.
    package init(_ value: consuming Value) { self.value = value }

    /// Whom to wake once a `withLock` body has changed the value.
    package enum Wake: Sendable {
        /// Nobody: no thread waits for this change.
        case none
        /// One waiting thread (any one of them can take what changed).
        case one
        /// Every waiting thread (what changed concerns them all).
        case all
    }

    /// What a thread in `withLock(when:)` does with the value as it finds it.
    package enum Readiness: Sendable {
        /// Go on: run the body now.
        case ready
        /// Wait for another thread's change.
        case waitForChange
        /// Wait for another thread's change, or until this time on the monotonic clock
        /// (`monotonicSeconds()`), whichever comes first; then look again.
        case waitForChangeOrTime(Double)
    }

    /// Wakes `wake` (the lock held).
    private func wakeWaiters(_ wake: Wake) {
        switch wake {
        case .none: break
        case .one: condition.signal()
        case .all: condition.broadcast()
        }
    }

    /// Runs `body` with the value, holding the lock, then wakes `wake`.
    package func withLock<Result: ~Copyable>(waking wake: Wake = .none, _ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            wakeWaiters(wake)
            condition.unlock()
        }
        return try body(&value)
    }

    /// Runs `body` with the value, holding the lock, then wakes whom `body` says: for a change
    /// that only sometimes concerns a waiting thread (waking it for nothing costs it a look).
    package func withLockWaking(_ body: (inout Value) throws -> Wake) rethrows {
        condition.lock()
        defer { condition.unlock() }
        wakeWaiters(try body(&value))
    }

    /// Waits until `readiness` says the value is ready (asked again after every change another
    /// thread wakes it for, and when its time comes), then runs `body` with the value, holding
    /// the lock throughout, then wakes `wake`.
    package func withLock<Result: ~Copyable>(
        when readiness: (inout Value) -> Readiness, waking wake: Wake = .none, _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        condition.lock()
        defer {
            wakeWaiters(wake)
            condition.unlock()
        }
        while true {
            switch readiness(&value) {
            case .ready:
                return try body(&value)
            case .waitForChange:
                sleepers += 1
                condition.wait()
                sleepers -= 1
            case .waitForChangeOrTime(let time):
                let left = time - monotonicSeconds()
                if left > 0 {
                    sleepers += 1
                    _ = condition.wait(until: Date(timeIntervalSinceNow: left))
                    sleepers -= 1
                }
            }
        }
    }
}

extension Locked where Value: ~Copyable {
    /// How many threads are asleep in `withLock(when:)`, waiting for a change, at this moment:
    /// for tests, which wait for this event (workers asleep in a queue) instead of for a time.
    package var sleepingThreads: Int {
        condition.lock()
        defer { condition.unlock() }
        return sleepers
    }
}

/// Seconds on the monotonic clock (the clock `Locked`'s `waitForChangeOrTime` reads).
package func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
