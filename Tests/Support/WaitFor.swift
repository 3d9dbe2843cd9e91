import Foundation

/// Looks at `condition` until it holds (true) or `deadline` seconds have passed (false): a wait
/// for an event, whose deadline only stops a hang. Looks every millisecond, on the monotonic clock.
public func waitFor(deadline seconds: Double, _ condition: () -> Bool) -> Bool {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let end = now() + seconds
    while !condition() {
        if now() > end { return false }
        usleep(1_000)
    }
    return true
}
