// Does ThreadSanitizer see Synchronization.Mutex? Two threads add 1 to one counter 100,000 times
// each, under a lock. Built twice by Tools/sanitize.sh with `-sanitize=thread`: with
// `-D USE_MUTEX` (Synchronization.Mutex) and without (the project's Locked, an NSLock). Both must
// print "count 200000": the mutual exclusion is real either way, so a TSan report on the Mutex
// build is TSan not seeing the lock (on Linux Mutex locks with raw futex system calls, which TSan
// does not intercept), while the Locked build must have no report at all.
import Foundation
#if USE_MUTEX
import Synchronization
let state = Mutex<[Int: Int]>([:])
#else
// Sources/Locking/Locked.swift, compiled in beside this file.
let state = Locked<[Int: Int]>([:])
#endif
let group = DispatchGroup()
for _ in 0..<2 {
    group.enter()
    Thread.detachNewThread {
        for _ in 0..<100_000 { state.withLock { $0[0, default: 0] += 1 } }
        group.leave()
    }
}
group.wait()
print("count", state.withLock { $0[0] ?? 0 })
