import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// The test of the Android view that runs the built binary; the rest are AndroidPlatformTests, in CLITests.
@Suite struct AndroidPlatformEndToEndTests {
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
}
