import BreakdownContent
import BreakdownEncode
import BreakdownOptions
import BreakdownPaint
import BreakdownPipeline
import BreakdownTestSupport
import Foundation
import Testing

/// Issue 25's acceptance: the badge, the lockup and the Cash App lockup drawn by `render
/// --platform android` against `rsvg-convert` of the converted drawables, layered by hand in
/// android.md 5.1's order and tints (5.6), over the same white page: mean channel difference ≤ 2.
/// The res folder is the project's look-alikes (`LogoAssets/android`), or the folder named by
/// `BREAKDOWN_ANDROID_RES` (the Android SDK's, by hand: it is never in the repository).
@Suite(.serialized) struct AndroidLogoFidelityTests {
    struct Case: Sendable, CustomStringConvertible {
        var arguments: [String]
        /// Drawable names and tints (#RRGGBB, nil: its own colours), bottom to top, from android.md.
        var layers: [(String, String?)]
        var description: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        // BlackOnMint (Default): the pill tinted mint, the mark tinted black.
        Case(
            arguments: ["--locale", "en_AU", "--currency", "AUD", "--logo", "badge"],
            layers: [("afterpay_badge_bg", "#B2FCE4"), ("afterpay_badge_fg", "#000000")]),
        // Clearpay: the 1582-wide pill stretched under the 1620-wide mark (5.2).
        Case(
            arguments: ["--locale", "en_GB", "--currency", "GBP", "--logo", "badge", "--palette", "alt"],
            layers: [("afterpay_badge_bg", "#000000"), ("clearpay_badge_fg", "#B2FCE4")]),
        Case(arguments: ["--locale", "en_AU", "--currency", "AUD", "--logo", "lockup"], layers: [("afterpay_lockup", "#000000")]),
        // CashAppDefault: polychrome_light untinted.
        Case(
            arguments: ["--locale", "en_US", "--currency", "USD", "--logo", "lockup"],
            layers: [("afterpay_cash_app_lockup_polychrome_light", nil)]),
        Case(
            arguments: ["--locale", "en_US", "--currency", "USD", "--logo", "lockup", "--palette", "lightMono"],
            layers: [("afterpay_cash_app_lockup_monochrome", "#000000")]),
    ]

    static var resFolder: String {
        ProcessInfo.processInfo.environment["BREAKDOWN_ANDROID_RES"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../LogoAssets/android").standardized.path
    }

    @Test(arguments: cases) func theLogoMatchesRsvgOfTheConvertedDrawables(_ test: Case) throws {
        let res = Self.resFolder
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("android-fidelity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // BREAKDOWN_FIDELITY_KEEP=1 keeps the pictures (printed) for a look.
        let keep = ProcessInfo.processInfo.environment["BREAKDOWN_FIDELITY_KEEP"] != nil
        defer { if !keep { try? FileManager.default.removeItem(at: work) } }
        // Outside the limits the logo starts the line at x = 0; scale 3 (xxhdpi).
        let arguments =
            ["--platform", "android", "--amount", "5000", "--max", "2000", "--scale", "3", "--background", "#FFFFFF", "--logo-assets", res]
            + test.arguments
        let request = try RenderRequest(ParsedOptions(arguments: arguments, groups: [ContentOptions.group, RenderOptions.drawing]))
        let renderer = try BreakdownRenderer(fontFiles: request.fontFiles, logoAssets: request.logoAssets)
        let image = try renderer.render(request.view, settings: request.settings, format: .png)
        let logo = try #require(image.metadata.logo)
        let box = [logo.x, logo.y, logo.width, logo.height].map { Int(($0 * 3).rounded()) }
        #expect(box[0] == 0)
        let rendered = work.appendingPathComponent("rendered.png").path
        try Data(image.bytes).write(to: URL(fileURLWithPath: rendered))
        var layerFiles: [String] = []
        for (index, (name, tint)) in test.layers.enumerated() {
            let xml = try String(contentsOfFile: ArtworkSource.androidDrawableFolder(URL(fileURLWithPath: res))!.appendingPathComponent(name + ".xml").path, encoding: .utf8)
            let svg = try VectorDrawable.svg(fromXML: xml, tint: tint.map { try RGBAColor(hex: $0) })
            let svgPath = work.appendingPathComponent("\(index).svg").path
            let pngPath = work.appendingPathComponent("\(index).png").path
            try svg.write(toFile: svgPath, atomically: false, encoding: .utf8)
            let result = try BinaryRunner.run(command: "/usr/bin/rsvg-convert", ["-w", "\(box[2])", "-h", "\(box[3])", "-o", pngPath, svgPath])
            #expect(result.status == 0, "\(result.stderr)")
            layerFiles.append(pngPath)
        }
        let script = """
            import sys
            from PIL import Image
            x, y, w, h = map(int, sys.argv[2:6])
            image = Image.open(sys.argv[1]).convert('RGBA')
            # An odd-height span reports c ± h/2 (integer halves), one pixel short of the drawable:
            # its last row falls outside the view, as on a device. Compare what the view shows.
            visible = min(h, image.size[1] - y)
            shot = image.crop((x, y, x + w, y + visible))
            page = Image.new('RGBA', (w, h), (255, 255, 255, 255))
            for layer in sys.argv[6:]:
                page = Image.alpha_composite(page, Image.open(layer).convert('RGBA'))
            page = page.crop((0, 0, w, visible))
            a = shot.convert('RGB').tobytes(); b = page.convert('RGB').tobytes()
            d = [abs(p - q) for p, q in zip(a, b)]
            print('%.4f %d %d' % (sum(d) / len(d), max(d), len(page.getcolors(1 << 20))))
            shot.save(sys.argv[1] + '.crop.png'); page.save(sys.argv[1] + '.reference.png')
            """
        let output = try PythonScript.output(script, [rendered] + box.map(String.init) + layerFiles)
        let fields = output.split(separator: " ").compactMap { Double($0) }
        try #require(fields.count == 3, "\(output)")
        print("android logo fidelity \(test) (\(res))\(keep ? " in \(work.path)" : ""): mean \(fields[0]), largest \(Int(fields[1])), \(box[2]) × \(box[3]) px")
        #expect(fields[0] <= 2, "mean channel difference \(output)")
        // Not an empty picture: the artwork's colours and their antialiased edges.
        #expect(fields[2] > 4, "\(output)")
    }
}
