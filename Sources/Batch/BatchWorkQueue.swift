import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import Foundation

/// Jobs waiting for a worker. The producer never gets far ahead: `BatchCollector`'s window
/// bounds how many jobs are queued or in flight.
final class BatchWorkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [BatchJob] = []
    private var head = 0
    private var closed = false

    func push(_ job: BatchJob) {
        condition.lock()
        if head > 256 {
            jobs.removeFirst(head)
            head = 0
        }
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// The next job, waiting for one; nil once closed and empty.
    func pop() -> BatchJob? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count, !closed { condition.wait() }
        guard head < jobs.count else { return nil }
        head += 1
        return jobs[head - 1]
    }

    /// No more jobs will come; workers finish what is queued and stop.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
