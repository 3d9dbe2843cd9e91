import BreakdownTestSupport
import Foundation
import Testing

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
        let folder = ProjectFolder.root.appendingPathComponent("LogoAssets/android")
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
