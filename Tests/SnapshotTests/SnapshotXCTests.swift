import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import BreakdownLayout
import BreakdownOptions
import BreakdownPipeline
import BreakdownSnapshotTesting
import XCTest
@testable import SnapshotTestSupport

/// The assertion from an XCTest test case, with typed inputs; its reference is committed in
/// `__Snapshots__/SnapshotXCTests/`.
final class SnapshotXCTests: XCTestCase {
    func testTypedInputsMatchTheirReference() throws {
        let inputs = BreakdownInputs(
            configuration: try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU"),
            deviceLocale: "en_AU", amount: 49.99)
        assertBreakdownSnapshot(of: inputs, named: "xctest-en_AU-49.99")
    }

    /// From XCTest, under the docs' cross-machine tolerance set around the code: a one-cent
    /// change fails with both sentences, the changed price marked.
    func testOneCentFailsUnderTheScopesTolerance() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        func check(_ amount: String, record: RecordMode) -> String? {
            withBreakdownSnapshots(record: record, as: .perceptual(deltaE: 3, allowedDifferingFraction: 0.005)) {
                verifyBreakdownSnapshot(
                    of: ["--amount", amount, "--scale", "3"], named: "xctest-cent", environment: sandbox.environment,
                    filePath: sandbox.filePath, line: 1, column: 1)
            }
        }
        XCTAssertNotNil(check("100", record: .all))
        XCTAssertNil(check("100", record: .never))
        let message = try XCTUnwrap(check("100.04", record: .never))
        XCTAssertTrue(message.contains("\n  sentence, reference: or 4 interest-free payments of [-$25.00-] with\n"), message)
        XCTAssertTrue(message.contains("\n  sentence, now:       or 4 interest-free payments of {+$25.01+} with\n"), message)
    }

    func testFailureMessageWithoutReporting() {
        let message = verifyBreakdownSnapshot(of: ["--locale", "xx_XX"], named: "never-written")
        XCTAssertEqual(
            message,
            "Snapshot \"never-written\" (SnapshotXCTests/testFailureMessageWithoutReporting()): snapshot arguments: Locale with identifier (xx_XX) is not valid (--locale: one of en_AU, en_NZ, en_CA, fr_CA, en_GB, en_US)")
    }
}
