import BreakdownEncode
import BreakdownPipeline
import Foundation
import Testing
@testable import RenderTestSupport

/// PDFs carry no time: Cairo writes the current time as /CreationDate unless told not to, which
/// made the same input give different bytes from one second to the next.
@Suite struct PDFDeterminismTests {
    @Test func noCreationDate() throws {
        let pdf = try Fixtures.renderer().render(Fixtures.breakdown(), settings: RenderSettings(), format: .pdf).bytes
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(!text.contains("/CreationDate"))
        #expect(!text.contains("/ModDate"))
    }
}
