import BreakdownSnapshotTesting
import Foundation
import Testing
import XCTest
@testable import SnapshotTestSupport

// Default snapshot names come from the running test (its suite or class and its function), not
// from the order assertions run in: two suites of one file with a test of the same name each get
// their own references, whichever runs first, alone (a filter) or in parallel, and recording
// writes only the running test's references. The suites below are real tests of both frameworks
// checking into sandboxes; the last suite stands two tests in for each other with
// `SnapshotTestIdentity.override`, to run them in either order in one process.

/// What the running test records without `named:` into `sandbox`.
private func recordUnnamed(_ sandbox: SnapshotSandbox, amount: String, filePath: String? = nil, testName: String = "sameName()") -> String? {
    verifyBreakdownSnapshot(
        of: ["--amount", amount], environment: sandbox.environment, filePath: filePath ?? sandbox.filePath, testName: testName,
        line: 1, column: 1)
}

@Suite struct SnapshotNamesSuiteA {
    @Test("a test of a suite not named as its file records under the suite's name and its own")
    func sameName() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let message = try #require(recordUnnamed(sandbox, amount: "100"))
        let expected = sandbox.root.path + "/__Snapshots__/FakeTests/SnapshotNamesSuiteA.sameName.1.png"
        #expect(message.contains("no reference yet, so recorded \(expected)"), "\(message)")
        #expect(message.hasPrefix("Snapshot \"SnapshotNamesSuiteA.sameName.1\" (SnapshotNamesSuiteA/sameName())"), "\(message)")
        #expect(FileManager.default.fileExists(atPath: expected))
    }

    @Test("a suite named as its test file keeps the names references had: the function's and a count")
    func keepsTheFileSuitesNames() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let file = sandbox.root.appendingPathComponent("SnapshotNamesSuiteA.swift").path
        let message = try #require(recordUnnamed(sandbox, amount: "100", filePath: file, testName: #function))
        let expected = sandbox.root.path + "/__Snapshots__/SnapshotNamesSuiteA/keepsTheFileSuitesNames.1.png"
        #expect(message.contains("no reference yet, so recorded \(expected)"), "\(message)")
    }

    @Test("an unnamed snapshot in a case of a parameterized test fails, asking for a name", arguments: ["100", "200"])
    func parameterizedCase(amount: String) throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let message = try #require(recordUnnamed(sandbox, amount: amount, testName: #function))
        #expect(message.contains("a case of a parameterized test needs named:"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("__Snapshots__").path))
        let named = try #require(sandbox.verify(["--amount", amount], named: "case-\(amount)"))
        #expect(named.contains("no reference yet, so recorded"), "\(named)")
    }
}

@Suite struct SnapshotNamesSuiteB {
    @Test("the same-named test of another suite of the same file counts from 1 under its own name")
    func sameName() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let message = try #require(recordUnnamed(sandbox, amount: "200"))
        let expected = sandbox.root.path + "/__Snapshots__/FakeTests/SnapshotNamesSuiteB.sameName.1.png"
        #expect(message.contains("no reference yet, so recorded \(expected)"), "\(message)")
    }
}

/// XCTest: a class not named as its file (this file is SnapshotNamesTests.swift) records under
/// its class's name, known from XCTest's own announcement of the test case, also when it is the
/// first (or only, with a filter) test case of the process.
final class SnapshotNamesXCTests: XCTestCase {
    func testChangeable() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let message = try XCTUnwrap(recordUnnamed(sandbox, amount: "100", testName: #function))
        let expected = sandbox.root.path + "/__Snapshots__/FakeTests/SnapshotNamesXCTests.testChangeable.1.png"
        XCTAssertTrue(message.contains("no reference yet, so recorded \(expected)"), message)
        XCTAssertTrue(FileManager.default.fileExists(atPath: expected))
    }
}

final class SnapshotNamesOtherXCTests: XCTestCase {
    func testChangeable() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let message = try XCTUnwrap(recordUnnamed(sandbox, amount: "200", testName: #function))
        let expected = sandbox.root.path + "/__Snapshots__/FakeTests/SnapshotNamesOtherXCTests.testChangeable.1.png"
        XCTAssertTrue(message.contains("no reference yet, so recorded \(expected)"), message)
    }
}

@Suite("Snapshot names")
struct SnapshotNamesTests {
    static func identity(_ suite: String, _ function: String = "sameName()", run: Int) -> SnapshotTestIdentity {
        SnapshotTestIdentity(suite: [suite], function: function, run: run)
    }

    /// One pretend test's unnamed assertion in `sandbox`.
    static func check(
        _ sandbox: SnapshotSandbox, as test: SnapshotTestIdentity, amount: String, record: RecordMode? = nil, testName: String = "sameName()"
    ) -> String? {
        SnapshotTestIdentity.$override.withValue(test) {
            verifyBreakdownSnapshot(
                of: ["--amount", amount], record: record, environment: sandbox.environment, filePath: sandbox.filePath,
                testName: testName, line: 1, column: 1)
        }
    }

