import Foundation
import Testing

/// `--platform android` on the built binary: describe computes the Android view, and every
/// command that would draw it refuses with one line rather than drawing the iOS view.
@Suite struct AndroidPlatformEndToEndTests {
    @Test func describeComputesTheAndroidView() throws {
        let result = try BinaryRunner.run("describe", "--platform", "android", "--amount", "100", "--locale", "en_US")
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
        let ios = try BinaryRunner.run("describe", "--amount", "100", "--locale", "en_US").json()
        #expect(ios["platform"] == nil)
        #expect((ios["logo"] as? [String: Any])?["heightMultiplier"] as? Double == 1.8)
        #expect(ios["accessibilityLabel"] as? String == "or 4 interest-free payments of $25.00 with cash app after pay")
    }

    @Test func theSandboxExceptionIsOneLine() throws {
        let arguments = ["describe", "--platform", "android", "--locale", "en_US", "--logo", "badge"]
        let production = try BinaryRunner.run(arguments)
        #expect(production.status == 0)
        #expect(try production.json()["visibility"] as? String == "GONE")
        let sandbox = try BinaryRunner.run(arguments + ["--environment", "sandbox"])
        #expect(sandbox.status == 2)
        #expect(sandbox.stdout.isEmpty)
        #expect(sandbox.stderr.hasPrefix("error: Cannot use non-lockup logo types in US locale."))
        #expect(sandbox.stderr.split(separator: "\n").count == 1)
    }

    @Test func drawingTheAndroidViewIsRefusedNotDrawnAsIOS() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("android-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("a.png").path
        let render = try BinaryRunner.run("render", "--platform", "android", "--amount", "100", "-o", image)
        #expect(render.status == 2)
        #expect(render.stderr == "error: --platform android: only describe computes the Android view so far; drawing it is not built yet (accepted here: ios)\n")
        #expect(!FileManager.default.fileExists(atPath: image))
        // As a manifest key: that record fails, the iOS one is drawn.
        let manifest = folder.appendingPathComponent("m.csv")
        try "name,amount,platform\nandroid,100,android\nios,100,ios\n".write(to: manifest, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out")
        let batch = try BinaryRunner.run("batch", manifest.path, "-o", output.path)
        #expect(batch.status == 1)
        #expect(batch.stderr.contains("platform android: only describe computes the Android view so far"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("ios.png").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("android.png").path))
    }

    @Test func optionsOfTheOtherPlatformAreRefused() throws {
        let environment = try BinaryRunner.run("describe", "--environment", "sandbox")
        #expect(environment.status == 2)
        #expect(environment.stderr == "error: --environment is an Android configuration option: give --platform android too\n")
        let dark = try BinaryRunner.run("describe", "--platform", "android", "--dark-palette", "alt")
        #expect(dark.status == 2)
        #expect(dark.stderr.contains("--dark-palette is an iOS option"))
        let unknown = try BinaryRunner.run("describe", "--platform", "windows")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("ios, android"), "\(unknown.stderr)")
    }
}
