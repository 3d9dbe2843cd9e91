import BreakdownContent
import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// Schemathesis sent `serve` a device locale of 199 characters, sixteen `@` keywords, and ICU's
/// number formatter dereferenced a null pointer: the server died (and `render` with it). A locale
/// identifier is now at most 64 characters and 4 keywords, in every door and in the OpenAPI
/// document's schema; a few keywords (currency, numbers, rg) are all a locale needs.
@Suite struct DeviceLocaleLimitsTests {
    /// The identifier that crashed the server (SIGSEGV in icu::NumberFormat::makeInstance).
    static let crashedICU =
        "Mdf@cacV=_3oV4m-5ZZnla348;Eu1=2g6grj;jpM4=v;a8=u;76X4eLq=bjdwaFW1wW;jhbb7mEcH=o8gfatKf;uJr=xNi;H=B;BsVc50QN=q;mb=w;gKh=_;aVI=aWbFc0;HUb=mWq5jvvh;0vnUbcZpGvUW=2Awa;nkRzf9V=Wb5vAEYYBX;g4G1Fe9H=7mlUnraK"
    static let accepted = "(at most 64 characters and 4 keywords)"

    /// 64 characters and 4 keywords are taken and drawn; 65 characters, or a fifth keyword, are
    /// refused naming the limits (the count derived here by hand: "en_AU@" is 6, each pad adds).
    @Test func theLimitsAreSixtyFourCharactersAndFourKeywords() throws {
        let four = "en_AU@currency=AUD;numbers=latn;rg=auzzzz;ca=gregorian"  // 54 characters, 4 keywords
        #expect(four.count == 54)
        let longest = four + String(repeating: "n", count: 10)  // the calendar's value padded to 64
        #expect(longest.count == 64)
        for taken in [four, longest, "en_AU@a=b;c=d;e=f;g=h"] {
            let run = try InProcessCLI.run("render", "--amount", "100", "--device-locale", taken, "--format", "svg", "-o", "-")
            #expect(run.status == 0, "\(taken): \(run.stderr)")
        }
        for refused in [longest + "n", "en_AU@a=b;c=d;e=f;g=h;i=j", Self.crashedICU] {
            let run = try InProcessCLI.run("render", "--amount", "100", "--device-locale", refused, "--format", "svg", "-o", "-")
            #expect(run.status == 2 && run.stderr.contains(Self.accepted), "\(refused.prefix(40)): \(run.stderr)")
        }
    }

    /// The server answers 400 and goes on; its document's schema says the same limits, so a
    /// client (or Schemathesis) that keeps to the schema is never refused for them.
    @Test func theServerRefusesItAndItsSchemaSaysSo() throws {
        let server = try InProcessService(["--allow-unsigned"])
        let query = "amount=5&device-locale=" + (Self.crashedICU.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let reply = server.get("/v1/breakdown.png?" + query)
        #expect(reply.status == 400)
        #expect((try reply.json()["detail"] as? String)?.contains(Self.accepted) == true)
        #expect(server.get("/healthz").status == 200)
        let document = try JSONSerialization.jsonObject(with: server.get("/openapi.json").body) as? [String: Any]
        let parameters = (document?["components"] as? [String: Any])?["parameters"] as? [String: Any]
        let schema = (parameters?["device-locale"] as? [String: Any])?["schema"] as? [String: Any]
        #expect(schema?["maxLength"] as? Int == 64, "\(String(describing: schema?.keys))")
        let pattern = try #require(schema?["pattern"] as? String)
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ text: String) -> Bool { regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
        #expect(matches("en_AU@a=b;c=d;e=f;g=h") && !matches("en_AU@a=b;c=d;e=f;g=h;i=j"))
    }

    /// The library's typed inputs, which no option table checks: the iOS view carries the
    /// refusal, and neither view gives the identifier to ICU (the process goes on).
    @Test func theLibraryNeverGivesItToICU() throws {
        let configuration = try Configuration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU")
        let breakdown = BreakdownInputs(configuration: configuration, deviceLocale: Self.crashedICU, amount: 100).breakdown
        #expect(breakdown.invalidInput?.description.contains(Self.accepted) == true, "\(String(describing: breakdown.invalidInput))")
        let android = try AndroidConfiguration(minimumAmount: "1.00", maximumAmount: "2000.00", locale: "en_AU")
        let view = try? BreakdownView(android: AndroidInputs(configuration: android, deviceLocale: Self.crashedICU, amount: 100))
        _ = view?.breakdown.text
    }

    /// A batch record with it fails alone, named; the next record is drawn.
    @Test func aBatchRecordWithItFailsAlone() throws {
        let folder = try BatchTestSupport.temporaryFolder("locale-limits")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try BatchTestSupport.write(#"{"name": "a", "amount": 5, "device-locale": "\#(Self.crashedICU)"}"# + "\n" + #"{"name": "b", "amount": 6}"# + "\n", to: manifest)
        let run = try InProcessCLI.run("batch", manifest.path, "-o", folder.appendingPathComponent("out").path)
        #expect(run.status == 1 && run.stdout.hasPrefix("rendered 1, skipped 0, hidden 0, failed 1"), "\(run.stdout)")
        #expect(run.stderr.contains(Self.accepted), "\(run.stderr)")
    }
}