    @Test("two suites' same-named tests keep their own references in either order, and recording one leaves the other's alone")
    func orderDoesNotMatter() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        // A run: SuiteB first, then SuiteA, each recording its own price.
        #expect(Self.check(sandbox, as: Self.identity("SuiteB", run: 1), amount: "200")?.contains("recorded") == true)
        #expect(Self.check(sandbox, as: Self.identity("SuiteA", run: 1), amount: "100")?.contains("recorded") == true)
        let folder = sandbox.root.appendingPathComponent("__Snapshots__/FakeTests")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(names == ["SuiteA.sameName.1.png", "SuiteB.sameName.1.png"])
        // The next run, the other way round: both pass against their own.
        #expect(Self.check(sandbox, as: Self.identity("SuiteA", run: 2), amount: "100", record: .never) == nil)
        #expect(Self.check(sandbox, as: Self.identity("SuiteB", run: 2), amount: "200", record: .never) == nil)
        // Recording SuiteB again (its price changed) writes SuiteB's files only.
        let suiteA = folder.appendingPathComponent("SuiteA.sameName.1.png")
        let before = try Data(contentsOf: suiteA)
        let recorded = try #require(Self.check(sandbox, as: Self.identity("SuiteB", run: 3), amount: "300", record: .all))
        #expect(recorded.contains("recorded \(folder.path)/SuiteB.sameName.1.png"), "\(recorded)")
        #expect(try Data(contentsOf: suiteA) == before)
        #expect(Self.check(sandbox, as: Self.identity("SuiteA", run: 4), amount: "100", record: .never) == nil)
    }

    @Test("a missing reference whose name without the suite is there says what to rename; a new one without it says nothing")
    func namesWhatToRename() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        // As an earlier release recorded SuiteA's test: sameName.1, no suite in it.
        #expect(Self.check(sandbox, as: Self.identity("FakeTests", run: 1), amount: "100")?.contains("recorded") == true)
        let folder = sandbox.root.path + "/__Snapshots__/FakeTests/"
        let message = try #require(Self.check(sandbox, as: Self.identity("SuiteA", run: 1), amount: "100", record: .never))
        #expect(message.contains("no reference at \(folder)SuiteA.sameName.1.png"), "\(message)")
        #expect(message.contains("A reference named as before default names carried the suite is there: \(folder)sameName.1.png."
            + " If it is this test's (another suite's same-named test had such names too), rename it and its .words.json and"
            + " .versions.txt to SuiteA.sameName.1.* (git mv), and run again."), "\(message)")
        // Recorded (mode missing): the new files are there, so the old ones go over them.
        let recorded = try #require(Self.check(sandbox, as: Self.identity("SuiteA", run: 2), amount: "100"))
        #expect(recorded.contains("no reference yet, so recorded \(folder)SuiteA.sameName.1.png"), "\(recorded)")
        #expect(recorded.contains("rename it and its .words.json and .versions.txt over the SuiteA.sameName.1.* just recorded (git mv -f)"), "\(recorded)")
        let other = try #require(Self.check(sandbox, as: Self.identity("SuiteB", "other()", run: 1), amount: "100", testName: "other()"))
        #expect(!other.contains("A reference named as before"), "\(other)")
    }

    @Test("a test run again counts its snapshots from 1 again")
    func aRunAgainCountsFromOne() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let first = Self.check(sandbox, as: Self.identity("FakeTests", "again()", run: 1), amount: "100", testName: "again()")
        #expect(first?.contains("recorded \(sandbox.root.path)/__Snapshots__/FakeTests/again.1.png") == true, "\(first ?? "")")
        #expect(Self.check(sandbox, as: Self.identity("FakeTests", "again()", run: 2), amount: "100", testName: "again()") == nil)
    }

    @Test("two tests reaching one reference through a helper fail, the message naming both tests")
    func twoTestsSharingAReferenceAreBothNamed() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        // Both tests call the same helper: its function name, so both would be helper.1.
        _ = Self.check(sandbox, as: Self.identity("FakeTests", "one()", run: 1), amount: "100", testName: "helper()")
        let message = try #require(
            Self.check(sandbox, as: Self.identity("FakeTests", "two()", run: 1), amount: "100", testName: "helper()"))
        #expect(message.contains("is also used by the assertion at FakeTests.swift:1:1 in helper() of test FakeTests/one()"), "\(message)")
        #expect(message.contains("this one at FakeTests.swift:1:1 in helper() of test FakeTests/two()"), "\(message)")
    }

    @Test("names verify and batch refuse are refused before anything is written", arguments: ["CON", "com1.x", "-rf", "a.png", "b.PDF"])
    func refusedNames(name: String) throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let message = try #require(sandbox.verify(["--amount", "100"], named: name))
        #expect(message.contains("snapshot name '\(name)' is not accepted: it "), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("__Snapshots__").path))
    }

    @Test("a name too long for its files is refused up front; the longest accepted records all its files")
    func longNames() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        // 255 bytes (NAME_MAX) less ".versions.txt" (13) and the temporary name's 24 more
        // (".", ".<pid, 7 digits at most>", ".<UInt32, 10 at most>", ".tmp").
        let longest = String(repeating: "n", count: 218)
        let message = try #require(sandbox.verify(["--amount", "100"], named: longest + "n"))
        #expect(message.contains("is 219 characters; at most 218 are accepted"), "\(message)")
        #expect(!message.contains("BREAKDOWN_RECORD"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("__Snapshots__").path))
        let recorded = try #require(sandbox.verify(["--amount", "100"], named: longest))
        #expect(recorded.contains("no reference yet, so recorded"), "\(recorded)")
        let paths = try sandbox.paths(longest)
        for path in [paths.reference, paths.words, paths.versions] { #expect(FileManager.default.fileExists(atPath: path)) }
        #expect(sandbox.verify(["--amount", "100"], named: longest) == nil)
    }
}
