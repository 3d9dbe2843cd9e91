import Breakdown
import Foundation
import Testing
import BreakdownTestSupport

/// The public API as a library user sees it through `import Breakdown`: typed errors to switch
/// on, colours from fractions or hex, `Locale` overloads, a scale that cannot be 4.
@Suite struct PublicAPITests {
    static let renderGroups = [ContentOptions.group, RenderOptions.drawing, RenderOptions.output]

    @Test func colourFromFractionsMeansFractions() throws {
        // The issue's trap: alpha 1 must be opaque, not 1/255.
        #expect(RGBAColor(red: 0, green: 0, blue: 0, alpha: 1).alpha == 255)
        #expect(try RGBAColor(red: 1, green: 0.5, blue: 0) == RGBAColor(hex: "#FF8000"))
        #expect(RGBAColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5).description == "#33669980")
        #expect(try RGBAColor(red: -1, green: 2, blue: .nan, alpha: .infinity) == RGBAColor(hex: "#00FF00FF"))
        #expect(try RGBAColor(red8: 0x12, green8: 0x34, blue8: 0x56, alpha8: 0x78) == RGBAColor(hex: "#12345678"))
        #expect(throws: ColorError(text: "#12345")) { try RGBAColor(hex: "#12345") }
    }

    /// The issue's trap: `RGBAColor(hex: "000000")` was nil, which a `background:` took for
    /// transparent. Now it throws one line naming the text and the accepted forms.
    @Test func hexWithoutHashThrowsOneLine() throws {
        let error = try #require(throws: ColorError.self) { try RGBAColor(hex: "000000") }
        #expect(error.message == "'000000' is not a colour: use #RRGGBB or #RRGGBBAA, e.g. #000000 for opaque black")
        #expect(!error.message.contains("\n"))
        #expect(try RGBAColor(hex: "#000000") == .black)
        for bad in ["", "#", "#0000000", "#GGGGGG", " #000000", "#000000 "] {
            #expect(throws: ColorError(text: bad)) { try RGBAColor(hex: bad) }
        }
    }

    /// The issue's trap: `amount: 4.06` (a Decimal float literal, through Double) drew "$1.01"
    /// where `--amount 4.06` draws "$1.02". Every way of writing an amount now gives the exact
    /// value; the sentence is compared with what the command line's own parsing computes.
    @Test func amountsAreExactWhicheverWayTheyAreWritten() throws {
        let configuration = try Configuration(minimumAmount: "1", maximumAmount: "2000", locale: "en_AU")
        func text(_ amount: Amount) -> String {
            BreakdownInputs(configuration: configuration, deviceLocale: "en_AU", amount: amount).breakdown.text
        }
        let commandLine = try RenderRequest(ParsedOptions(arguments: ["--amount", "4.06"], groups: Self.renderGroups)).breakdown.text
        // 4.06 / 4 = 1.015, which the currency style rounds half to even: $1.02.
        #expect(commandLine.contains("$1.02"))
        #expect(text(4.06) == commandLine)
                #expect(try text(Amount("4.06")) == commandLine)
        #expect(text(Amount(Decimal(string: "4.06")!)) == commandLine)
        #expect((4.06 as Amount).value == Decimal(string: "4.06")!)
        #expect((0.1 as Amount).value == Decimal(string: "0.1")!)
        #expect((1e-5 as Amount).value == Decimal(string: "0.00001")!)
        #expect((100 as Amount).value == 100)
        #expect(try Amount("4.06" as String).description == "4.06")
        let error = try #require(throws: AmountError.self) { try Amount("4,06") }
        #expect(error.message == "'4,06' is not an amount: use plain decimal notation such as 100 or 4.06")
        #expect(throws: AmountError(text: "1e3")) { try Amount("1e3") }
    }

    /// `Breakdown.X` names a type of the module: the value type is `PriceBreakdown`, so the module
    /// name is free to qualify (it did not compile while a struct was called `Breakdown`).
    @Test func theModuleNameQualifies() throws {
        let scale: Breakdown.RenderScale = .x2
        let inputs = Breakdown.BreakdownInputs(configuration: nil, deviceLocale: "en_AU", amount: 100)
        let breakdown: Breakdown.PriceBreakdown = inputs.breakdown
        #expect(scale.factor == 2)
        #expect(breakdown.isHidden)
    }

