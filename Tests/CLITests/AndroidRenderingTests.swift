import BreakdownContent
import BreakdownEncode
@testable import BreakdownGallery
@testable import CLITestSupport
import BreakdownLayout
import BreakdownOptions
import BreakdownPipeline
import BreakdownTestSupport
import Foundation
import Testing

/// The Android view drawn (`--platform android`): sizes and positions from android.md's rules
/// (sections 4, 5.3–5.5, 8) with Roboto's own numbers, and the layers painted from a res folder
/// of our own VectorDrawables, compared pixel by pixel with `rsvg-convert` of SVG written by hand
/// (the tests that run rsvg-convert or Python are AndroidRenderingEndToEndTests, in EndToEndTests).
///
/// Roboto-Regular.ttf (Debian fonts-roboto), read with Python's struct module: 2048 units per em,
/// hhea ascender 1900 and descender −500, head yMax 2163 and yMin −555. Symbola (the fallback of ⓘ):
/// hhea 1896 / −700. At 14 dp and density 2 (28 px): ascent round(−25.98) = −26, descent
/// round(6.84) = 7, font height 32.8125 px, top floor(−29.57) = −30, bottom ceil(7.59) = 8;
/// Symbola's descent round(9.57) = 10.
@Suite(.serialized) struct AndroidRenderingTests {
    @Test func aBadgeLineIsAsTallAsTheBadgeAndCentredOnTheMidpoint() throws {
        let image = try AndroidView.render(["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000", "--scale", "2"])
        let metadata = image.metadata
        // Badge: height int(32.8125 × 2.5) = 82 px, width int(82.03 × 1582 / 551) = 235 px.
        let logo = try #require(metadata.logo)
        #expect(logo.height * 2 == 82 && logo.width * 2 == 235, "\(logo)")
        // Centre line c = (−26 + 7) / 2 = −9 (toward zero); the badge spans c − 41 … c + 41: −50 … 32,
        // so the line (and the image: one line, no spacing below the last) is 82 px, baseline at 50.
        #expect(metadata.pixelSize.height == 82)
        #expect(metadata.baselines.map { $0 * 2 } == [50])
        #expect(logo.y == 0)
    }

    @Test func wrappedLinesGetAndroidsLineSpacingAndFallbackLineHeight() throws {
        let base = ["--amount", "5000", "--locale", "en_AU", "--currency", "AUD", "--min", "10", "--max", "2000", "--width", "300", "--scale", "2"]
        let withInfo = try AndroidView.render(base).metadata
        // Line 1 (the badge's): 82 px plus round(0.2 × 82) = 16 px of spacing; line 2 starts at 98 px
        // and its baseline is 26 px lower (its ascent; font padding only tops the first line).
        #expect(withInfo.baselines.map { $0 * 2 } == [50, 124], "\(withInfo.baselines)")
        // Line 2 is the last: it ends at the larger of the font's bottom (8) and ⓘ's fallback
        // font's descent (10): 124 + 10.
        #expect(withInfo.pixelSize.height == 134)
        let noLink = try AndroidView.render(base + ["--link-style", "none"]).metadata
        // Without ⓘ: the font's bottom, 8 px (font padding below the last line).
        #expect(noLink.baselines.map { $0 * 2 } == [50, 124])
        #expect(noLink.pixelSize.height == 132)
        #expect(noLink.link == nil && withInfo.link != nil)
    }

    @Test func aLockupLineGetsTheFontPaddingAboveAndBelow() throws {
        let base = ["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000", "--scale", "2", "--logo", "lockup"]
        // The lockup: int(32.8125 × 1.0) = 32 px, spanning c ± 16 = −25 … 7, inside the font box.
        // The only line is the first and the last: it runs from the top (−30) to the bottom (8).
        let none = try AndroidView.render(base + ["--link-style", "none"]).metadata
        #expect(try #require(none.logo).height * 2 == 32)
        #expect(none.pixelSize.height == 38 && none.baselines.map { $0 * 2 } == [30], "\(none)")
        // The lockup's top is c − 16 = −25 below the baseline at 30: 5 px from the top.
        #expect(try #require(none.logo).y * 2 == 5)
        // With ⓘ the line reaches Symbola's descent (10) instead of the bottom (8).
        let info = try AndroidView.render(base).metadata
        #expect(info.pixelSize.height == 40 && info.baselines.map { $0 * 2 } == [30], "\(info)")
    }

    @Test func theGalleryHasAndroidTilesAndGivesEachPlatformItsOwnOptions() throws {
        let all = GalleryCatalog.variants(drawing: [("content-size", "large"), ("font-scale", "1.3")])
        let android = all.filter { $0.platform == .android }
        let ios = all.filter { $0.platform == .ios }
        #expect(android.count > 40 && ios.count > 100)
        #expect(android.allSatisfy { variant in !variant.options.contains { $0.key == "content-size" } })
        #expect(ios.allSatisfy { variant in !variant.options.contains { $0.key == "font-scale" } })
        #expect(ios.contains { variant in variant.options.contains { $0.key == "content-size" } })
        #expect(android.contains { variant in variant.options.contains { $0.key == "font-scale" && $0.value == "1.3" } })
        #expect(GalleryCatalog.variants(drawing: [], platforms: [.ios]).allSatisfy { $0.platform == .ios })
        #expect(GalleryCatalog.variants(drawing: [], platforms: [.android]).allSatisfy { $0.platform == .android })
        // Every Android tile is a request the Android view accepts.
        for variant in android {
            let record = Dictionary(uniqueKeysWithValues: variant.options.map { ($0.key, $0.value) })
            let request = try RenderRequest(ParsedOptions(record: record, groups: AndroidView.groups))
            #expect(request.view.platform == .android, "\(variant.name)")
        }
    }

