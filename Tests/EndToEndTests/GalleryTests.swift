@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
import BreakdownEncode
import BreakdownContent
@testable import BreakdownVerify
@testable import BreakdownGallery
@testable import BreakdownBench
import Foundation
import Testing
import BreakdownTestSupport

/// `breakdown gallery`: the images, and an index that lists every one of them.
@Suite struct GalleryTests {
    @Test(.timeLimit(.minutes(15))) func indexListsEveryImageItWrote() throws {
        let folder = try BatchTestSupport.temporaryFolder("gallery")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BinaryRunner.run("gallery", "-o", folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("gallery: rendered "))
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let pngs = try BatchTestSupport.files(folder, ext: "png")
        // Every brand × logo × palette × appearance, in range and outside: 4 × 3 × 4 × 2 × 2.
        #expect(pngs.filter { $0.hasPrefix("brand-") }.count == 192)
        #expect(pngs.count > 230)
        var referenced: Set<String> = []
        for part in html.components(separatedBy: "<img src=\"").dropFirst() {
            referenced.insert(String(part.prefix { $0 != "\"" }))
        }
        #expect(referenced == Set(pngs))
        for png in pngs { #expect(BatchTestSupport.isWholePNG(folder.appendingPathComponent(png))) }
        // Everything in the folder is an image, the index, or the hidden resume markers.
        let all = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(all) == Set(pngs + ["index.html", ".breakdown-batch"]))
        // Labelled, grouped, dark tiles on a dark ground, hidden ones as placeholders with the reason.
        for heading in ["Afterpay (en_AU)", "Clearpay (en_GB)", "Cash App Afterpay (en_US)", "fr_CA merchant", "Intro text",
            "Info link styles", "Optional words off", "Dynamic Type sizes", "Wrapped to a narrow width", "Custom font size"]
        {
            #expect(html.contains(heading), "\(heading)")
        }
        #expect(html.contains("<figure class=\"tile dark\" id=\"brand-en_AU-in-badge-default-dark\">"))
        #expect(html.contains("hidden: no configuration is set"))
        #expect(html.contains("breakdown render --locale en_GB --amount 100 --logo lockup --palette alt"))
        // Images at their size in points: a 2x PNG of W pixels is shown W/2 wide.
        #expect(html.contains("src=\"intro-or.png\" width=\""))

        // A second run skips everything and writes the same index.
        let again = try BinaryRunner.run("gallery", "-o", folder.path)
        #expect(again.stdout.contains("rendered 0, skipped \(pngs.count)"))
        #expect(try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8) == html)
    }
}
