import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import Foundation
import Testing
@testable import RenderTestSupport

/// The metadata's contrast figures for the logo are its palette's colours. The project's artwork
/// is drawn in them; a file drawn as it is (`--logo-assets`) draws its own, which are not
/// measured: the record says so (`logoNote`) rather than pass the palette's figure off as the file's.
@Suite struct ContrastNoteTests {
    @Test func outsideArtworkSaysItsLogoFiguresAreThePalettes() throws {
        let folder = try ArtworkFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A red badge, not the palette's mint on black.
        try ArtworkFixtures.svg(width: 100, height: 35, color: RGBAColor(red8: 255, green8: 0, blue8: 0))
            .write(to: folder.appendingPathComponent("badge-afterpay-mint-on-black.svg"))
        let outside = try BreakdownRenderer(logoAssets: folder).render(Fixtures.breakdown(link: .none), settings: RenderSettings(), format: .png)
        #expect(outside.metadata.logoArtwork?.recoloured == false)
        let note = try #require(outside.metadata.contrast.logoNote)
        #expect(note.contains("palette") && note.contains("not measured"), "\(note)")
        #expect(String(decoding: try outside.metadata.json(), as: UTF8.self).contains("\"logoNote\" : \"\(note)\""))

        let own = try Fixtures.renderer().render(Fixtures.breakdown(link: .none), settings: RenderSettings(), format: .png)
        #expect(own.metadata.logoArtwork?.recoloured == true)
        #expect(own.metadata.contrast.logoNote == nil, "the project's artwork is drawn in the palette's colours")
        #expect(!String(decoding: try own.metadata.json(), as: UTF8.self).contains("logoNote"))
    }
}
