@testable import BreakdownBench
@testable import BreakdownGallery
@testable import BreakdownOptions
@testable import BreakdownPipeline
import BreakdownContent
import BreakdownEncode
import BreakdownLayout
import Foundation
import Testing
import BreakdownTestSupport

/// A renderer keeps the layouts it made (LayoutCache) and paints a repeated sentence from the
/// kept one: the same bytes as laying out every time, over the gallery and the benchmark's batch
/// workload; the cache stays within its bound.
@Suite struct LayoutCacheTests {
    @Test func theGalleryIsTheSameBytesLaidOutOnceOrEveryTime() throws {
        let cached = try BreakdownRenderer()
        let fresh = try BreakdownRenderer()
        fresh.cachesLayouts = false
        let groups = [ContentOptions.group, RenderOptions.drawing]
        var compared = 0
        let variants = GalleryCatalog.variants
        // Twice through: the second pass answers every layout from the cache (and a tile's
        // neighbours were painted from it in between).
        for pass in 0..<2 {
            for (index, variant) in variants.enumerated() {
                var record: [String: String] = [:]
                for (key, value) in variant.options { record[key] = value }
                let request = try RenderRequest(ParsedOptions(record: record, groups: groups))
                guard !request.breakdown.isHidden else { continue }
                let formats: [OutputFormat] = index % 7 == 0 ? [.png, .svg, .pdf] : [.png]
                for format in formats {
                    let once = try cached.render(request.view, settings: request.settings, format: format)
                    let every = try fresh.render(request.view, settings: request.settings, format: format)
                    #expect(once.bytes == every.bytes, "pass \(pass), \(variant.name).\(format.rawValue): other bytes from a kept layout")
                    #expect(once.metadata == every.metadata)
                    compared += 1
                }
            }
        }
        #expect(compared > 400, "\(compared) images compared")
        let counts = cached.layoutCacheCounts
        #expect(counts.hits >= compared / 2, "\(counts)")
        #expect(fresh.layoutCacheCounts.kept == 0 && fresh.layoutCacheCounts.hits == 0)
    }

