import BreakdownLocking
import BreakdownContent
import Foundation

/// What this test process has checked so far: which call site owns each reference (so two
/// assertions that would share one reference are caught) and how many unnamed snapshots each
/// test has taken (for their default names).
final class SnapshotRegistry: Sendable {
    static let shared = SnapshotRegistry()

    /// Where an assertion is: `File.swift:12:9 in checkout()`.
    struct CallSite: Hashable, CustomStringConvertible {
        var filePath: String
        var line: UInt
        var column: UInt
        var testName: String

        var description: String {
            "\(URL(fileURLWithPath: filePath).lastPathComponent):\(line):\(column) in \(testName)"
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

    /// 1 for a test's first unnamed snapshot, 2 for its second, and so on.
    func nextIndex(filePath: String, testName: String) -> Int {
        state.withLock { state in
            let key = filePath + "\u{0}" + testName
            let next = (state.counters[key] ?? 0) + 1
            state.counters[key] = next
            return next
        }
    }
}
