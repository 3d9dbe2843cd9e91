import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Issue 48, items 3 and 4: iOS's Increase Contrast and Bold Text. Increase Contrast draws the
/// link in `secondaryLabel`'s high-contrast value (light rgba(60, 60, 67, 173/255), dark
/// rgba(235, 235, 245, 173/255), the values Flutter's CupertinoColors publishes, written here by
/// hand) and the text in `label` (unchanged); the colours are read back from the PNG's pixels
/// with PIL. Bold Text sets the text at Semibold: the same sentence at the same size is wider and
/// darker. The Android view refuses both (its own settings are other features).
@Suite struct AccessibilitySettingsTests {
    /// The most opaque pixel's colour inside a rectangle (points × scale) of a PNG, read with PIL
    /// (straight, not premultiplied, RGBA): (red, green, blue, alpha).
    static func mostOpaque(_ png: String, x: Double, y: Double, width: Double, height: Double, scale: Double) throws -> [Int] {
        let box = [x, y, x + width, y + height].map { String(Int(($0 * scale).rounded())) }
        let script = """
            import sys
            from PIL import Image
            image = Image.open(sys.argv[1]).convert('RGBA')
            x0, y0, x1, y1 = map(int, sys.argv[2:6])
            pixels = [image.getpixel((x, y)) for y in range(y0, y1) for x in range(x0, x1)]
            best = max(p[3] for p in pixels)
            solid = [p for p in pixels if p[3] == best]
            print(*[round(sum(p[i] for p in solid) / len(solid)) for i in range(3)], best)
            """
        let result = try ShellCommand.run("python3", ["-c", script, png] + box)
        let numbers = result.output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(numbers.count == 4, "\(result.output) \(result.errors)")
        return numbers
    }

