import BreakdownLocking
import BreakdownContent
import Foundation

/// What this test process has checked so far: which call site owns each reference (so two
/// assertions that would share one reference are caught) and how many unnamed snapshots each
/// test has taken (for their default names).
final class SnapshotRegistry: Sendable {
    static let shared = SnapshotRegistry()

    /// Where an assertion is, and which test ran it: `File.swift:12:9 in checkout()` (no test
    /// known), `File.swift:12:9 in helper() of test SuiteB/checkout()`.
    struct CallSite: Hashable, CustomStringConvertible {
        var filePath: String
        var line: UInt
        var column: UInt
        var testName: String
        /// The running test, without its run: one test run twice is still one owner, while two
        /// tests calling one helper are two (each would compare against the other's image).
        var test: String? = nil

        var description: String {
            let site = "\(URL(fileURLWithPath: filePath).lastPathComponent):\(line):\(column) in \(testName)"
            return test.map { "\(site) of test \($0)" } ?? site
        }
    }

    /// Each reference's owner, and each test's count of unnamed snapshots.
    private let state = Locked<(owners: [String: CallSite], counters: [String: Int])>(([:], [:]))

    /// Claims `reference` for `site`; returns the other call site that already owns it, if any.
    /// The same call site may check its reference again (a loop, a repeated test).
    func claim(_ reference: String, by site: CallSite) -> CallSite? {
        state.withLock { state in
            if let owner = state.owners[reference], owner != site { return owner }
            state.owners[reference] = site
            return nil
        }
    }

    /// 1 for a test's first unnamed snapshot, 2 for its second, and so on. Counted for each run
    /// of each test (`test`: the running test's identity, run included), not for a function name
    /// across the process: two suites' `sameName()` each count from 1, whichever runs first, and
    /// a test run again (XCTest) counts from 1 again.
    func nextIndex(filePath: String, testName: String, test: SnapshotTestIdentity?) -> Int {
        state.withLock { state in
            var key = filePath + "\u{0}" + testName
            if let test { key += "\u{0}" + test.description + "\u{0}\(test.run)" }
            let next = (state.counters[key] ?? 0) + 1
            state.counters[key] = next
            return next
        }
    }
}
