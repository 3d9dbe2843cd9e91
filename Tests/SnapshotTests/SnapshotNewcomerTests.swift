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

/// What a new user of the snapshot library needs: names that cannot collide silently, default
/// names, artifacts per package that do not go stale, size changes explained, perceptual
/// comparison, and the library versions a reference was recorded with. Real rendering throughout.
@Suite("Snapshot names, artifacts, sizes, perception and versions")
struct SnapshotNewcomerTests {
    static let arguments = ["--amount", "100", "--scale", "2"]

    private func write(_ image: PixelImage, to path: String) throws {
        try Data(try PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: path))
    }

    @Test func sameNameAtTwoCallSitesFailsNamingBoth() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        _ = sandbox.verify(Self.arguments, named: "shared", testName: "first()", line: 10)
        let reference = try sandbox.paths("shared").reference
        let recorded = try Data(contentsOf: URL(fileURLWithPath: reference))
        // Another assertion, other words, the same name: caught before it compares or records.
        let message = try #require(
            sandbox.verify(["--amount", "200"], named: "shared", record: .all, testName: "second()", line: 20))
        #expect(message.contains("also used by the assertion at FakeTests.swift:10:"))
        #expect(message.contains("in first()"))
        #expect(message.contains("this one at FakeTests.swift:20:") && message.contains("in second()"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: reference)) == recorded)
        // The first call site may check its own reference again (a loop, a repeated run).
        #expect(sandbox.verify(Self.arguments, named: "shared", testName: "first()", line: 10) == nil)
    }

    @Test func nameDefaultsToTheTestFunctionAndACounter() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        // No testName: it is this function's, from #function. The pretend test file is named as
        // this suite, as a test file and its suite usually are: the name has no suite in it.
        let file = sandbox.root.appendingPathComponent("SnapshotNewcomerTests.swift").path
        let first = try #require(verifyBreakdownSnapshot(of: Self.arguments, environment: sandbox.environment, filePath: file))
        let second = try #require(
            verifyBreakdownSnapshot(of: ["--amount", "300"], environment: sandbox.environment, filePath: file))
        let folder = sandbox.root.path + "/__Snapshots__/SnapshotNewcomerTests/"
        #expect(first.contains("recorded \(folder)nameDefaultsToTheTestFunctionAndACounter.1.png"))
        #expect(second.contains("recorded \(folder)nameDefaultsToTheTestFunctionAndACounter.2.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "nameDefaultsToTheTestFunctionAndACounter.2.png"))
        // XCTest names and odd characters.
        #expect(SnapshotCheck.defaultName(testName: "testCheckout()", index: 3) == "testCheckout.3")
    }

    @Test func artifactsAreKeyedByPackageAndTestFilePath() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-packages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var artifacts: [String] = []
        for package in ["one/app", "two/app"] {
            for target in ["ATests", "BTests"] {
                let folder = root.appendingPathComponent(package)
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent("Tests/\(target)"), withIntermediateDirectories: true)
                try Data("// package\n".utf8).write(to: folder.appendingPathComponent("Package.swift"))
                let paths = try SnapshotPaths(
                    name: "n", filePath: folder.appendingPathComponent("Tests/\(target)/ViewTests.swift").path,
                    environment: [SnapshotPaths.artifactsEnvironmentKey: root.appendingPathComponent("artifacts").path])
                #expect(paths.actualArtifact.hasSuffix("/Tests/\(target)/ViewTests/n.actual.png"))
                #expect(paths.actualArtifact.contains("/artifacts/app-"))
                artifacts.append(paths.actualArtifact)
            }
        }
        // Two packages of the same folder name, two test files of the same name: four places.
        #expect(Set(artifacts).count == 4)
    }

    @Test func staleArtifactsGoWhenTheTestPasses() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        _ = sandbox.verify(Self.arguments, named: "stale")
        let paths = try sandbox.paths("stale")
        let good = try Data(contentsOf: URL(fileURLWithPath: paths.reference))
        var changed = try PNGDecoder.decode(fileAtPath: paths.reference)
        changed[3, 3] = [255, 0, 0, 255]
        try write(changed, to: paths.reference)
        #expect(sandbox.verify(Self.arguments, named: "stale") != nil)
        #expect(FileManager.default.fileExists(atPath: paths.actualArtifact))
        #expect(FileManager.default.fileExists(atPath: paths.diffArtifact))
        try good.write(to: URL(fileURLWithPath: paths.reference))
        #expect(sandbox.verify(Self.arguments, named: "stale") == nil)
        #expect(!FileManager.default.fileExists(atPath: paths.actualArtifact))
        #expect(!FileManager.default.fileExists(atPath: paths.diffArtifact))
    }

    @Test(arguments: [true, false])
    func sizeChangeCountsTheCommonAreaAndDrawsBothExtents(referenceWider: Bool) throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        _ = sandbox.verify(Self.arguments, named: "size")
        let paths = try sandbox.paths("size")
        let actual = try PNGDecoder.decode(fileAtPath: paths.reference)
        let width = actual.width, height = actual.height
        // The reference 5 px wider (or narrower) and 2 px taller (or shorter), with one pixel changed in the common area.
        let newWidth = referenceWider ? width + 5 : width - 5, newHeight = referenceWider ? height + 2 : height - 2
        var reference = PixelImage(width: newWidth, height: newHeight, filledWith: [0, 0, 0, 0])
        for y in 0..<min(height, newHeight) { for x in 0..<min(width, newWidth) { reference[x, y] = actual[x, y] } }
        reference[10, 5] = [255, 0, 0, 255]
        try write(reference, to: paths.reference)

        let message = try #require(sandbox.verify(Self.arguments, named: "size"))
        let common = "\(min(width, newWidth))×\(min(height, newHeight))"
        #expect(message.contains("image sizes differ: reference is \(newWidth)×\(newHeight), actual is \(width)×\(height)"))
        #expect(message.contains("over the common \(common) area 1 of \(min(width, newWidth) * min(height, newHeight)) pixels"))
        #expect(message.contains("differences within x 10, y 5, width 1, height 1"))
        let diff = try PNGDecoder.decode(fileAtPath: paths.diffArtifact)
        #expect(diff.width == max(width, newWidth) && diff.height == max(height, newHeight))
        #expect(diff[10, 5] == ImageComparison.DifferenceColors.changed)
        let outside = referenceWider ? ImageComparison.DifferenceColors.referenceOnly : ImageComparison.DifferenceColors.actualOnly
        #expect(diff[max(width, newWidth) - 1, 0] == outside)
        #expect(diff[0, max(height, newHeight) - 1] == outside)
        #expect(diff[1, 1] != ImageComparison.DifferenceColors.changed)
    }

    /// Antialiasing moved as by another library version (everything shifted by 1/50 px), against
    /// a real change (another price): perceptual comparison lets the first pass, never the second.
    @Test func perceptualComparisonToleratesAntialiasingNotChanges() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        _ = sandbox.verify(Self.arguments, named: "perceptual")
        let shifted = Self.arguments + ["--padding", "0.01"]
        let perceptual = ImageComparison.perceptual(deltaE: 3, allowedDifferingFraction: 0.005)
        let exact = try #require(sandbox.verify(shifted, named: "perceptual"))
        #expect(exact.contains("images differ"))
        #expect(sandbox.verify(shifted, named: "perceptual", comparison: perceptual) == nil)
        let other = try #require(sandbox.verify(["--amount", "180", "--scale", "2"], named: "perceptual", comparison: perceptual))
        #expect(other.contains("differ by more than ΔE₀₀ 3.0"), "\(other)")
        #expect(other.contains("largest ΔE₀₀ "))
        // The same API spelled as an initializer.
        #expect(ImageComparison(allowedDifferingFraction: 0.005, perceptual: 3) == perceptual)
    }

    @Test func colourDifferencesMatchPublishedValues() {
        // Sharma, Wu and Dalal's CIEDE2000 test data, pairs 1, 7 and 17.
        let pairs: [((Double, Double, Double), (Double, Double, Double), Double)] = [
            ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
            ((50, 0, 0), (50, -1, 2), 2.3669),
            ((50, 2.5, 0), (73, 25, -18), 27.1492),
        ]
        for (first, second, expected) in pairs {
            let value = ColorDifference.ciede2000((first.0, first.1, first.2), (second.0, second.1, second.2))
            #expect(abs(value - expected) < 0.0001, "\(value) vs \(expected)")
        }
        // White is L 100, a 0, b 0; black and white are ΔE 100 apart; transparent equals itself.
        let white = ColorDifference.lab(red: 255, green: 255, blue: 255)
        #expect(abs(white.l - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
        #expect(abs(ColorDifference.deltaE([0, 0, 0, 255], [255, 255, 255, 255]) - 100) < 0.01)
        #expect(ColorDifference.deltaE([9, 9, 9, 0], [0, 0, 0, 0]) == 0 || ColorDifference.deltaE([9, 9, 9, 0], [0, 0, 0, 0]) < 0.001)
    }

}
