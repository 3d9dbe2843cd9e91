import BreakdownPipeline
import BreakdownOptions
import Foundation
#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Sends a failure to whichever framework is running the test: Swift Testing when a test of its
/// is current, else XCTest.
enum FailureReporter {
    static func report(_ message: String?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        guard let message else { return }
        #if canImport(Testing)
            if Test.current != nil {
                let location = SourceLocation(
                    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
                Issue.record(Comment(rawValue: message), sourceLocation: location)
                return
            }
        #endif
        #if canImport(XCTest)
            XCTFail(message, file: filePath, line: line)
        #else
            print("error: \(filePath):\(line): \(message)")
        #endif
    }

    /// Sends a check's failure as an error and its note as a warning: a Swift Testing issue of
    /// warning severity (the test still passes), else a `warning:` line on standard error.
    static func report(_ verdict: SnapshotVerdict, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        report(verdict.failure, fileID: fileID, filePath: filePath, line: line, column: column)
        guard let note = verdict.note else { return }
        #if canImport(Testing)
            if Test.current != nil {
                let location = SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
                Issue.record(Comment(rawValue: note), severity: .warning, sourceLocation: location)
                return
            }
        #endif
        FileHandle.standardError.write(Data("warning: \(filePath):\(line): \(note)\n".utf8))
    }
}
