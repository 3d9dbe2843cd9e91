import BreakdownCLI
import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import Foundation

/// Asserts that a breakdown described with the command line's words, e.g.
/// `["--amount", "100", "--locale", "en_GB"]`, matches `__Snapshots__/<TestFileName>/<name>.png`
/// beside the calling test file. A mismatch, a missing reference, or a recording is reported to
/// the running framework (Swift Testing or XCTest) at the call site.
public func assertBreakdownSnapshot(
    of arguments: [String], named name: String, comparison: ImageComparison = .exact, record: RecordMode? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let message = verifyBreakdownSnapshot(
        of: arguments, named: name, comparison: comparison, record: record, filePath: "\(filePath)",
        testName: "\(testName)")
    FailureReporter.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that a render request matches its reference image.
public func assertBreakdownSnapshot(
    of request: RenderRequest, named name: String, comparison: ImageComparison = .exact, record: RecordMode? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let message = verifyBreakdownSnapshot(
        of: request, named: name, comparison: comparison, record: record, filePath: "\(filePath)", testName: "\(testName)")
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
        testName: "\(testName)")
    FailureReporter.report(message, fileID: fileID, filePath: filePath, line: line, column: column)
}
