import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import BreakdownLayout
import BreakdownPaint
import BreakdownPipeline
import Foundation
import Testing
@testable import RenderTestSupport

/// `--logo-assets` with official-style artwork the test makes: asset catalogs, plain folders,
/// PDF (poppler), SVG (librsvg) and PNG sets, sizes from the files, and clear errors.
@Suite struct OfficialArtworkTests {
    static let red = RGBAColor(red8: 255, green8: 0, blue8: 0)
    static let green = RGBAColor(red8: 0, green8: 255, blue8: 0)
    static let blue = RGBAColor(red8: 0, green8: 0, blue8: 255)
    static let badgeName = "badge-afterpay-mint-on-black"

    static func render(_ renderer: BreakdownRenderer, _ breakdown: PriceBreakdown = Fixtures.breakdown(link: .none), scale: Int = 2)
        throws -> (image: PixelImage, metadata: RenderMetadata)
    {
        let rendered = try renderer.render(breakdown, settings: RenderSettings(scale: try #require(RenderScale(rawValue: Double(scale)))), format: .png)
        return (try PNGDecoder.decode([UInt8](rendered.bytes)), rendered.metadata)
    }

    /// The pixel at the centre of the logo rectangle.
    static func logoCentre(_ image: PixelImage, _ metadata: RenderMetadata) throws -> SIMD4<UInt8> {
        let logo = try #require(metadata.logo)
        return image[Int((logo.x + logo.width / 2) * metadata.scale), Int((logo.y + logo.height / 2) * metadata.scale)]
    }

    static func error(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func aCatalogPDFIsDrawnAsItIsAndSizesTheLogo() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try ArtworkFixtures.catalog(in: folder)
        try ArtworkFixtures.imageset(
            Self.badgeName, in: catalog, group: "images/badge",
            files: [("mark.pdf", nil, try ArtworkFixtures.pdf(width: 200, height: 50, color: Self.red))])
        let renderer = try BreakdownRenderer(logoAssets: catalog)
        #expect(renderer.artworkSource.kind == .assetCatalog)
        let (image, metadata) = try Self.render(renderer)
        let logo = try #require(metadata.logo)
        let fontHeight = try renderer.typesetter.metrics(family: "Inter", size: 17).fontHeight
        // A 200 × 50 page: the badge is 1.8 font heights tall and 4 times as wide.
        #expect(abs(logo.height - fontHeight * 1.8) < 0.0005)  // metadata is rounded to 1/1000 pt
        #expect(abs(logo.width - 4 * logo.height) < 0.0025)  // each side rounded to 1/1000 pt
        // Drawn as it is: red, not the palette's black pill.
        #expect(PaintTests.close(try Self.logoCentre(image, metadata), SIMD4(255, 0, 0, 255)))
        let record = try #require(metadata.logoArtwork)
        #expect(record.image == Self.badgeName)
        #expect(record.file == "images/badge/\(Self.badgeName).imageset/mark.pdf")
        #expect(record.recoloured == false)
    }

    @Test func svgAndPDFOutputKeepPDFArtworkAsVectors() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try ArtworkFixtures.catalog(in: folder)
        try ArtworkFixtures.imageset(
            Self.badgeName, in: catalog, files: [("mark.pdf", nil, try ArtworkFixtures.pdf(width: 200, height: 50, color: Self.red))])
        let renderer = try BreakdownRenderer(logoAssets: catalog)
        let svg = try renderer.render(Fixtures.breakdown(link: .none), settings: RenderSettings(), format: .svg)
        let text = String(decoding: svg.bytes, as: UTF8.self)
        #expect(!text.contains("<image"), "the PDF's page is paths, not a picture")
        #expect(text.contains("rgb(100%, 0%, 0%)") || text.contains("rgb(100%,0%,0%)"))
        let pdf = try renderer.render(Fixtures.breakdown(link: .none), settings: RenderSettings(), format: .pdf)
        #expect(pdf.bytes.prefix(5) == Data("%PDF-".utf8))
        #expect(!String(decoding: pdf.bytes, as: UTF8.self).contains("/Subtype /Image"))
    }

    @Test(arguments: [(1, red), (2, green), (3, blue)])
    func aPNGSetGivesTheScaleNearestTheOutput(scale: Int, color: RGBAColor) throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try ArtworkFixtures.catalog(in: folder)
        try ArtworkFixtures.imageset(
            Self.badgeName, in: catalog,
            files: [
                ("one.png", "1x", try ArtworkFixtures.png(width: 40, height: 10, color: Self.red)),
                ("two.png", "2x", try ArtworkFixtures.png(width: 80, height: 20, color: Self.green)),
                ("three.png", "3x", try ArtworkFixtures.png(width: 120, height: 30, color: Self.blue)),
            ])
        let (image, metadata) = try Self.render(try BreakdownRenderer(logoAssets: catalog), scale: scale)
        #expect(PaintTests.close(try Self.logoCentre(image, metadata), SIMD4(color.red, color.green, color.blue, 255)))
        let logo = try #require(metadata.logo)
        #expect(abs(logo.width - 4 * logo.height) < 0.0025, "PNG pixels: 40 × 10")
        #expect(metadata.logoArtwork?.file.hasSuffix(["one.png", "two.png", "three.png"][scale - 1]) == true)
    }

