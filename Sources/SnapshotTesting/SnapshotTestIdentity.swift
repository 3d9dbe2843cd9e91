import BreakdownLocking
import Foundation
#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Which test is running an assertion: the types it is in and its function, and which run of it
/// this is. Default snapshot names are made from it (not from the order assertions happen to run
/// in), so a test's references are its own whatever runs before it, beside it, or not at all.
///
/// - Swift Testing: `Test.current`'s id, whose name components are the suite types (outermost
///   first) and the function, e.g. `["CheckoutTests", "Inner", "checkout()"]`.
/// - XCTest: the test case XCTest announced last (`XCTestObservation.testCaseWillStart`), whose
///   name is `Class.testMethod`. XCTest on Linux runs one test case at a time in a process, so the
///   last one started is the running one.
/// - Neither (a check called outside any test): nil, and names fall back to the calling function
///   alone, as before.
package struct SnapshotTestIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The types the test is declared in, outermost first; empty for a free function.
    package var suite: [String]
    /// The test function as its framework names it: `checkout()` or `testCheckout`.
    package var function: String
    /// Which run of the test case this is in the process (XCTest counts each start); a test run
    /// again in one process gets the names of its first run, not the next numbers.
    package var run: Int
    /// Whether this is one case of a parameterized Swift Testing test, whose cases may run in
    /// any order (in parallel by default), so a count of its assertions names nothing stably.
    package var isParameterizedCase: Bool

    package init(suite: [String], function: String, run: Int = 0, isParameterizedCase: Bool = false) {
        self.suite = suite
        self.function = function
        self.run = run
        self.isParameterizedCase = isParameterizedCase
    }

    /// `CheckoutTests/checkout()`: how a message names the test.
    package var description: String { (suite + [function]).joined(separator: "/") }

    /// What the default name puts before the function's: the suite types that are not the test
    /// file's own (a suite or class named as its file is the common case, and keeps the names
    /// references had before suites were told apart), joined with '.'; nil when nothing is left.
    /// `CheckoutTests.swift`: `CheckoutTests` → nil, `OtherTests` → `OtherTests`,
    /// `CheckoutTests.Inner` → `Inner`; a free function → nil.
    package func namePrefix(testFileName: String) -> String? {
        var types = suite
        if types.first == testFileName { types.removeFirst() }
        return types.isEmpty ? nil : types.joined(separator: ".")
    }

    /// Set around a block to stand for the running test (the library's own tests call checks as
    /// two tests would); otherwise nil, and the framework's test is used.
    @TaskLocal package static var override: SnapshotTestIdentity?

    /// The running test, if any.
    package static var current: SnapshotTestIdentity? {
        if let override { return override }
        #if canImport(Testing)
            if let test = Test.current {
                // The id's name components: the suite types, outermost first, then the function.
                var components = test.id.nameComponents
                let function = components.popLast() ?? test.name
                return SnapshotTestIdentity(
                    suite: components, function: function, isParameterizedCase: Test.Case.current?.isParameterized ?? false)
            }
        #endif
        #if canImport(XCTest)
            XCTestRunning.startObserving()
            return XCTestRunning.shared.current
        #else
            return nil
        #endif
    }
}

#if canImport(XCTest)
    /// Follows XCTest's test cases as they start and finish, for `SnapshotTestIdentity.current`.
    ///
    /// It must be watching before the first test case starts, or the first one would be missed
    /// (XCTest has no public "current test case"), so it starts from the process's initializers
    /// (`startObservingAtLoad`, an `.init_array` entry) where the compiler allows that, and
    /// otherwise at the first check (missing the test case running it).
    final class XCTestRunning: NSObject, XCTestObservation, Sendable {
        static let shared = XCTestRunning()

        private let state = Locked<(current: SnapshotTestIdentity?, runs: [String: Int])>((nil, [:]))
        private static let registered = Locked(false)

        /// Registers the observer once.
        static func startObserving() {
            let first = registered.withLock { done in
                defer { done = true }
                return !done
            }
            if first { XCTestObservationCenter.shared.addTestObserver(shared) }
        }

        var current: SnapshotTestIdentity? { state.withLock { $0.current } }

        /// `OtherXCTests.testChangeable` → suite `["OtherXCTests"]`, function `testChangeable`.
        func testCaseWillStart(_ testCase: XCTestCase) {
            let name = testCase.name
            let parts = name.split(separator: ".").map(String.init)
            let function = parts.last ?? name
            let suite = Array(parts.dropLast())
            state.withLock { state in
                let run = (state.runs[name] ?? 0) + 1
                state.runs[name] = run
                state.current = SnapshotTestIdentity(suite: suite, function: function, run: run)
            }
        }

        func testCaseDidFinish(_ testCase: XCTestCase) {
            state.withLock { $0.current = nil }
        }
    }

    #if compiler(>=6.3) && os(Linux)
        /// Runs from the process's initializers, before XCTest starts any test case.
        @used @section(".init_array")
        let startObservingAtLoad: @convention(c) () -> Void = startObservingXCTest

        private func startObservingXCTest() { XCTestRunning.startObserving() }
    #endif
#endif