    static func json(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// WCAG's relative luminance of an sRGB colour of 0...255 channels.
    static func luminance(_ rgb: [Double]) -> Double {
        let linear = rgb.map { c -> Double in
            let v = c / 255
            return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    @Test(arguments: ["light", "dark"]) func increaseContrastDrawsTheHighContrastLinkAndTheSameText(appearance: String) throws {
        let folder = try BatchTestSupport.temporaryFolder("contrast-\(appearance)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (red, green, blue) = appearance == "light" ? (60, 60, 67) : (235, 235, 245)
        let text = appearance == "light" ? 0 : 255
        for (flags, alpha) in [([String](), 153), (["--increase-contrast"], 173)] {
            let png = folder.appendingPathComponent("x.png").path, meta = folder.appendingPathComponent("x.json").path
            let result = try InProcessCLI.run(
                ["render", "--amount", "100", "--link-style", "moreInfoText", "--appearance", appearance, "--scale", "2", "-o", png, "--metadata", meta]
                    + flags)
            #expect(result.status == 0, "\(result.stderr)")
            let metadata = try Self.json(meta)
            let link = try #require(metadata["link"] as? [String: Double])
            let linkPixel = try Self.mostOpaque(png, x: link["x"]!, y: link["y"]!, width: link["width"]!, height: link["height"]!, scale: 2)
            #expect(abs(linkPixel[3] - alpha) <= 1, "\(flags) link alpha: \(linkPixel)")
            #expect(abs(linkPixel[0] - red) <= 2 && abs(linkPixel[1] - green) <= 2 && abs(linkPixel[2] - blue) <= 2, "\(flags) link: \(linkPixel)")
            // The sentence, left of the logo: label, opaque, unchanged by the setting.
            let logo = try #require(metadata["logo"] as? [String: Double])
            let size = try #require(metadata["size"] as? [String: Double])
            let textPixel = try Self.mostOpaque(png, x: 0, y: 0, width: logo["x"]!, height: size["height"]!, scale: 2)
            #expect(textPixel == [text, text, text, 255], "\(flags) text: \(textPixel)")
            // The contrast report measures the link colour drawn: its ratio over the page colour,
            // computed here from the colour laid over the page (WCAG 2).
            let page = appearance == "light" ? 255.0 : 0
            let a = Double(alpha) / 255
            // Laid over the page in whole channels, as an 8-bit screen shows it.
            let shown = [red, green, blue].map { (Double($0) * a + page * (1 - a)).rounded() }
            let (l1, l2) = (Self.luminance(shown), Self.luminance([page, page, page]))
            let ratio = (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
            let contrast = try #require(metadata["contrast"] as? [String: Any])
            let reported = try #require(contrast["link"] as? Double)
            #expect(abs(reported - ratio) < 0.011, "\(flags): reported \(reported), expected \(ratio)")
        }
        // describe says which colours and settings it computed.
        let described = try InProcessCLI.run(["describe", "--amount", "100", "--appearance", appearance, "--increase-contrast"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(described.stdout.utf8)) as? [String: Any])
        #expect(json["increaseContrast"] as? Bool == true && json["boldText"] as? Bool == false)
        #expect(json["linkColor"] as? String == String(format: "#%02X%02X%02XAD", red, green, blue))
        #expect(json["textColor"] as? String == (appearance == "light" ? "#000000" : "#FFFFFF"))
    }

    @Test func increaseContrastLeavesTheLogoAndAGivenColourAlone() throws {
        let folder = try BatchTestSupport.temporaryFolder("contrast-logo")
        defer { try? FileManager.default.removeItem(at: folder) }
        var logos: [Data] = []
        for flags in [[], ["--increase-contrast"]] {
            let png = folder.appendingPathComponent("x.png").path
            // The default link (ⓘ) in a given colour: the setting changes no colour the merchant set.
            let result = try InProcessCLI.run(["render", "--amount", "100", "--link-color", "#FF0000", "-o", png] + flags)
            #expect(result.status == 0, "\(result.stderr)")
            logos.append(try Data(contentsOf: URL(fileURLWithPath: png)))
        }
        #expect(logos[0] == logos[1], "the same image: label is unchanged, the link colour given, the logo the same")
    }

    @Test func boldTextIsWiderAndDarkerAtTheSameSize() throws {
        let folder = try BatchTestSupport.temporaryFolder("bold-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        var widths: [Double] = [], heights: [Double] = [], ink: [Double] = []
        for flags in [[], ["--bold-text"]] {
            let png = folder.appendingPathComponent("x.png").path, meta = folder.appendingPathComponent("x.json").path
            let result = try InProcessCLI.run(["render", "--amount", "100", "--font-size", "17", "-o", png, "--metadata", meta] + flags)
            #expect(result.status == 0, "\(result.stderr)")
            let metadata = try Self.json(meta)
            let size = try #require(metadata["size"] as? [String: Double])
            widths.append(size["width"]!)
            heights.append(size["height"]!)
            // Ink of the word "or" (the first 14 pt): the sum of alpha, heavier strokes at Semibold.
            let script = "import sys; from PIL import Image; i = Image.open(sys.argv[1]).convert('RGBA'); print(sum(i.getpixel((x, y))[3] for x in range(14) for y in range(i.size[1])))"
            let sum = try ShellCommand.run("python3", ["-c", script, png])
            ink.append(try #require(Double(sum.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(sum.errors)"))
        }
        #expect(widths[1] > widths[0] + 3, "Bold Text \(widths[1]) pt, regular \(widths[0]) pt")
        #expect(heights[1] == heights[0], "the same size: the same line height")
        #expect(ink[1] > ink[0] * 1.1, "Semibold strokes: \(ink)")
        let described = try InProcessCLI.run(["describe", "--amount", "100", "--bold-text"])
        #expect(described.stdout.contains("\"boldText\": true"), "\(described.stdout)")
    }

    @Test func theAndroidViewRefusesBothInEveryDoor() throws {
        for flag in ["--increase-contrast", "--bold-text"] {
            let result = try InProcessCLI.run(["render", "--platform", "android", "--amount", "100", flag, "--format", "png", "-o", "/dev/null"])
            #expect(result.status == 2 && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("error: \(flag) is iOS's accessibility setting"), "\(result.stderr)")
            #expect(result.stderr.hasSuffix("leave it out with --platform android\n"), "\(result.stderr)")
        }
        let server = try ServerProcess(["--allow-unsigned"])
        let reply = try server.get("/v1/breakdown.png?amount=100&platform=android&bold-text=true")
        #expect(reply.status == 400)
        #expect(((try? reply.json())?["detail"] as? String ?? "").hasPrefix("bold-text is iOS's accessibility setting"), "\(reply.text.prefix(300))")
        let ios = try server.get("/v1/breakdown.png?amount=100&bold-text=true&increase-contrast=true")
        #expect(ios.status == 200, "\(ios.text.prefix(300))")
        #expect(server.stop() == 0)
    }
}
