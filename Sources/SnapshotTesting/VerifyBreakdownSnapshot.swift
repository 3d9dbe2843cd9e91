import BreakdownPipeline
import BreakdownOptions
import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import Foundation

/// Checks a breakdown described with the command line's words, e.g.
/// `["--amount", "100", "--locale", "en_GB", "--scale", "2"]`, against the reference
/// `__Snapshots__/<TestFileName>/<name>.png` beside `filePath`.
///
/// Returns nil when it matches, else the failure message (which names the reference and, for a
/// difference, the pixel count, largest channel difference and box, the artifact paths, and the
/// library versions the reference was recorded with beside this machine's). `name` defaults to
/// the test's name and a counter (after its suite or class, unless named as the file); `line` and `column` identify the call site, so that two call
/// sites sharing one reference are caught.
/// Reports nothing: `assertBreakdownSnapshot` reports this message to the running test framework.
public func verifyBreakdownSnapshot(
    of arguments: [String], as strategy: SnapshotStrategy? = nil, named name: String? = nil, record: RecordMode? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, filePath: String = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) -> String? {
    snapshotCheck(strategy, name, record, environment, filePath, testName, line, column).run {
        () throws(SnapshotError) in try SnapshotRequest.request(arguments: arguments)
    }
}

/// The check `verifyBreakdownSnapshot` and `assertBreakdownSnapshot` make, with the scope's
/// defaults (`SnapshotDefaults.current`) under the call's own arguments.
func snapshotCheck(
    _ strategy: SnapshotStrategy?, _ name: String?, _ record: RecordMode?, _ environment: [String: String], _ filePath: String,
    _ testName: String, _ line: UInt, _ column: UInt
) -> SnapshotCheck {
    SnapshotCheck(
        name: name, comparison: (strategy ?? SnapshotDefaults.current.strategy ?? .image).comparison,
        record: record ?? SnapshotDefaults.current.record, environment: environment, filePath: filePath, testName: testName,
        line: line, column: column)
}

/// What `verifyBreakdownSnapshot(of:…)` finds, with the note of a reference whose words were
/// not checked (recorded before they were stored): the failure alone is `verifyBreakdownSnapshot`'s answer.
package func breakdownSnapshotVerdict(
    of arguments: [String], as strategy: SnapshotStrategy? = nil, named name: String? = nil, record: RecordMode? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, filePath: String = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) -> SnapshotVerdict {
    snapshotCheck(strategy, name, record, environment, filePath, testName, line, column).check {
        () throws(SnapshotError) in try SnapshotRequest.request(arguments: arguments)
    }
}

/// The same for a render request (typed inputs and views come here).
package func breakdownSnapshotVerdict(
    of request: RenderRequest, as strategy: SnapshotStrategy? = nil, named name: String? = nil, record: RecordMode? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, filePath: String = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) -> SnapshotVerdict {
    snapshotCheck(strategy, name, record, environment, filePath, testName, line, column).check { () throws(SnapshotError) in request }
}

/// Checks a render request (what to show, how to draw it, fonts and artwork) against its reference.
public func verifyBreakdownSnapshot(
    of request: RenderRequest, as strategy: SnapshotStrategy? = nil, named name: String? = nil, record: RecordMode? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, filePath: String = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) -> String? {
    snapshotCheck(strategy, name, record, environment, filePath, testName, line, column).run { () throws(SnapshotError) in request }
}

/// Checks typed inputs drawn with `settings` (the project's fonts and artwork) against its reference.
public func verifyBreakdownSnapshot(
    of inputs: BreakdownInputs, settings: RenderSettings = RenderSettings(), as strategy: SnapshotStrategy? = nil, named name: String,
    record: RecordMode? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, filePath: String = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) -> String? {
    verifyBreakdownSnapshot(
        of: RenderRequest(inputs: inputs, settings: settings), as: strategy, named: name, record: record,
        environment: environment, filePath: filePath, testName: testName, line: line, column: column)
}

/// Checks a view, iOS or Android (`try BreakdownView(android: inputs)`), drawn with `settings`
/// (the project's fonts and artwork) against its reference.
public func verifyBreakdownSnapshot(
    of view: BreakdownView, settings: RenderSettings = RenderSettings(), as strategy: SnapshotStrategy? = nil, named name: String,
    record: RecordMode? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, filePath: String = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) -> String? {
    verifyBreakdownSnapshot(
        of: RenderRequest(view: view, settings: settings), as: strategy, named: name, record: record,
        environment: environment, filePath: filePath, testName: testName, line: line, column: column)
}

/// Checks that the breakdown the command line's words describe is hidden: the view draws nothing
/// (no configuration, or no language for the device). Returns nil when it is hidden, else a
/// message quoting the sentence it would show, or the arguments' problem.
public func verifyBreakdownHidden(of arguments: [String]) -> String? {
    let request: RenderRequest
    do throws(SnapshotError) {
        request = try SnapshotRequest.request(arguments: arguments)
    } catch {
        return error.message
    }
    if request.breakdown.isHidden {
        // What layout would refuse of the words alone (a font family, link markup) is refused
        // for a hidden view too, as every command refuses it.
        do {
            try RendererPool.shared.withCache { cache in
                try cache.renderer(for: request).checkHiddenRequest(of: request.view.platform, breakdown: request.breakdown, style: request.settings.style)
            }
        } catch {
            return "snapshot arguments: \(error)"
        }
    }
    return verifyBreakdownHidden(of: request.view)
}

/// Checks that typed inputs give a hidden breakdown; nil when hidden, else what it would show.
public func verifyBreakdownHidden(of inputs: BreakdownInputs) -> String? {
    verifyBreakdownHidden(of: .ios(inputs))
}

/// Checks that a view (iOS or Android) is hidden; nil when hidden, else what it would show.
public func verifyBreakdownHidden(of view: BreakdownView) -> String? {
    // Inputs a door refuses (a device locale that is no locale, such as a typo) are an error,
    // never taken for a hidden view.
    if let problem = view.breakdown.invalidInput { return problem.description }
    guard case .hidden = view.outcome else {
        let breakdown = view.breakdown
        return "the breakdown is shown (\"\(breakdown.text) \(breakdown.brand.writtenName)\") where it must be hidden"
    }
    return nil
}
