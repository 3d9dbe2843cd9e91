import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownLayout
import Foundation
import Testing
import BreakdownTestSupport
@testable import RenderTestSupport

/// The tests of OutputTests that start a process; the rest are OutputTests, in RenderTests.
@Suite struct OutputEndToEndTests {
    static func temporaryFile(_ name: String, _ data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-\(UUID().uuidString)-\(name)").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func svgIsSelfContainedWithTitleAndLink() throws {
        let rendered = try Fixtures.renderer().render(Fixtures.breakdown(), settings: RenderSettings(), format: .svg)
        let svg = String(decoding: rendered.bytes, as: UTF8.self)
        // The web reads the written brand; VoiceOver's spelling ("after pay") stays in the accessibility label.
        #expect(svg.contains("<title>or 4 interest-free payments of $25.00 with Afterpay</title>"))
        #expect(svg.contains("aria-label=\"or 4 interest-free payments of $25.00 with Afterpay\""))
        #expect(!svg.contains("after pay"))
        #expect(svg.contains("<a href=\"https://static.afterpay.com/modal/en_AU.html\""))
        #expect(!svg.contains("<text"), "glyphs are outlines")
        #expect(!svg.contains("font-family"))
        let path = try Self.temporaryFile("a.svg", rendered.bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let converted = try ExternalTool.run("rsvg-convert", [path, "-o", path + ".png"])
        defer { try? FileManager.default.removeItem(atPath: path + ".png") }
        #expect(converted.status == 0, "rsvg-convert: \(converted.output)")
    }

    @Test func pdfHasTheLinkAnnotation() throws {
        let rendered = try Fixtures.renderer().render(Fixtures.breakdown(), settings: RenderSettings(), format: .pdf)
        let pdf = String(decoding: rendered.bytes, as: UTF8.self)
        #expect(pdf.hasPrefix("%PDF-"))
        #expect(pdf.contains("/URI (https://static.afterpay.com/modal/en_AU.html)"))
        let path = try Self.temporaryFile("a.pdf", rendered.bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let info = try ExternalTool.run("pdfinfo", [path])
        #expect(info.status == 0)
        #expect(info.output.range(of: "Pages: +1\n", options: .regularExpression) != nil, "\(info.output)")
    }
}
