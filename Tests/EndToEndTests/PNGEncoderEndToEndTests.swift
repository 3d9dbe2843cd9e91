import BreakdownDiff
import BreakdownEncode
import BreakdownPipeline
import CPangoCairo
import BreakdownTestSupport
import Foundation
import Testing
@testable import RenderTestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// The tests of PNGEncoderTests that start a process; the rest are PNGEncoderTests, in RenderTests.
@Suite("PNG encoder, checked by pngcheck")
struct PNGEncoderEndToEndTests {
    /// pngcheck is installed by `make test` (see the README); without it this test fails.
    @Test("pngcheck, an independent checker, accepts the output")
    func pngcheckAccepts() throws {
        try #require(access("/usr/bin/pngcheck", X_OK) == 0, "pngcheck is not installed: run make test, which installs it")
        let png = try BreakdownTestSurface().encode(with: PNGEncoder())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-pngcheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.png").path
        let file = try #require(fopen(path, "wb"))
        #expect(fwrite(png, 1, png.count, file) == png.count)
        fclose(file)
        SpawnLog.note()
        let status = system("/usr/bin/pngcheck -q \(path)")
        #expect(status == 0)
    }
}
