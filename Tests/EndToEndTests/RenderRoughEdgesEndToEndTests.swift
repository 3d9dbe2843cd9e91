@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
@testable import BreakdownDiff
import BreakdownCLI
import BreakdownEncode
import BreakdownContent
import BreakdownTestSupport
import Foundation
import Testing
@testable import CLITestSupport

/// The tests of RenderRoughEdgesTests that start a process; the rest are RenderRoughEdgesTests, in CLITests.
@Suite struct RenderRoughEdgesEndToEndTests {
    @Test func standardOutputWithoutFormatIsPNG() throws {
        let folder = try BatchTestSupport.temporaryFolder("stdout")
        defer { try? FileManager.default.removeItem(at: folder) }
        let piped = try BinaryRunner.run("render", "--amount", "100", "-o", "-")
        #expect(piped.status == 0, "\(piped.stderr)")
        let file = folder.appendingPathComponent("a.png")
        #expect(try InProcessCLI.run("render", "--amount", "100", "-o", file.path).status == 0)
        #expect(piped.stdoutData == (try Data(contentsOf: file)))
        // --format still chooses.
        let svg = try BinaryRunner.run("render", "--amount", "100", "-o", "-", "--format", "svg")
        #expect(svg.status == 0 && svg.stdout.hasPrefix("<?xml"))
    }

    /// An SVG is sized in CSS px, one per point: an independent SVG reader (rsvg-convert, 96 dpi,
    /// where 1pt would be 4/3 px) draws it at the PNG's size at scale 1.
    @Test func svgSizeIsInCSSPixels() throws {
        let folder = try BatchTestSupport.temporaryFolder("svg")
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("a.svg"), png = folder.appendingPathComponent("a.png")
        let json = folder.appendingPathComponent("a.json")
        #expect(try InProcessCLI.run("render", "--amount", "100", "-o", svg.path, "--metadata", json.path).status == 0)
        #expect(try InProcessCLI.run("render", "--amount", "100", "-o", png.path).status == 0)
        let text = try String(contentsOf: svg, encoding: .utf8)
        let open = try #require(text.range(of: "<svg "))
        let header = String(text[open.lowerBound...].prefix { $0 != ">" })
        #expect(header.contains("px\" height=\"") && !header.contains("pt\""), "\(header)")
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let width = try #require((metadata["size"] as? [String: Double])?["width"])
        let written = try #require(header.components(separatedBy: " width=\"").dropFirst().first?.components(separatedBy: "px\"").first)
        #expect(abs((Double(written) ?? 0) - width) < 0.0006, "\(header) vs \(width)")

        let converted = folder.appendingPathComponent("converted.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        process.arguments = [svg.path, "-o", converted.path]
        SpawnLog.note()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let ours = try PNGDecoder.decode([UInt8](Data(contentsOf: png)), source: "png")
        let theirs = try PNGDecoder.decode([UInt8](Data(contentsOf: converted)), source: "rsvg-convert")
        #expect(theirs.width == ours.width && theirs.height == ours.height, "\(theirs.width)×\(theirs.height) vs \(ours.width)×\(ours.height)")
    }
}