    @Test func fontScaleIsAndroid14sNonLinearScale() throws {
        // 14 sp at font scale 2.0 is 26 dp (not 28): 52 px at density 2, font height 60.94 px,
        // badge int(152.34) = 152 px.
        let image = try AndroidView.render(["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000", "--scale", "2", "--font-scale", "2"])
        #expect(try #require(image.metadata.logo).height * 2 == 152)
        let linear = try AndroidView.render(["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000", "--scale", "2", "--font-size", "28"])
        // 28 dp: font height 65.625 px, badge int(164.06) = 164 px.
        #expect(try #require(linear.metadata.logo).height * 2 == 164)
    }

    /// `--metadata` names what drew the Android logo, as it names the iOS logo's file: each
    /// VectorDrawable in drawing order (the badge's background, then its mark: android.md 5.5),
    /// its file relative to the res folder given, for any folder; the iOS view lists none.
    @Test func theMetadataNamesTheDrawablesThatDrewTheLogo() throws {
        let res = try AndroidFixture.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: res) }
        let amount = ["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000"]
        let given = try AndroidView.render(amount + ["--logo-assets", res.path]).metadata.drawables
        #expect(given == [.init(name: "afterpay_badge_bg", file: "drawable/afterpay_badge_bg.xml"), .init(name: "afterpay_badge_fg", file: "drawable/afterpay_badge_fg.xml")])
        for record in given ?? [] {
            #expect(FileManager.default.fileExists(atPath: res.appendingPathComponent(record.file).path), "\(record.file)")
        }
        // The same folder named through `..` and `.`: the files are still named inside it.
        let roundabout = res.path + "/drawable/../."
        #expect(try AndroidView.render(amount + ["--logo-assets", roundabout]).metadata.drawables == given)
        // The project's look-alikes, named inside LogoAssets (not where the project lives).
        let own = try AndroidView.render(amount).metadata.drawables
        #expect(own?.map(\.file) == ["android/drawable/afterpay_badge_bg.xml", "android/drawable/afterpay_badge_fg.xml"])
        let ios = try RenderRequest(ParsedOptions(arguments: amount, groups: AndroidView.groups))
        #expect(try BreakdownRenderer().render(ios.view, settings: ios.settings, format: .png).metadata.drawables == nil)
    }

    @Test func resFoldersAndAndroidOptionsAreRefusedWhereTheyDoNotApply() throws {
        let res = try AndroidFixture.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: res) }
        let groups = AndroidView.groups
        func problem(_ arguments: [String]) -> String? {
            do {
                let request = try RenderRequest(ParsedOptions(arguments: arguments, groups: groups))
                let renderer = try BreakdownRenderer(fontFiles: request.fontFiles, logoAssets: request.logoAssets)
                _ = try renderer.render(request.view, settings: request.settings, format: .png)
                return nil
            } catch {
                return "\(error)"
            }
        }
        let amount = ["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000"]
        #expect(problem(amount + ["--logo-assets", res.path])?.contains("Android SDK's res folder: it draws the Android view only") == true)
        #expect(problem(amount + ["--font-scale", "1.5"])?.contains("--font-scale is Android's font size setting") == true)
        #expect(problem(["--platform", "android"] + amount + ["--content-size", "large"])?.contains("--content-size is iOS's Dynamic Type") == true)
        #expect(problem(["--platform", "android"] + amount + ["--tracking", "sf"])?.contains("--tracking is iOS's letter spacing") == true)
        #expect(problem(["--platform", "android"] + amount + ["--font-scale", "3"]) != nil)
        // A folder of the iOS SDK's image files has no Android drawables.
        let images = res.appendingPathComponent("ios-images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"4\"/>".write(
            to: images.appendingPathComponent("badge-afterpay-black-on-mint.svg"), atomically: false, encoding: .utf8)
        #expect(problem(["--platform", "android"] + amount + ["--logo-assets", images.path])?.contains("is iOS artwork (folder of image files)") == true)
        // The project's own folder holds both: the iOS look-alikes and LogoAssets/android.
        #expect(problem(["--platform", "android"] + amount + ["--logo-assets", "LogoAssets"]) == nil)
        // The res folder draws the Android view (a badge needs only its two layers).
        #expect(problem(["--platform", "android"] + amount + ["--logo-assets", res.path]) == nil)
    }

    @Test func iosOutputIgnoresTheAndroidFields() throws {
        // The same request without --platform is the iOS view: its own logo rule (1.8 × the font
        // height, at least 64 pt), not the Android badge.
        let request = try RenderRequest(
            ParsedOptions(arguments: ["--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000"], groups: AndroidView.groups))
        #expect(request.view.platform == .ios)
        let android = try RenderRequest(
            ParsedOptions(arguments: ["--platform", "android", "--amount", "100", "--locale", "en_AU", "--currency", "AUD", "--max", "2000"], groups: AndroidView.groups))
        #expect(android.view.platform == .android)
        #expect(android.breakdown.accessibilityLabel == "or 4 interest-free payments of $25.00 with After pay")
        #expect(android.settings.style.fontFamily == "Roboto" && android.settings.style.fontSize == 14)
    }
}
