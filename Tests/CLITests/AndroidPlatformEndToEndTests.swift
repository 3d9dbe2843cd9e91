import Foundation
import Testing

/// `--platform android` on the built binary: describe computes the Android view, render and
/// batch draw it (never the iOS view in its place).
@Suite struct AndroidPlatformEndToEndTests {
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

    @Test func renderAndBatchDrawTheAndroidView() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("android-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("a.png").path
        let render = try InProcessCLI.run("render", "--platform", "android", "--amount", "100", "--locale", "en_AU", "--scale", "2", "-o", image)
        #expect(render.status == 0, "\(render.stderr)")
        let iosImage = folder.appendingPathComponent("i.png").path
        #expect(try InProcessCLI.run("render", "--amount", "100", "--locale", "en_AU", "--scale", "2", "-o", iosImage).status == 0)
        let android = try Data(contentsOf: URL(fileURLWithPath: image))
        let ios = try Data(contentsOf: URL(fileURLWithPath: iosImage))
        #expect(android != ios)
        // The Android badge line is 82 px tall at density 2 (AndroidRenderingTests derives it).
        #expect(android.count > 33 && android[20..<24] == Data([0, 0, 0, 82]))
        // As a manifest key: each record is drawn for its own platform, the same bytes as render.
        let manifest = folder.appendingPathComponent("m.csv")
        try "name,amount,platform,locale,scale\nandroid,100,android,en_AU,2\nios,100,ios,en_AU,2\n".write(to: manifest, atomically: false, encoding: .utf8)
        let output = folder.appendingPathComponent("out")
        let batch = try BinaryRunner.run("batch", manifest.path, "-o", output.path)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(try Data(contentsOf: output.appendingPathComponent("android.png")) == android)
        #expect(try Data(contentsOf: output.appendingPathComponent("ios.png")) == ios)
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

/// `breakdown assets RES` with an Android res folder of our own: each drawable converted, with
/// its size checked against android.md's table, or one line why not.
@Suite struct AndroidAssetsEndToEndTests {
    @Test func aResFolderIsListedDrawableByDrawable() throws {
        let res = FileManager.default.temporaryDirectory.appendingPathComponent("android-res-\(UUID().uuidString)")
        let drawable = res.appendingPathComponent("drawable")
        try FileManager.default.createDirectory(at: drawable, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: res) }
        func write(_ name: String, _ text: String) throws {
            try text.write(to: drawable.appendingPathComponent(name + ".xml"), atomically: false, encoding: .utf8)
        }
        let android = "xmlns:android=\"http://schemas.android.com/apk/res/android\""
        // android.md 5.2: the narrow pill is 100 × 21; the small logo 50 × 50 (here 10 × 10).
        try write("afterpay_badge_narrow_bg", "<vector \(android) android:width=\"100dp\" android:height=\"21dp\" android:viewportWidth=\"100\" android:viewportHeight=\"21\"><path android:fillColor=\"#000\" android:pathData=\"M0,0h100v21h-100z\"/></vector>")
        try write("afterpay_logo_small", "<vector \(android) android:width=\"10dp\" android:height=\"10dp\" android:viewportWidth=\"10\" android:viewportHeight=\"10\"/>")
        try write("icon_circled_question", "<vector \(android) android:width=\"15dp\"")
        let result = try BinaryRunner.run("assets", res.path)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(res.path): the Android SDK's res folder"))
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func line(_ name: String) -> String { lines.first { $0.hasPrefix("  " + name + " ") } ?? "" }
        #expect(line("afterpay_badge_narrow_bg").hasSuffix("afterpay_badge_narrow_bg.xml  (100 × 21 dp, \(try svgBytes()) bytes of SVG)"), "\(result.stdout)")
        #expect(line("afterpay_logo_small").hasSuffix("WRONG SIZE: 10 × 10 dp, the SDK's is 50 × 50 dp"))
        #expect(line("icon_circled_question").hasSuffix("MISSING: malformed VectorDrawable XML: <vector> is not closed"))
        #expect(line("afterpay_lockup").contains("MISSING: "))
        #expect(lines.last == "13 drawables: 1 found, 12 missing")
    }

    /// The project's own look-alikes (`LogoAssets/android`) are a whole res folder: every drawable
    /// converts and has the SDK's size.
    @Test func theProjectsLookAlikesAreAllFound() throws {
        let folder = ReadmeExampleTests.root.appendingPathComponent("LogoAssets/android")
        let result = try BinaryRunner.run("assets", folder.path)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("MISSING") && !result.stdout.contains("WRONG SIZE"), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").last == "13 drawables: 13 found, 0 missing")
    }

    /// The SVG the narrow pill converts to, counted independently of the command: its text as
    /// VectorDrawable.svg writes it.
    func svgBytes() throws -> Int {
        ("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"21\" preserveAspectRatio=\"none\" viewBox=\"0 0 100 21\">"
            + "<path d=\"M0,0h100v21h-100z\" fill=\"#000000\" fill-opacity=\"1\"/></svg>").utf8.count
    }
}

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
        // the Android view from them; an iOS request is refused naming the folder.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../LogoAssets/android").standardized.path
        let server = try ServerProcess(["--allow-unsigned", "--logo-assets", folder])
        let android = try server.get("/v1/breakdown.png?amount=100&platform=android&scale=2")
        #expect(android.status == 200)
        let ios = try server.get("/v1/breakdown.png?amount=100&scale=2")
        #expect(ios.status == 400)
        #expect(String(decoding: ios.body, as: UTF8.self).contains("is the Android SDK's res folder: it draws the Android view only"))
        // A res folder missing a drawable the view can need does not start: one line naming it.
        let partial = try AndroidRenderingTests.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: partial) }
        let result = try BinaryRunner.run("serve", "--allow-unsigned", "--port", "0", "--logo-assets", partial.path)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("afterpay_cash_app_lockup_monochrome") && result.stderr.contains("does not exist"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}
