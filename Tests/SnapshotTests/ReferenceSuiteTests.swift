import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import BreakdownLayout
import BreakdownOptions
import BreakdownPipeline
import BreakdownSnapshotTesting
import Testing

/// The project's own reference images, in `__Snapshots__/ReferenceSuiteTests/`: every brand, logo
/// type and palette in light and dark, every link style, outside limits, wrapping, Dynamic Type and
/// French. A first run records missing references (and fails, saying so); with `CI` set nothing is
/// recorded and a missing reference fails. To accept intended changes: `BREAKDOWN_RECORD=all`.
@Suite("Reference images")
struct ReferenceSuiteTests {
    @Test("matches its reference", arguments: ReferenceCase.all)
    func matchesReference(_ reference: ReferenceCase) {
        assertBreakdownSnapshot(of: reference.arguments + ["--scale", "2"], named: reference.name)
    }

    @Test("every reference name is different")
    func namesAreUnique() {
        #expect(Set(ReferenceCase.all.map(\.name)).count == ReferenceCase.all.count)
    }
}
