@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
import BreakdownEncode
import BreakdownContent
@testable import BreakdownVerify
@testable import BreakdownGallery
@testable import BreakdownBench
import Foundation
import Testing
@testable import BreakdownIO
@testable import CLITestSupport

/// `breakdown render` run as a subprocess: files written, metadata, exit statuses, no partial files.
@Suite struct RenderEndToEndTests {
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesPNGAndMetadata() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("a.png").path, json = folder.appendingPathComponent("a.json").path
        let result = try InProcessCLI.run("render", "--amount", "100", "--scale", "2", "-o", png, "--metadata", json)
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let logo = try #require(metadata["logo"] as? [String: Double])
        let size = try #require(metadata["size"] as? [String: Double])
        let pixels = try #require(metadata["pixelSize"] as? [String: Int])
        // Inter 17 pt: ascender 16.47, descender −4.11 → badge height 1.8 × 20.58.
        #expect(abs((logo["height"] ?? 0) - 37.03) < 0.02)
        #expect(abs((logo["width"] ?? 0) / (logo["height"] ?? 1) - 1186.5 / 413.25) < 0.0001)
        #expect(pixels["width"] == Int(((size["width"] ?? 0) * 2).rounded(.up)))
        #expect(metadata["linkURL"] as? String == "https://static.afterpay.com/modal/en_AU.html")
    }

    @Test func formatsFromTheExtensionAndTheFlag() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, magic) in [("a.svg", "<?xml"), ("a.pdf", "%PDF-")] {
            let path = folder.appendingPathComponent(name).path
            #expect(try InProcessCLI.run("render", "--amount", "100", "-o", path).status == 0)
            #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)).prefix(5), as: UTF8.self) == magic)
        }
        let other = folder.appendingPathComponent("image.out").path
        #expect(try InProcessCLI.run("render", "--amount", "100", "--format", "svg", "-o", other).status == 0)
        #expect(FileManager.default.fileExists(atPath: other))
    }

    @Test func sameCommandSameBytes() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ["png", "svg"] {
            let a = folder.appendingPathComponent("a.\(format)").path, b = folder.appendingPathComponent("b.\(format)").path
            #expect(try InProcessCLI.run("render", "--amount", "100", "--scale", "2", "-o", a).status == 0)
            #expect(try InProcessCLI.run("render", "--amount", "100", "--scale", "2", "-o", b).status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
        }
    }

    @Test func hiddenWritesNothingAndExits3() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("h.png").path
        let result = try InProcessCLI.run("render", "--no-configuration", "-o", path, "--metadata", path + ".json")
        #expect(result.status == 3)
        #expect(result.stderr.contains("hidden"))
        #expect(result.stderr.contains("no configuration"))
        let spanish = try InProcessCLI.run("render", "--locale", "en_US", "--device-locale", "es_US", "--amount", "100", "-o", path)
        #expect(spanish.status == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test(arguments: [
        (["--text-color", "red"], "--text-color"),
        (["--background", "#12345"], "--background"),
        (["--font", "Nope Sans"], "Nope Sans"),
        (["--font-file", "/nonexistent.ttf"], "/nonexistent.ttf"),
        (["--scale", "4"], "--scale"),
        (["--font-size", "16", "--content-size", "large"], "--content-size"),
        (["--link-text", "<b>open"], "markup"),
        (["--logo-assets", "/nonexistent"], "/nonexistent"),
        (["--width", "-5"], "--width"),
    ])
    func badInputIsOneLineAndExit2(arguments: [String], mentions: String) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("x.png").path
        let result = try InProcessCLI.run(["render", "--amount", "100", "-o", path] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "no partial file")
    }

    @Test func badOutputPaths() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let noFolder = try InProcessCLI.run("render", "--amount", "100", "-o", "/nonexistent-folder/a.png")
        #expect(noFolder.status == 2)
        #expect(noFolder.stderr.contains("/nonexistent-folder"))
        let unknown = try InProcessCLI.run("render", "--amount", "100", "-o", folder.appendingPathComponent("a.gif").path)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains(".png, .svg or .pdf"))
        let missing = try InProcessCLI.run("render", "--amount", "100")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--output"))
        let mismatch = try InProcessCLI.run("render", "--amount", "100", "--format", "pdf", "-o", folder.appendingPathComponent("a.png").path)
        #expect(mismatch.status == 2)
        #expect(mismatch.stderr.contains("does not match the output's extension .png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing written")
    }

    @Test func unwritableMetadataLeavesNoImage() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("a.png").path
        let result = try InProcessCLI.run("render", "--amount", "100", "-o", png, "--metadata", "/nonexistent-folder/a.json")
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: png))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func usDrawsTheCashAppLockupLargerForBadge() throws {
        let badge = try InProcessCLI.run("describe", "--amount", "100", "--locale", "en_US", "--logo", "badge").json()
        let compact = try InProcessCLI.run("describe", "--amount", "100", "--locale", "en_US", "--logo", "compactBadge").json()
        let badgeLogo = try #require(badge["logo"] as? [String: Any]), compactLogo = try #require(compact["logo"] as? [String: Any])
        #expect(badgeLogo["type"] as? String == "lockup")
        #expect(compactLogo["type"] as? String == "lockup")
        #expect(badgeLogo["heightMultiplier"] as? Double == 1.8)
        #expect(compactLogo["heightMultiplier"] as? Double == 1.0)
    }
}
