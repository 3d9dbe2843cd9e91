import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import Foundation
import Testing
import BreakdownTestSupport
@testable import RenderTestSupport

/// SVG, PDF, determinism and bad input.
@Suite struct OutputTests {
    static func temporaryFile(_ name: String, _ data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-\(UUID().uuidString)-\(name)").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func sameInputSameBytes() throws {
        for format in OutputFormat.allCases {
            let first = try Fixtures.renderer().render(Fixtures.breakdown(), settings: RenderSettings(scale: .x2), format: format)
            // A renderer that drew other things first still gives the same bytes.
            let busy = try Fixtures.renderer()
            for link in [LinkContent.circledQuestionIcon, .text("Learn More"), .circledLogo(.afterpay)] {
                _ = try busy.render(Fixtures.breakdown(link: link), settings: RenderSettings(scale: .x2), format: format)
            }
            let second = try busy.render(Fixtures.breakdown(), settings: RenderSettings(scale: .x2), format: format)
            #expect(first.bytes == second.bytes, "\(format) differs between runs")
        }
    }

    @Test func hiddenBreakdownDrawsNothing() throws {
        var breakdown = Fixtures.breakdown()
        breakdown.isHidden = true
        breakdown.hiddenReason = "no configuration is set"
        #expect(throws: BreakdownError.hidden(reason: "no configuration is set")) {
            try Fixtures.renderer().render(breakdown, settings: RenderSettings(), format: .png)
        }
    }

    @Test func unknownFontIsAnErrorNamingIt() throws {
        let error = try #require(throws: BreakdownError.self) {
            try Fixtures.renderer().render(Fixtures.breakdown(), settings: RenderSettings(style: LayoutStyle(fontFamily: "Comic Sans MS")), format: .png)
        }
        #expect(error.description.contains("\"Comic Sans MS\" is not available"))
        #expect(error.description.contains("Inter"))
    }

    @Test func unreadableFontFileIsAnError() throws {
        #expect(throws: BreakdownError.self) { try BreakdownRenderer(fontFiles: ["/nonexistent/font.ttf"]) }
        let notAFont = try Self.temporaryFile("font.ttf", Data("not a font".utf8))
        defer { try? FileManager.default.removeItem(atPath: notAFont) }
        #expect(throws: BreakdownError.self) { try BreakdownRenderer(fontFiles: [notAFont]) }
    }

    @Test func addedFontFileBecomesAvailable() throws {
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        try #require(FileManager.default.fileExists(atPath: dejaVu))
        #expect(try Fixtures.renderer().fonts.family(named: "DejaVu Sans") == nil, "the private font set does not see system fonts")
        let renderer = try BreakdownRenderer(fontFiles: [dejaVu])
        let layout = try renderer.layout(Fixtures.breakdown(), style: LayoutStyle(fontFamily: "DejaVu Sans"))
        let inter = try Fixtures.renderer().layout(Fixtures.breakdown(), style: LayoutStyle())
        #expect(layout.metrics != inter.metrics)
    }

    @Test func badMarkupIsAnError() throws {
        let error = try #require(throws: BreakdownError.self) {
            try Fixtures.renderer().render(Fixtures.breakdown(link: .markup("<b>unclosed")), settings: RenderSettings(), format: .png)
        }
        #expect(error.description.contains("not valid Pango markup"))
    }

    @Test func aMissingArtworkFolderIsAnErrorNamingIt() throws {
        let error = try #require(throws: BreakdownError.self) {
            _ = try BreakdownRenderer(logoAssets: URL(fileURLWithPath: "/nonexistent-assets"))
        }
        #expect(error.description.contains("/nonexistent-assets"))
    }
}
