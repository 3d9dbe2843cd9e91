import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The Android view through every other front end: `serve` (`platform=android`), `verify` (a
/// manifest key). (The snapshot library's arguments: SnapshotAndroidTests.)
@Suite(.serialized) struct AndroidFrontEndsTests {
    @Test func serveDrawsTheAndroidViewForPlatformAndroid() throws {
        let server = try ServerProcess(["--allow-unsigned"])
        let android = try server.get("/v1/breakdown.png?amount=100&locale=en_AU&scale=2&platform=android")
        #expect(android.status == 200)
        // The Android badge line at density 2: 82 px tall (AndroidRenderingTests derives it).
        #expect(try ServeImagesTests.pngSize(android.body).height == 82)
        let ios = try server.get("/v1/breakdown.png?amount=100&locale=en_AU&scale=2")
        #expect(ios.status == 200 && ios.body != android.body)
        #expect(android["etag"] != ios["etag"])
        // An iOS-only option with platform=android is a 400 in the query's spelling.
        let wrong = try server.get("/v1/breakdown.png?amount=100&platform=android&content-size=large")
        #expect(wrong.status == 400)
        #expect(String(decoding: wrong.body, as: UTF8.self).contains("content-size is iOS's Dynamic Type"))
    }

    @Test func verifyRecordsAndChecksAndroidRecords() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("android-verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = root.appendingPathComponent("m.ndjson").path
        try (#"{"name": "a", "amount": "100", "platform": "android", "scale": 2}"# + "\n" + #"{"name": "i", "amount": "100"}"# + "\n")
            .write(toFile: manifest, atomically: false, encoding: .utf8)
        let references = root.appendingPathComponent("refs").path
        let record = try InProcessCLI.run(["verify", manifest, "--reference", references, "--record"])
        #expect(record.status == 0, "\(record.stderr)")
        let recorded = try Data(contentsOf: URL(fileURLWithPath: references + "/a.png"))
        #expect(try ServeImagesTests.pngSize(recorded).height == 82)
        #expect(try InProcessCLI.run(["verify", manifest, "--reference", references]).status == 0)
        // The iOS view of the same record does not pass as the Android reference.
        try (#"{"name": "a", "amount": "100", "scale": 2}"# + "\n").write(toFile: manifest, atomically: false, encoding: .utf8)
        #expect(try InProcessCLI.run(["verify", manifest, "--reference", references]).status != 0)
    }

    @Test func serveChecksAnAndroidResFolderBeforeItListens() throws {
        // The project's look-alikes laid out as a res folder: all 13 convert, and the server draws
        // the Android view from them; an iOS request is the server's fault (500, as a missing
        // image is), naming the view and not the server's folder.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../LogoAssets/android").standardized.path
        let server = try ServerProcess(["--allow-unsigned", "--logo-assets", folder])
        let android = try server.get("/v1/breakdown.png?amount=100&platform=android&scale=2")
        #expect(android.status == 200)
        let ios = try server.get("/v1/breakdown.png?amount=100&scale=2")
        #expect(ios.status == 500)
        let body = String(decoding: ios.body, as: UTF8.self)
        #expect(body.contains("this server's artwork (Android res folder) has none for the iOS view") && !body.contains(folder), "\(body)")
        // A res folder missing a drawable the view can need does not start: one line naming it.
        let partial = try AndroidFixture.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: partial) }
        let result = try BinaryRunner.run("serve", "--allow-unsigned", "--port", "0", "--logo-assets", partial.path)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("afterpay_cash_app_lockup_monochrome") && result.stderr.contains("does not exist"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}
