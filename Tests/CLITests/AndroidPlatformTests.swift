import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// `--platform android` in the test process: describe computes the Android view, render and
/// batch draw it (never the iOS view in its place); on the built binary: AndroidPlatformEndToEndTests.
@Suite struct AndroidPlatformTests {
    @Test func describeComputesTheAndroidView() throws {
        let result = try InProcessCLI.run("describe", "--platform", "android", "--amount", "100", "--locale", "en_US")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let json = try result.json()
        #expect(json["platform"] as? String == "android")
        #expect(json["text"] as? String == "or 4 interest-free payments of $25.00 with")
        #expect(json["contentDescription"] as? String == "or 4 interest-free payments of $25.00 with After pay")
        let logo = try #require(json["logo"] as? [String: Any])
        // The US default is the lockup, so the view is visible.
        #expect(logo["type"] as? String == "lockup")
        #expect(json["visibility"] as? String == "VISIBLE")
        #expect(logo["heightMultiplier"] as? Double == 1.0)
        // The iOS view of the same options is unchanged: the lockup at the badge's 1.8, no platform key.
        let ios = try InProcessCLI.run("describe", "--amount", "100", "--locale", "en_US").json()
        #expect(ios["platform"] == nil)
        #expect((ios["logo"] as? [String: Any])?["heightMultiplier"] as? Double == 1.8)
        #expect(ios["accessibilityLabel"] as? String == "or 4 interest-free payments of $25.00 with cash app after pay")
    }

    @Test func theSandboxExceptionIsOneLine() throws {
        let arguments = ["describe", "--platform", "android", "--locale", "en_US", "--logo", "badge"]
        let production = try InProcessCLI.run(arguments)
        #expect(production.status == 0)
        #expect(try production.json()["visibility"] as? String == "GONE")
        let sandbox = try InProcessCLI.run(arguments + ["--environment", "sandbox"])
        #expect(sandbox.status == 2)
        #expect(sandbox.stdout.isEmpty)
        #expect(sandbox.stderr.hasPrefix("error: Cannot use non-lockup logo types in US locale."))
        #expect(sandbox.stderr.split(separator: "\n").count == 1)
    }

    @Test func optionsOfTheOtherPlatformAreRefused() throws {
        let environment = try InProcessCLI.run("describe", "--environment", "sandbox")
        #expect(environment.status == 2)
        #expect(environment.stderr == "error: --environment is an Android configuration option: give --platform android too\n")
        let dark = try InProcessCLI.run("describe", "--platform", "android", "--dark-palette", "alt")
        #expect(dark.status == 2)
        #expect(dark.stderr.contains("--dark-palette is an iOS option"))
        let unknown = try InProcessCLI.run("describe", "--platform", "windows")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("ios, android"), "\(unknown.stderr)")
    }
}
