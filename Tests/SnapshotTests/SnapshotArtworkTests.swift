import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import BreakdownLayout
import BreakdownOptions
import BreakdownPipeline
import BreakdownSnapshotTesting
import Foundation
import Testing
@testable import SnapshotTestSupport

/// The snapshot library takes `--logo-assets` like the command line: the reference is drawn from
/// the official-style file, and a bad folder is a one-line failure.
@Suite struct SnapshotArtworkTests {
    @Test func referencesAreDrawnFromTheGivenArtwork() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        let art = sandbox.root.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 2\"><rect width=\"10\" height=\"2\" fill=\"#FF00FF\"/></svg>"
        try Data(svg.utf8).write(to: art.appendingPathComponent("badge-afterpay-mint-on-black.svg"))
        let arguments = ["--amount", "100", "--logo-assets", art.path]
        // First run records, second passes; the own artwork gives a different picture.
        #expect(sandbox.verify(arguments, named: "official") != nil)
        #expect(sandbox.verify(arguments, named: "official") == nil)
        let reference = try Data(contentsOf: URL(fileURLWithPath: try sandbox.paths("official").reference))
        let own = try SnapshotRequest.request(arguments: ["--amount", "100"])
        #expect(own.logoAssets == nil)
        #expect(try SnapshotRequest.request(arguments: arguments).logoAssets == art.path)
        #expect(sandbox.verify(["--amount", "100"], named: "official") != nil, "the own badge differs from the magenta one")
        #expect(!reference.isEmpty)
        let failure = sandbox.verify(["--amount", "100", "--logo-assets", sandbox.root.path + "/nowhere"], named: "bad")
        #expect(failure?.contains("nowhere") == true, "\(failure ?? "")")
    }
}
