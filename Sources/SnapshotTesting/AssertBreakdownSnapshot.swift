import BreakdownPipeline
import BreakdownOptions
// Snapshot testing of price breakdowns, for XCTest and Swift Testing.
//
//     import BreakdownSnapshotTesting
//     @Test func checkout() {
//         assertBreakdownSnapshot(of: ["--amount", "100", "--locale", "en_GB", "--scale", "2"], named: "gb-checkout")
//     }
//
// - The reference is `__Snapshots__/<TestFileName>/<name>.png` beside the test file, with
//   `<name>.words.json` (what it says, compared exactly before any pixel tolerance) and
//   `<name>.versions.txt` (the library versions it was recorded with). Add
//   `exclude: ["__Snapshots__"]` to the test target so SwiftPM does not treat them as
//   unhandled files. `named:` defaults to the test function's name and a counter, after the
//   suite or class when it is not named as the file (`OtherTests.checkout.1`); two call sites
//   sharing one reference fail.
// - Record modes (`RecordMode`): `missing` (default) records an absent reference and fails saying
//   so; `all` (`BREAKDOWN_RECORD=all` or `record: .all`) rewrites every reference and fails;
//   `never` (the default when `CI` is set) fails on an absent reference. Any recording fails the
//   test, so a run that records never passes.
// - Comparison: identical bytes pass at once; otherwise pixels are compared with
//   `ImageComparison(channelTolerance:allowedDifferingFraction:)` (default exact), or
//   perceptually (`.perceptual(deltaE:allowedDifferingFraction:)`, CIEDE2000 per pixel).
// - On failure the actual and difference images go to `BREAKDOWN_ARTIFACTS` (default
//   `breakdown-snapshots` in the temporary folder), under the package and the test file's path,
//   and the message names them and the library versions; a pass removes them. See docs/snapshots.md.

import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import Foundation

/// Asserts that a breakdown described with the command line's words, e.g.
/// `["--amount", "100", "--locale", "en_GB"]`, matches `__Snapshots__/<TestFileName>/<name>.png`
/// beside the calling test file. A mismatch, a missing reference, or a recording is reported to
/// the running framework (Swift Testing or XCTest) at the call site.
///
/// Without `named:`, the name is the test function's and a counter: `checkout.1`, `checkout.2`
/// for the first and second assertion in `checkout()`, with the suite types or XCTest class
/// before it when they are not named as the test file (`OtherTests.checkout.1`), whatever order
/// tests run in. A parameterized test's cases need `named:`; so do loops whose order may vary.
/// Two assertions that would use the same reference fail, naming both call sites and tests.
public func assertBreakdownSnapshot(
    of arguments: [String], as strategy: SnapshotStrategy? = nil, named name: String? = nil, record: RecordMode? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let verdict = breakdownSnapshotVerdict(
        of: arguments, as: strategy, named: name, record: record, filePath: "\(filePath)",
        testName: "\(testName)", line: line, column: column)
    FailureReporter.report(verdict, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that a render request matches its reference image.
public func assertBreakdownSnapshot(
    of request: RenderRequest, as strategy: SnapshotStrategy? = nil, named name: String? = nil, record: RecordMode? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let verdict = breakdownSnapshotVerdict(
        of: request, as: strategy, named: name, record: record, filePath: "\(filePath)", testName: "\(testName)",
        line: line, column: column)
    FailureReporter.report(verdict, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that typed inputs drawn with `settings` match their reference image.
public func assertBreakdownSnapshot(
    of inputs: BreakdownInputs, settings: RenderSettings = RenderSettings(), as strategy: SnapshotStrategy? = nil, named name: String,
    record: RecordMode? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, testName: StaticString = #function, line: UInt = #line, column: UInt = #column
) {
    let verdict = breakdownSnapshotVerdict(
        of: RenderRequest(inputs: inputs, settings: settings), as: strategy, named: name, record: record, filePath: "\(filePath)",
        testName: "\(testName)", line: line, column: column)
    FailureReporter.report(verdict, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that a view, iOS or Android (`try BreakdownView(android: inputs)`), drawn with
/// `settings` matches its reference image.
public func assertBreakdownSnapshot(
    of view: BreakdownView, settings: RenderSettings = RenderSettings(), as strategy: SnapshotStrategy? = nil, named name: String,
    record: RecordMode? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, testName: StaticString = #function, line: UInt = #line, column: UInt = #column
) {
    let verdict = breakdownSnapshotVerdict(
        of: RenderRequest(view: view, settings: settings), as: strategy, named: name, record: record, filePath: "\(filePath)",
        testName: "\(testName)", line: line, column: column)
    FailureReporter.report(verdict, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that the breakdown the command line's words describe is hidden, i.e. the view draws
/// nothing for them (no configuration, or no language for the device), e.g.
/// `assertBreakdownHidden(of: ["--no-configuration", "--amount", "100"])`. Otherwise fails quoting
/// the sentence that would show.
public func assertBreakdownHidden(
    of arguments: [String], fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
) {
    FailureReporter.report(verifyBreakdownHidden(of: arguments), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that typed inputs give a hidden breakdown.
public func assertBreakdownHidden(
    of inputs: BreakdownInputs, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
) {
    FailureReporter.report(verifyBreakdownHidden(of: inputs), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that a view, iOS or Android, is hidden (the Android view: GONE).
public func assertBreakdownHidden(
    of view: BreakdownView, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
) {
    FailureReporter.report(verifyBreakdownHidden(of: view), fileID: fileID, filePath: filePath, line: line, column: column)
}
