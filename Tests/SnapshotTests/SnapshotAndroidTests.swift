import BreakdownOptions
import BreakdownSnapshotTesting
import Testing

/// Snapshot arguments speak the whole vocabulary: `--platform android` gives the Android view.
@Suite struct SnapshotAndroidTests {
    @Test func snapshotArgumentsTakeThePlatform() throws {
        let request = try SnapshotRequest.request(arguments: ["--platform", "android", "--amount", "100", "--locale", "en_GB"])
        #expect(request.breakdown.platform == .android)
        // android.md 5.1: a Clearpay badge is the pill under the Clearpay foreground.
        #expect(request.breakdown.android?.logo.layers.map(\.drawable) == ["afterpay_badge_bg", "clearpay_badge_fg"])
        #expect(request.settings.style.fontFamily == "Roboto")
        #expect(try SnapshotRequest.request(arguments: ["--amount", "100"]).breakdown.platform == .ios)
    }
}
