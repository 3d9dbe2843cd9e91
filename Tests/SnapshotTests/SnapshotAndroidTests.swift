import BreakdownOptions
import BreakdownSnapshotTesting
import Testing

/// Snapshot arguments speak the whole vocabulary: `--platform android` gives the Android view.
@Suite struct SnapshotAndroidTests {
    @Test func snapshotArgumentsTakeThePlatform() throws {
        let request = try SnapshotRequest.request(arguments: ["--platform", "android", "--amount", "100", "--locale", "en_GB"])
        guard case .android(_, let view) = request.view else {
            Issue.record("not the Android view")
            return
        }
        // android.md 5.1: a Clearpay badge is the pill under the Clearpay foreground.
        #expect(view.logo.layers.map(\.drawable) == ["afterpay_badge_bg", "clearpay_badge_fg"])
        #expect(request.settings.style.fontFamily == "Roboto")
        #expect(try SnapshotRequest.request(arguments: ["--amount", "100"]).view.platform == .ios)
    }
}