    /// A layout depends on the scale it is made for when the artwork's files differ by scale
    /// (an asset catalog's 1x and 2x PNGs of other proportions: the logo is sized by the file that
    /// draws it). Made here: a catalog whose 2x file is wider for its height than the 1x one. The
    /// kept layout for one scale must never answer for another.
    @Test func aLayoutIsKeptPerScale() throws {
        let folder = try BatchTestSupport.temporaryFolder("scaled-art")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("Assets.xcassets")
        let encoder = try PNGEncoder()
        func png(width: Int, height: Int) throws -> Data {
            Data(try encoder.encode(PixelImage(width: width, height: height, rgba: [UInt8](repeating: 0xFF, count: width * height * 4))))
        }
        let small = try png(width: 60, height: 20), large = try png(width: 200, height: 40)
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data("{\"info\": {\"version\": 1, \"author\": \"xcode\"}}".utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        for name in LogoChoice.allImageNames {
            let imageset = catalog.appendingPathComponent("\(name).imageset")
            try FileManager.default.createDirectory(at: imageset, withIntermediateDirectories: true)
            try small.write(to: imageset.appendingPathComponent("a.png"))
            try large.write(to: imageset.appendingPathComponent("a@2x.png"))
            let contents = #"{"images": [{"filename": "a.png", "idiom": "universal", "scale": "1x"}, {"filename": "a@2x.png", "idiom": "universal", "scale": "2x"}], "info": {"version": 1, "author": "xcode"}}"#
            try Data(contents.utf8).write(to: imageset.appendingPathComponent("Contents.json"))
        }
        let cached = try BreakdownRenderer(logoAssets: catalog.path)
        let fresh = try BreakdownRenderer(logoAssets: catalog.path)
        fresh.cachesLayouts = false
        let style = LayoutStyle(fontFamily: "Inter", fontSize: 16)
        let configuration = try Configuration(minimumAmount: "1.00", maximumAmount: "1000.00", locale: "en_AU")
        let breakdown = PriceBreakdown(configuration: configuration, deviceLocale: "en_AU", amount: Amount(Decimal(100)))
        let one = try fresh.layout(breakdown, style: style, scale: .x1).dump
        let two = try fresh.layout(breakdown, style: style, scale: .x2).dump
        try #require(one != two, "the fixture must make the layout depend on the scale")
        for _ in 0..<2 {
            #expect(try cached.layout(breakdown, style: style, scale: .x1).dump == one)
            #expect(try cached.layout(breakdown, style: style, scale: .x2).dump == two)
        }
        #expect(cached.layoutCacheCounts.misses == 2 && cached.layoutCacheCounts.hits == 2, "\(cached.layoutCacheCounts)")
    }

    /// The benchmark's catalogue, its first 1,000 records: its 500 distinct prices twice over
    /// (its 2,000 are the same prices four times), each laid out once.
    @Test func aCatalogueOfRepeatedPricesIsTheSameBytesAndLaidOutOnceAPrice() throws {
        let workload = try BenchWorkload(count: 1000)
        let cached = try BreakdownRenderer()
        let fresh = try BreakdownRenderer()
        fresh.cachesLayouts = false
        let settings = BenchWorkload.settings
        var differing: [Int] = []
        for index in 0..<workload.count {
            let breakdown = workload.breakdown(index)
            let once = try cached.render(breakdown, settings: settings, format: .png).bytes
            let every = try fresh.render(breakdown, settings: settings, format: .png).bytes
            if once != every { differing.append(index) }
        }
        #expect(differing.isEmpty, "records \(differing.prefix(10)) differ")
        let distinct = Set((0..<workload.count).map { BenchWorkload.paymentCents($0) }).count
        #expect(distinct == 500, "every price of the catalogue, each repeated")
        #expect(cached.layoutCacheCounts.misses == distinct && cached.layoutCacheCounts.hits == workload.count - distinct, "\(cached.layoutCacheCounts)")
    }

    /// More sentences than it holds: the oldest go, the count stays at the bound, and what is
    /// answered is still the same bytes.
    @Test func theCacheKeepsAtMostItsCapacity() throws {
        let cached = try BreakdownRenderer()
        let fresh = try BreakdownRenderer()
        fresh.cachesLayouts = false
        let style = LayoutStyle(fontFamily: "Inter", fontSize: 12)
        let settings = RenderSettings(style: style, scale: .x1)
        let configuration = try Configuration(minimumAmount: "1.00", maximumAmount: "100000.00", locale: "en_AU")
        let capacity = BreakdownRenderer.layoutCacheCapacity
        for cents in stride(from: 100, to: 100 + (capacity + 200) * 4, by: 4) {
            let breakdown = PriceBreakdown(configuration: configuration, deviceLocale: "en_AU", amount: Amount(Decimal(cents) / 100))
            _ = try cached.layout(breakdown, style: style)
        }
        #expect(cached.layoutCacheCounts.kept == capacity && cached.layoutCacheCounts.hits == 0)
        // The oldest (1.00) was dropped: laid out again; a recent one is kept.
        let oldest = PriceBreakdown(configuration: configuration, deviceLocale: "en_AU", amount: Amount(Decimal(100) / 100))
        _ = try cached.layout(oldest, style: style)
        #expect(cached.layoutCacheCounts.hits == 0)
        let recent = PriceBreakdown(configuration: configuration, deviceLocale: "en_AU", amount: Amount(Decimal(100 + (capacity + 199) * 4) / 100))
        #expect(try cached.render(recent, settings: settings, format: .png).bytes == (try fresh.render(recent, settings: settings, format: .png).bytes))
        #expect(cached.layoutCacheCounts.hits == 1)
    }
}
