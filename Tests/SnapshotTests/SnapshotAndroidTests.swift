import BreakdownContent
import BreakdownOptions
import BreakdownPipeline
import BreakdownSnapshotTesting
import Foundation
import Testing
@testable import SnapshotTestSupport

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

    /// The typed overload takes the Android view as it takes the iOS inputs: recorded, its
    /// reference is the PNG the command line's words draw (an independent path: options → request
    /// → renderer cache), and checking it again passes; a changed amount fails.
    @Test func aTypedAndroidViewIsSnapshottedAsItsWordsAre() throws {
        let sandbox = try SnapshotSandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let configuration = try AndroidConfiguration(minimumAmount: "1.00", maximumAmount: "2000.00", currencyCode: "GBP", locale: "en_GB")
        let view = try BreakdownView(android: AndroidInputs(configuration: configuration, deviceLocale: "en_GB", amount: 100))
        let words = ["--platform", "android", "--amount", "100", "--locale", "en_GB", "--scale", "1.5"]
        let words_ = try SnapshotRequest.request(arguments: words)
        let settings = RenderSettings(style: words_.settings.style, scale: .x1_5)
        func check(_ view: BreakdownView, record: RecordMode) -> String? {
            verifyBreakdownSnapshot(
                of: view, settings: settings, named: "android", record: record, environment: sandbox.environment, filePath: sandbox.filePath,
                testName: "typed", line: 1, column: 1)
        }
        #expect(check(view, record: .all) != nil, "recording reports that it recorded")
        let reference = try Data(contentsOf: URL(fileURLWithPath: try sandbox.paths("android").reference))
        let fromWords = try RenderersByResources().render(words_, format: .png).bytes
        #expect(reference == fromWords, "the typed Android view's reference is not what its words draw")
        #expect(check(view, record: .never) == nil)
        let other = try BreakdownView(android: AndroidInputs(configuration: configuration, deviceLocale: "en_GB", amount: 120))
        #expect(check(other, record: .never) != nil)
        // Hidden, asked of the view: without a configuration the Android view is GONE.
        #expect(verifyBreakdownHidden(of: try BreakdownView(android: AndroidInputs(configuration: nil, deviceLocale: "en_GB", amount: 100))) == nil)
        #expect(verifyBreakdownHidden(of: view) != nil)
        #expect(verifyBreakdownHidden(of: ["--platform", "android", "--amount", "100"]) != nil, "a shown Android view is not hidden")
    }
}
