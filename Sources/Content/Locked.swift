import Foundation

/// A value behind a lock, with `Synchronization.Mutex`'s `withLock` shape, for state shared by
/// threads. Not `Mutex` itself: on Linux, `Mutex` locks with raw `futex` system calls, which
/// ThreadSanitizer does not intercept, so every access it guards is reported as a race
/// (`Tools/sanitize/mutex-proof/main.swift` shows it: an exact count, and a report). `NSLock` is a
/// `pthread_mutex_t`, which TSan understands, so the sanitizer runs stay meaningful.
/// `@unchecked Sendable` is safe: the value is reached only through withLock, under the NSLock.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    package init(_ value: consuming Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result: ~Copyable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
