@testable import BreakdownBatch
import BreakdownContent
import Foundation
import Testing

/// The work queue's close, checked without a clock: workers are known to be asleep in `pop` (the
/// kernel says so: their threads' state in /proc) before the queue is closed, so a close that
/// woke only one of them cannot pass by luck (a worker that had not yet gone to sleep would see
/// the close on its own).
@Suite struct BatchWorkQueueTests {
    /// The state letters (R running, S sleeping, …) of this process's threads named `name`.
    static func states(ofThreadsNamed name: String) -> [Character] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { tid in
            guard let comm = try? String(contentsOfFile: "/proc/self/task/\(tid)/comm", encoding: .utf8),
                comm.trimmingCharacters(in: .newlines) == name,
                let text = try? String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8),
                let end = text.lastIndex(of: ")")
            else { return nil }
            return text[text.index(end, offsetBy: 2)...].first
        }
    }

    @Test func closingWakesEveryWaitingWorker() throws {
        let queue = BatchWorkQueue(window: 4)
        let workers = 3
        // A name of this test's own (at most 15 characters), so its threads are told from others.
        let name = "bk-close-\(getpid() % 100_000)"
        let finished = DispatchGroup()
        let ended = Locked(0)
        for _ in 0..<workers {
            finished.enter()
            Thread.detachNewThread {
                Thread.current.name = name  // Foundation gives the thread this name (pthread_setname_np)
                while queue.pop() != nil {}
                ended.withLock { $0 += 1 }
                finished.leave()
            }
        }
        // Every worker's thread asleep (in the queue's condition wait: the queue is empty) for
        // 20 looks in a row.
        var asleep = 0
        for _ in 0..<20_000 where asleep < 20 {
            let states = Self.states(ofThreadsNamed: name)
            asleep = states.count == workers && states.allSatisfy({ $0 == "S" }) ? asleep + 1 : 0
            usleep(500)
        }
        try #require(asleep >= 20, "the workers never all slept in pop")
        queue.close()
        let result = finished.wait(timeout: .now() + 30)
        #expect(result == .success, "\(workers - ended.withLock { $0 }) of \(workers) workers still wait after the close")
        if result != .success {
            // Let the forgotten workers go: each chunk wakes one, and they see the close after it.
            for number in 0..<workers {
                queue.push([BatchJob(sequence: number, index: number, line: number + 1, work: .noPrice(name: nil, reason: "test"))], number: number)
            }
            _ = finished.wait(timeout: .now() + 30)
        }
    }
}
