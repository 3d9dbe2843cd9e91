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
//   `<name>.versions.txt` (the library versions it was recorded with). Add
//   `exclude: ["__Snapshots__"]` to the test target so SwiftPM does not treat them as
//   unhandled files. `named:` defaults to the test function's name and a counter; two call
//   sites sharing one reference fail.
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
/// for the first and second assertion in `checkout()` (give names in parameterized tests and
/// loops, whose order may vary). Two assertions that would use the same reference fail, naming
/// both call sites.
public func assertBreakdownSnapshot(
    of arguments: [String], named name: String? = nil, comparison: ImageComparison = .exact, record: RecordMode? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let message = verifyBreakdownSnapshot(
        of: arguments, named: name, comparison: comparison, record: record, filePath: "\(filePath)",
        testName: "\(testName)", line: line, column: column)
    FailureReporter.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that a render request matches its reference image.
public func assertBreakdownSnapshot(
    of request: RenderRequest, named name: String? = nil, comparison: ImageComparison = .exact, record: RecordMode? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let message = verifyBreakdownSnapshot(
        of: request, named: name, comparison: comparison, record: record, filePath: "\(filePath)", testName: "\(testName)",
        line: line, column: column)
    FailureReporter.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that typed inputs drawn with `settings` match their reference image.
public func assertBreakdownSnapshot(
    of inputs: BreakdownInputs, settings: RenderSettings = RenderSettings(), named name: String,
    comparison: ImageComparison = .exact, record: RecordMode? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, testName: StaticString = #function, line: UInt = #line, column: UInt = #column
) {
    let message = verifyBreakdownSnapshot(
        of: inputs, settings: settings, named: name, comparison: comparison, record: record, filePath: "\(filePath)",
        testName: "\(testName)", line: line, column: column)
    FailureReporter.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}
