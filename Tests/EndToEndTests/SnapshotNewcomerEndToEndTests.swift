import BreakdownContent
import BreakdownDiff
import BreakdownEncode
import BreakdownLayout
import BreakdownOptions
import BreakdownPipeline
@testable import BreakdownSnapshotTesting
import BreakdownTestSupport
import Foundation
import Testing
@testable import SnapshotTestSupport

/// The tests of SnapshotNewcomerTests that start a process; the rest are SnapshotNewcomerTests, in SnapshotTests.
@Suite("Snapshot library versions, read back with pkg-config")
struct SnapshotNewcomerEndToEndTests {
    static let arguments = ["--amount", "100", "--scale", "2"]

    private func write(_ image: PixelImage, to path: String) throws {
        try Data(try PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: path))
    }

    @Test func referenceKeepsLibraryVersionsPrintedBesideAFailure() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        _ = sandbox.verify(Self.arguments, named: "versions")
        let paths = try sandbox.paths("versions")
        let sidecar = try String(contentsOfFile: paths.versions, encoding: .utf8)
        // The same versions pkg-config reports for the installed libraries (an independent source).
        for (name, module) in [("pango", "pango"), ("cairo", "cairo"), ("harfbuzz", "harfbuzz"), ("fontconfig", "fontconfig"), ("librsvg", "librsvg-2.0")] {
            let version = try Self.pkgConfigVersion(module)
            #expect(sidecar.contains("\(name) \(version)\n"), "\(name): \(sidecar)")
        }
        #expect(sidecar.split(separator: "\n").map { $0.split(separator: " ")[0] }
            == ["pango", "harfbuzz", "freetype", "fontconfig", "cairo", "pixman", "librsvg"])

        // A failure prints them beside this machine's, and names those that changed.
        try sidecar.replacingOccurrences(of: "pango ", with: "pango 0.").write(toFile: paths.versions, atomically: false, encoding: .utf8)
        var changed = try PNGDecoder.decode(fileAtPath: paths.reference)
        changed[0, 0] = [255, 0, 0, 255]
        try write(changed, to: paths.reference)
        let message = try #require(sandbox.verify(Self.arguments, named: "versions"))
        #expect(message.contains("reference recorded with: pango 0."))
        #expect(message.contains("libraries here: pango \(try Self.pkgConfigVersion("pango"))"))
        #expect(message.contains("these differ: pango;"))
    }

    static func pkgConfigVersion(_ module: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pkg-config")
        process.arguments = ["--modversion", module]
        let pipe = Pipe()
        process.standardOutput = pipe
        SpawnLog.note()
        try process.run()
        let data = pipe.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