    /// One `Configuration` initialiser: defaults for what is optional, locales as strings or
    /// `Locale` values alike.
    @Test func oneConfigurationInitialiserWithDefaults() throws {
        let plain = try Configuration(maximumAmount: "2000", locale: "en_GB")
        #expect(plain.minimumAmount == nil)
        #expect(plain.currency == .GBP)
        #expect(plain.consumerLocale == nil)
        let full = try Configuration(
            minimumAmount: "1", maximumAmount: "2000", currencyCode: "USD", locale: Locale(identifier: "en-GB"),
            consumerLocale: Locale(identifier: "fr-CA"))
        #expect(full.currency == .USD)
        #expect(full.locale == .enGB)
        #expect(full.consumerLocale == "fr_CA")
        #expect(throws: ConfigurationError.invalidCurrencyCode("EUR")) {
            try Configuration(maximumAmount: "2000", currencyCode: "EUR", locale: "en_GB")
        }
        let source = try String(
            contentsOf: ProjectFolder.root.appendingPathComponent("Sources/Content/Configuration.swift"), encoding: .utf8)
        #expect(source.components(separatedBy: "    public init(").count - 1 == 1)
    }

    /// Paths as `String` or `URL` alike: the renderer takes either for its artwork and fonts.
    @Test func pathsOrURLsAlike() throws {
        let missing = "/nonexistent-breakdown-assets"
        for error in [
            try #require(throws: BreakdownError.self) { try BreakdownRenderer(logoAssets: missing) },
            try #require(throws: BreakdownError.self) { try BreakdownRenderer(logoAssets: URL(fileURLWithPath: missing)) },
        ] {
            guard case .file(let path, _) = error else { Issue.record("\(error)"); continue }
            #expect(path == missing)
        }
        let assets = ProjectFolder.root.appendingPathComponent("LogoAssets")
        let font = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let inputs = BreakdownInputs(
            configuration: try Configuration(minimumAmount: "1", maximumAmount: "2000", locale: "en_AU"), deviceLocale: "en_AU",
            amount: 100)
        let byURL = try BreakdownRenderer(fontFiles: [font], logoAssets: assets).render(inputs.breakdown, settings: RenderSettings(), format: .png)
        let byPath = try BreakdownRenderer(fontFiles: [font.path], logoAssets: assets.path).render(
            inputs.breakdown, settings: RenderSettings(), format: .png)
        #expect(byURL.bytes == byPath.bytes)
        #expect(byURL.bytes.count > 100)
    }

    /// A rendered image is plain data: sendable to another task, and it carries the layout's warnings.
    @Test func renderedImagesCrossTasks() async throws {
        let inputs = BreakdownInputs(
            configuration: try Configuration(minimumAmount: "1", maximumAmount: "2000", locale: "en_AU"), deviceLocale: "en_AU",
            amount: 100)
        let image = try await Task.detached {
            try BreakdownRenderer().render(inputs.breakdown, settings: RenderSettings(scale: .x2), format: .png)
        }.value
        #expect(image.metadata.pixelSize.width > 0)
        #expect(image.warnings.isEmpty)
    }

    @Test func localeOverloadsMatchIdentifiers() throws {
        let byString = try Configuration(minimumAmount: "1", maximumAmount: "2000", locale: "fr_CA", consumerLocale: "fr_CA")
        let byLocale = try Configuration(
            minimumAmount: "1", maximumAmount: "2000", locale: Locale(identifier: "fr-CA"), consumerLocale: Locale(identifier: "fr_CA"))
        #expect(byString == byLocale)
        #expect(throws: ConfigurationError.invalidLocale("de_DE")) {
            try Configuration(maximumAmount: "1", currencyCode: "AUD", locale: Locale(identifier: "de_DE"))
        }
        let inputs = BreakdownInputs(configuration: byLocale, deviceLocale: Locale(identifier: "fr_CA"), amount: 100)
        #expect(inputs.breakdown == BreakdownInputs(configuration: byString, deviceLocale: "fr_CA", amount: 100).breakdown)
        #expect(inputs.breakdown.text.hasPrefix("ou 4 paiements"))
        #expect(MerchantLocale(Locale(identifier: "en-GB")) == .enGB)
        #expect(MerchantLocale(Locale(identifier: "de_DE")) == nil)
    }

    /// iOS screens are 1x, 2x and 3x; Android devices also 0.75, 1.5, 2.625, 3.5 and 4 (the
    /// densities of ldpi, hdpi, 420 dpi, 560 dpi and xxxhdpi: 120, 240, 420, 560, 640 dpi over 160).
    @Test func scaleIsOneTwoOrThreeForIOSAndAnAndroidDensityForAndroid() throws {
        #expect(RenderScale.ios.map(\.factor) == [1, 2, 3])
        let dpi: [Double] = [120, 160, 240, 320, 420, 480, 560, 640]
        let densities: [Double] = dpi.map { $0 / 160 }
        #expect(RenderScale.allCases.map(\.factor) == densities)
        #expect(RenderScale(rawValue: 5) == nil)
        let options = try ParsedOptions(arguments: ["--scale", "3"], groups: Self.renderGroups)
        #expect(try RenderRequest(options).settings.scale == .x3)
        #expect(try RenderRequest(ParsedOptions(groups: Self.renderGroups)).settings.scale == .x1)
        #expect(throws: RequestError.self) { try ParsedOptions(arguments: ["--scale", "5"], groups: Self.renderGroups) }
        #expect(throws: RequestError.self) { try ParsedOptions(arguments: ["--scale", "2.0"], groups: Self.renderGroups) }
        // An Android density is refused for the iOS view, taken for the Android view.
        let density = try ParsedOptions(arguments: ["--scale", "1.5"], groups: Self.renderGroups)
        let refused = try #require(throws: RequestError.self) { try RenderRequest(density) }
        #expect(refused.message.contains("1.5 is an Android density"))
        #expect(refused.problem?.option == "scale")
        let android = try ParsedOptions(arguments: ["--scale", "2.625", "--platform", "android"], groups: Self.renderGroups)
        #expect(try RenderRequest(android).settings.scale == .x2_625)
    }

    @Test func errorsCarryACaseToSwitchOn() throws {
        let bad = try #require(throws: RequestError.self) { try ParsedOptions(arguments: ["--amount", "x"], groups: Self.renderGroups) }
        guard case .invalidOption(let option, let message) = bad.reason else { Issue.record("\(String(describing: bad))"); return }
        #expect(option == "amount")
        #expect(message == bad.message)
        #expect(bad.problem?.option == "amount")

        let unknown = try #require(throws: RequestError.self) { try ParsedOptions(record: ["colour": "red"], groups: Self.renderGroups) }
        #expect(unknown.reason == .invalidOption(option: "colour", message: unknown.message))

        let locale = try ParsedOptions(arguments: ["--locale", "de_DE"], groups: Self.renderGroups)
        let config = try #require(throws: RequestError.self) { try RenderRequest(locale) }
        #expect(config.reason == .invalidConfiguration(.invalidLocale("de_DE"), message: config.message))
        #expect(config.message.contains("--locale") )

        let conflict = try ParsedOptions(arguments: ["--font-size", "12", "--content-size", "large"], groups: Self.renderGroups)
        let both = try #require(throws: RequestError.self) { try RenderRequest(conflict) }
        #expect(both.reason == .invalidInput(both.message))

        let assets = try ParsedOptions(arguments: ["--logo-assets", "/nonexistent-breakdown-assets"], groups: Self.renderGroups)
        // The library throws its own errors (the command line words them with an exit status:
        // ErrorStatusTests).
        let missing = try #require(throws: BreakdownError.self) { try RenderersByResources().render(RenderRequest(assets), format: .png) }
        guard case .file(let path, _) = missing else { Issue.record("\(String(describing: missing))"); return }
        #expect(path == "/nonexistent-breakdown-assets")

        let hidden = try ParsedOptions(arguments: ["--no-configuration"], groups: Self.renderGroups)
        let nothing = try #require(throws: BreakdownError.self) { try RenderersByResources().render(RenderRequest(hidden), format: .png) }
        guard case .hidden = nothing else { Issue.record("\(String(describing: nothing))"); return }
    }

    @Test func rendererThrowsTypedErrors() throws {
        let renderer = try BreakdownRenderer()
        let hidden = BreakdownInputs(configuration: nil, deviceLocale: "en_AU", amount: 100).breakdown
        do {
            _ = try renderer.render(hidden, settings: RenderSettings(), format: .png)
            Issue.record("a hidden breakdown rendered")
        } catch {
            switch error {
            case .hidden(let reason): #expect(!reason.isEmpty)
            default: Issue.record("\(error)")
            }
        }
        let shown = try BreakdownInputs(
            configuration: Configuration(minimumAmount: "1", maximumAmount: "2000", locale: "en_AU"), deviceLocale: "en_AU", amount: 100
        ).breakdown
        let style = LayoutStyle(fontFamily: "No Such Family")
        #expect(throws: BreakdownError.self) { try renderer.render(shown, settings: RenderSettings(style: style), format: .svg) }
        do {
            _ = try renderer.render(shown, settings: RenderSettings(style: style), format: .png)
        } catch {
            guard case .renderingFailed(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("No Such Family"))
        }
    }

    /// The project's own code never passes bytes to the fraction initialiser (a byte literal such as
    /// 255 for red would compile and clamp): every literal channel there is 0 or 1 or a fraction.
    @Test func noByteLiteralsInTheFractionInitialiser() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let pattern = try Regex(#"RGBAColor\(red: *(0x[0-9A-Fa-f]+|[0-9]+)\b(?!\.)"#)
        var misuses: [String] = []
        for folder in ["Sources", "Tests"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(path), encoding: .utf8)
                for match in text.matches(of: pattern) {
                    let literal = String(text[match.range]).split(separator: ":")[1].trimmingCharacters(in: .whitespaces)
                    let value = literal.hasPrefix("0x") ? Int(literal.dropFirst(2), radix: 16) : Int(literal)
                    if let value, value > 1 { misuses.append("\(folder)/\(path): \(text[match.range])") }
                }
            }
        }
        #expect(misuses.isEmpty, "\(misuses)")
    }

}