    @Test func onATieTheLargerPNGWinsAndOtherIdiomsAreIgnored() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Not a catalog by its name: its Contents.json makes it one.
        let catalog = folder.appendingPathComponent("logos")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        let imageset = catalog.appendingPathComponent("\(Self.badgeName).imageset")
        try FileManager.default.createDirectory(at: imageset, withIntermediateDirectories: true)
        try ArtworkFixtures.pdf(width: 100, height: 25, color: Self.green).write(to: imageset.appendingPathComponent("phone.pdf"))
        try ArtworkFixtures.png(width: 40, height: 10, color: Self.red).write(to: imageset.appendingPathComponent("one.png"))
        try ArtworkFixtures.png(width: 120, height: 30, color: Self.blue).write(to: imageset.appendingPathComponent("three.png"))
        try Data(
            """
            {"images": [{"filename": "phone.pdf", "idiom": "iphone"}, {"filename": "one.png", "idiom": "universal", "scale": "1x"},
            {"filename": "three.png", "idiom": "universal", "scale": "3x"}], "info": {"version": 1}}
            """.utf8
        ).write(to: imageset.appendingPathComponent("Contents.json"))
        let renderer = try BreakdownRenderer(logoAssets: catalog)
        #expect(renderer.artworkSource.kind == .assetCatalog)
        let (image, metadata) = try Self.render(renderer, scale: 2)
        #expect(metadata.logoArtwork?.file.hasSuffix("three.png") == true)
        #expect(PaintTests.close(try Self.logoCentre(image, metadata), SIMD4(0, 0, 255, 255)))
    }

    @Test func aVectorFileComesBeforePNGs() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try ArtworkFixtures.catalog(in: folder)
        try ArtworkFixtures.imageset(
            Self.badgeName, in: catalog,
            files: [
                ("two.png", "2x", try ArtworkFixtures.png(width: 80, height: 20, color: Self.green)),
                ("mark.svg", nil, ArtworkFixtures.svg(width: 100, height: 20, color: Self.blue)),
            ])
        let (image, metadata) = try Self.render(try BreakdownRenderer(logoAssets: catalog))
        #expect(metadata.logoArtwork?.file.hasSuffix("mark.svg") == true)
        #expect(PaintTests.close(try Self.logoCentre(image, metadata), SIMD4(0, 0, 255, 255)))
        let logo = try #require(metadata.logo)
        #expect(abs(logo.width - 5 * logo.height) < 0.003, "viewBox 100 × 20")
    }

    @Test func aPlainFolderOfSDKNamedFilesWorks() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ArtworkFixtures.svg(width: 100, height: 20, color: Self.blue).write(to: folder.appendingPathComponent("\(Self.badgeName).svg"))
        try ArtworkFixtures.png(width: 60, height: 20, color: Self.green).write(to: folder.appendingPathComponent("lockup-afterpay-black@2x.png"))
        let renderer = try BreakdownRenderer(logoAssets: folder)
        #expect(renderer.artworkSource.kind == .imageFolder)
        let badge = try Self.render(renderer)
        #expect(PaintTests.close(try Self.logoCentre(badge.image, badge.metadata), SIMD4(0, 0, 255, 255)))
        // alt → the black lockup's file.
        let lockup = try Self.render(renderer, Fixtures.breakdown(kind: .lockup, palette: .alt, link: .none))
        #expect(PaintTests.close(try Self.logoCentre(lockup.image, lockup.metadata), SIMD4(0, 255, 0, 255)))
        #expect(lockup.metadata.logoArtwork?.image == "lockup-afterpay-black")
        let box = try #require(lockup.metadata.logo)
        // PNG pixels 60 × 20: a third as tall as wide (here at the 64 pt minimum width).
        #expect(abs(box.height - box.width / 3) < 0.0005)
        // Another palette's file is missing: one line naming the image and the folder.
        let message = Self.error { _ = try Self.render(renderer, Fixtures.breakdown(palette: .alt, link: .none)) }
        #expect(message.contains("badge-afterpay-black-on-mint") && message.contains(folder.path), "\(message)")
        #expect(!message.contains("\n"))
    }

    /// The library draws outside artwork in its own process (no binary to start a trial in), and
    /// refuses what the binary's trial refuses: a speck on a large page would be a dot where the
    /// logo goes, and a file that draws nothing would be no logo at all.
    @Test func theLibraryRefusesArtworkThatDrawsAlmostNothing() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let speck = """
            <svg xmlns="http://www.w3.org/2000/svg" width="3000" height="1000" viewBox="0 0 3000 1000">\
            <rect x="1490" y="495" width="20" height="10" fill="#ff0000"/></svg>
            """
        try Data(speck.utf8).write(to: folder.appendingPathComponent("\(Self.badgeName).svg"))
        let renderer = try BreakdownRenderer(logoAssets: folder)
        let message = Self.error { _ = try Self.render(renderer) }
        // 20 of 3000 units across is 0.7%; 10 of 1000 down is 1%.
        #expect(message.contains("draws almost nothing inside its viewBox"), "\(message)")
        #expect(message.contains(Self.badgeName) && message.contains(folder.path) && !message.contains("\n"), "\(message)")
        let blank = #"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100"></svg>"#
        try Data(blank.utf8).write(to: folder.appendingPathComponent("\(Self.badgeName).svg"))
        let blankMessage = Self.error { _ = try Self.render(try BreakdownRenderer(logoAssets: folder)) }
        #expect(blankMessage.contains("draws nothing inside its viewBox"), "\(blankMessage)")
        // A logo that fills its page is drawn.
        try ArtworkFixtures.svg(width: 300, height: 100, color: Self.red).write(to: folder.appendingPathComponent("\(Self.badgeName).svg"))
        let drawn = try Self.render(try BreakdownRenderer(logoAssets: folder))
        #expect(PaintTests.close(try Self.logoCentre(drawn.image, drawn.metadata), SIMD4(255, 0, 0, 255)))
    }

    @Test func theProjectsOwnArtworkIsRecolouredAndNamed() throws {
        let (_, metadata) = try Self.render(try Fixtures.renderer())
        #expect(metadata.logoArtwork?.image == "badge-afterpay")
        #expect(metadata.logoArtwork?.recoloured == true)
        #expect(metadata.logoArtwork?.file == "badge-afterpay.svg")
    }

    @Test func eachFileIsParsedOncePerRenderer() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try ArtworkFixtures.catalog(in: folder)
        try ArtworkFixtures.imageset(
            Self.badgeName, in: catalog, files: [("mark.pdf", nil, try ArtworkFixtures.pdf(width: 200, height: 50, color: Self.red))])
        let renderer = try BreakdownRenderer(logoAssets: catalog)
        let first = try renderer.render(Fixtures.breakdown(), settings: RenderSettings(scale: .x2), format: .png)
        // The file goes bad on disk: the renderer that parsed it keeps drawing; a new one fails.
        let file = catalog.appendingPathComponent("images/\(Self.badgeName).imageset/mark.pdf")
        try Data("not a pdf".utf8).write(to: file)
        let second = try renderer.render(Fixtures.breakdown(), settings: RenderSettings(scale: .x2), format: .png)
        #expect(first.bytes == second.bytes)
        let message = Self.error { _ = try Self.render(try BreakdownRenderer(logoAssets: catalog)) }
        #expect(message.contains(file.path) && message.contains(Self.badgeName), "\(message)")
    }

    @Test func brokenCatalogsAreOneLineNamingImageFileAndFolder() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try ArtworkFixtures.catalog(in: folder)
        let renderer = try BreakdownRenderer(logoAssets: catalog)
        // No imageset for the variant.
        var message = Self.error { _ = try Self.render(renderer) }
        #expect(message.contains(Self.badgeName) && message.contains(catalog.path), "\(message)")
        // Contents.json that does not parse.
        let imageset = catalog.appendingPathComponent("images/\(Self.badgeName).imageset")
        try FileManager.default.createDirectory(at: imageset, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: imageset.appendingPathComponent("Contents.json"))
        message = Self.error { _ = try Self.render(try BreakdownRenderer(logoAssets: catalog)) }
        #expect(
            message.contains(Self.badgeName) && message.contains(imageset.appendingPathComponent("Contents.json").path)
                && message.contains("does not parse"), "\(message)")
        // A listed file that is not there.
        try ArtworkFixtures.contents([("gone.pdf", nil)]).write(to: imageset.appendingPathComponent("Contents.json"))
        message = Self.error { _ = try Self.render(try BreakdownRenderer(logoAssets: catalog)) }
        #expect(message.contains("gone.pdf") && message.contains("missing"), "\(message)")
        // A PDF that does not load.
        try ArtworkFixtures.contents([("bad.pdf", nil)]).write(to: imageset.appendingPathComponent("Contents.json"))
        try Data("%PDF-1.5 nothing".utf8).write(to: imageset.appendingPathComponent("bad.pdf"))
        message = Self.error { _ = try Self.render(try BreakdownRenderer(logoAssets: catalog)) }
        #expect(message.contains(imageset.appendingPathComponent("bad.pdf").path) && message.contains(catalog.path), "\(message)")
        // An SVG that does not load.
        try ArtworkFixtures.contents([("bad.svg", nil)]).write(to: imageset.appendingPathComponent("Contents.json"))
        try Data("<svg".utf8).write(to: imageset.appendingPathComponent("bad.svg"))
        message = Self.error { _ = try Self.render(try BreakdownRenderer(logoAssets: catalog)) }
        #expect(message.contains(imageset.appendingPathComponent("bad.svg").path), "\(message)")
        for line in [message] { #expect(!line.contains("\n")) }
    }

    @Test func aFolderThatIsNoneOfTheFormsIsRefused() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("hello".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        var message = Self.error { _ = try BreakdownRenderer(logoAssets: folder) }
        #expect(message.contains(folder.path) && message.contains(".xcassets"), "\(message)")
        message = Self.error { _ = try BreakdownRenderer(logoAssets: folder.appendingPathComponent("nowhere")) }
        #expect(message.contains("does not exist"), "\(message)")
    }

    @Test func aProjectStyleFolderWithoutTheBadgeNamesItsFile() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: ProjectResources.logoAssetsDirectory.appendingPathComponent("lockup-afterpay.svg"),
            to: folder.appendingPathComponent("lockup-afterpay.svg"))
        let renderer = try BreakdownRenderer(logoAssets: folder)
        #expect(renderer.artworkSource.kind == .projectArtwork)
        let message = Self.error { _ = try Self.render(renderer) }
        #expect(message.contains("badge-afterpay.svg") && message.contains(folder.path), "\(message)")
    }
}
