import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import BreakdownLayout
import BreakdownOptions
import BreakdownPipeline
import BreakdownSnapshotTesting
import XCTest

/// The assertion from an XCTest test case, with typed inputs; its reference is committed in
/// `__Snapshots__/SnapshotXCTests/`.
final class SnapshotXCTests: XCTestCase {
    func testTypedInputsMatchTheirReference() throws {
        let inputs = BreakdownInputs(
            configuration: try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU"),
            deviceLocale: "en_AU", amount: 49.99)
        assertBreakdownSnapshot(of: inputs, named: "xctest-en_AU-49.99")
    }

    func testFailureMessageWithoutReporting() {
        let message = verifyBreakdownSnapshot(of: ["--locale", "xx_XX"], named: "never-written")
        XCTAssertEqual(
            message,
            "Snapshot \"never-written\" (testFailureMessageWithoutReporting()): snapshot arguments: Locale with identifier (xx_XX) is not valid (--locale: one of en_AU, en_NZ, en_CA, fr_CA, en_GB, en_US)")
    }
}
