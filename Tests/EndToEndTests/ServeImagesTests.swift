import Foundation
import Testing
import BreakdownTestSupport
@testable import CLITestSupport

/// What a page or an email needs from the server: images that say their size, the HTML
/// snippet of `/v1/breakdown.html`, transparent images for hidden breakdowns, one ETag per
/// meaning, messages in the query's spelling, and a signature check that no near miss passes.
/// The service is called in process, but for the signature check, which takes the target as the
/// daemon hands it over (from a real socket).
@Suite(.serialized) struct ServeImagesTests {
    static let png = "/v1/breakdown.png"

    /// A PNG's width and height from its IHDR chunk (bytes 16–23, big-endian).
    static func pngSize(_ data: Data) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else { throw ServerTestError("not a PNG") }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// Python's PIL reads the PNG: its size and the largest alpha value of any pixel.
    static func pilSizeAndMaximumAlpha(_ data: Data) throws -> String {
        let folder = try ServeEndToEndTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("image.png")
        try data.write(to: file)
        let script = "import sys; from PIL import Image; i = Image.open(sys.argv[1]).convert('RGBA'); print(i.size[0], i.size[1], i.getextrema()[3][1])"
        let result = try BinaryRunner.run(command: "/usr/bin/env", ["python3", "-c", script, file.path])
        guard result.status == 0 else { throw ServerTestError("python3: \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The attributes of the first element `name` in `html`.
    static func attributes(of name: String, in html: String) throws -> [String: String] {
        let tag = try #require(html.firstMatch(of: try Regex("<\(name)\\s([^>]*)>")), "no <\(name)> in \(html)")
        var attributes: [String: String] = [:]
        for match in String(tag.output[1].substring ?? "").matches(of: #/([a-z-]+)="([^"]*)"/#) {
            attributes[String(match.output.1)] = String(match.output.2).replacingOccurrences(of: "&amp;", with: "&")
        }
        return attributes
    }

    /// `url 1x, url 2x 2x, …` → [(url, scale)].
    static func candidates(_ srcset: String) -> [(url: String, scale: Int)] {
        srcset.split(separator: ",").map { item in
            let parts = item.split(separator: " ")
            let scale = parts.count > 1 ? Int(parts[1].dropLast()) ?? 0 : 1
            return (String(parts[0]), scale)
        }
    }

    // MARK: - Sizes

    @Test func imagesCarryTheirSizeInPoints() throws {
        let server = try InProcessService(["--allow-unsigned"])
        let json = try server.get("/v1/breakdown.json?amount=100&locale=en_GB").json()
        let size = try #require((json["metadata"] as? [String: Any])?["size"] as? [String: Double])
        for format in ["png", "svg", "pdf"] {
            let reply = server.get("/v1/breakdown.\(format)?amount=100&locale=en_GB&scale=2")
            #expect(reply.status == 200)
            #expect(Double(reply["x-breakdown-width"] ?? "") == size["width"], "\(format)")
            #expect(Double(reply["x-breakdown-height"] ?? "") == size["height"], "\(format)")
            if format == "png" {
                let pixels = try Self.pngSize(reply.body)
                #expect(pixels.width == Int(((size["width"] ?? 0) * 2).rounded(.up)))
                #expect(pixels.height == Int(((size["height"] ?? 0) * 2).rounded(.up)))
            }
        }
    }

    // MARK: - The HTML snippet

    @Test func htmlSnippetGivesSizeAltAndEverySignedScale() throws {
        let key = String(repeating: "5a", count: 32), salt = "0badc0de"
        let server = try InProcessService([], environment: ["BREAKDOWN_KEY": key, "BREAKDOWN_SALT": salt])
        func signed(_ pathAndQuery: String) throws -> String {
            "/" + (try ServeEndToEndTests.opensslSignature(key: key, salt: salt, pathAndQuery: pathAndQuery)) + pathAndQuery
        }
        let query = "amount=129.95&locale=en_GB"
        let reply = server.get(try signed("/v1/breakdown.html?\(query)"))
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply["content-type"] == "text/html; charset=utf-8")
        let html = reply.text
        let image = try Self.attributes(of: "img", in: html)
        let source = try Self.attributes(of: "source", in: html)
        let link = try Self.attributes(of: "a", in: html)
        #expect(html.contains("<picture>") && html.contains("</picture>"))

        // Size in CSS pixels: the points, rounded up (the 1x PNG's pixels); alt text as the web writes it.
        let described = try server.get(try signed("/v1/breakdown.json?\(query)")).json()
        let metadata = try #require(described["metadata"] as? [String: Any])
        let size = try #require(metadata["size"] as? [String: Double])
        let width = Int((size["width"] ?? 0).rounded(.up)), height = Int((size["height"] ?? 0).rounded(.up))
        #expect(image["width"] == String(width) && image["height"] == String(height), "\(image)")
        #expect(image["alt"] == metadata["altText"] as? String)
        #expect(image["alt"]?.contains("Clearpay") == true, "the brand as written, not VoiceOver's 'clear pay'")
        #expect(link["href"] == described["linkURL"] as? String)

        // Every candidate is signed (the server's check and openssl's agree) and is the
        // render at that scale, light for the <img>, dark for the dark <source>.
        #expect(source["media"] == "(prefers-color-scheme: dark)")
        let light = Self.candidates(try #require(image["srcset"]))
        let dark = Self.candidates(try #require(source["srcset"]))
        #expect(light.map(\.scale) == [1, 2, 3] && dark.map(\.scale) == [1, 2, 3])
        #expect(image["src"] == light.first?.url)
        for (candidates, appearance) in [(light, "light"), (dark, "dark")] {
            for (url, scale) in candidates {
                let unsigned = String(url.drop { $0 != "/" }.dropFirst().drop { $0 != "/" })
                #expect(url == (try signed(unsigned)), "\(url)")
                let fetched = server.get(url)
                #expect(fetched.status == 200, "\(url): \(fetched.text.prefix(200))")
                #expect(fetched["cache-control"] == "public, max-age=31536000, immutable")
                let pixels = try Self.pngSize(fetched.body)
                #expect(pixels.width == Int(((size["width"] ?? 0) * Double(scale)).rounded(.up)), "\(url)")
                let expected = try ServeEndToEndTests.rendered(
                    ["--amount", "129.95", "--locale", "en_GB", "--scale", String(scale), "--appearance", appearance])
                let same = fetched.body == expected
                #expect(same, "\(url): the bytes of render")
            }
        }

        // --base-url: absolute URLs for emails; a query asking for dark has no dark source.
        let open = try InProcessService(["--allow-unsigned", "--base-url", "https://img.example.com/"])
        let dark2 = open.get("/v1/breakdown.html?amount=5&appearance=dark").text
        #expect(!dark2.contains("<source"))
        let darkImage = try Self.attributes(of: "img", in: dark2)
        #expect(darkImage["src"] == "https://img.example.com/v1/breakdown.png?amount=5&appearance=dark&scale=1", "\(darkImage)")
        // The snippet's ETag follows the base URL (its bytes do); an image's does not.
        let plain = try InProcessService(["--allow-unsigned"])
        let snippetTags = try [open, plain].map { try $0.get("/v1/breakdown.html?amount=5")["etag"] }
        #expect(snippetTags[0] != nil && snippetTags[0] != snippetTags[1])
        let imageTags = try [open, plain].map { try $0.get("/v1/breakdown.png?amount=5")["etag"] }
        #expect(imageTags[0] != nil && imageTags[0] == imageTags[1])
        // An opaque background is the image's own ground: a dark source would draw the dark
        // view's white text on it (#FFFFFF on #FFFFFF), so there is none, and a comment and a
        // warning say why; a translucent ground lets the page through and keeps the dark source.
        let whiteDark = try open.get("/v1/breakdown.json?amount=5&appearance=dark&background=%23ffffff").json()
        let whiteDarkText = try #require((whiteDark["metadata"] as? [String: Any])?["contrast"] as? [String: Any])
        #expect((whiteDarkText["text"] as? Double).map { $0 < 1.01 } == true, "the reason: \(whiteDarkText)")
        for (background, hasDark) in [("%23ffffff", false), ("%23FFFFFFFF", false), ("%23ffffff80", true), ("%23ffffff00", true)] {
            let reply = open.get("/v1/breakdown.html?amount=5&background=\(background)")
            #expect(reply.status == 200, "\(background): \(reply.text)")
            #expect(reply.text.contains("<source") == hasDark, "\(background): \(reply.text)")
            let said = "the background is opaque, so the image looks the same on a dark page"
            #expect(reply.text.contains("<!-- " + said) == !hasDark, "\(background): \(reply.text)")
            #expect((reply["x-breakdown-warning"] ?? "").contains(said) == !hasDark, "\(background)")
        }
        let askedDark = open.get("/v1/breakdown.html?amount=5&background=%23000000&appearance=dark")
        #expect(!askedDark.text.contains("<source") && !askedDark.text.contains("opaque"), "\(askedDark.text)")
        // A hidden breakdown: nothing to show, said in a header and a comment.
        let hidden = open.get("/v1/breakdown.html?amount=5&no-configuration=true")
        #expect(hidden.status == 200 && !hidden.text.contains("<img"))
        #expect(hidden["x-breakdown-hidden"] != nil)
    }

    @Test func snippetsSignOnlyForSignedRequestsAndListOnlyWhatIsDrawn() throws {
        let key = String(repeating: "5a", count: 32), salt = "0badc0de"
        let environment = ["BREAKDOWN_KEY": key, "BREAKDOWN_SALT": salt]
        let open = try InProcessService(["--allow-unsigned"], environment: environment)
        let strict = try InProcessService([], environment: environment)
        func signed(_ pathAndQuery: String) throws -> String {
            "/" + (try ServeEndToEndTests.opensslSignature(key: key, salt: salt, pathAndQuery: pathAndQuery)) + pathAndQuery
        }
        // No signing oracle: an unsigned request gets unsigned URLs, which a server sharing the
        // key but answering signed URLs only refuses; the same request signed gets signed ones.
        let query = "/v1/breakdown.html?amount=100&link-text=x"
        let unsigned = open.get(query)
        #expect(unsigned.status == 200)
        for url in Self.candidates(try #require(try Self.attributes(of: "img", in: unsigned.text)["srcset"])).map(\.url) {
            #expect(url.hasPrefix("/v1/breakdown.png?"), "\(url)")
            #expect(open.get(url).status == 200)
            #expect(strict.get(url).status == 403)
        }
        let viaSignature = open.get(try signed(query))
        #expect(viaSignature["etag"] != unsigned["etag"], "the signed snippet is another response")
        for url in Self.candidates(try #require(try Self.attributes(of: "img", in: viaSignature.text)["srcset"])).map(\.url) {
            let fetched = strict.get(url)
            #expect(fetched.status == 200, "\(url)")
        }
        // Every '&' of the HTML is an entity: the snippet's URLs are attribute text.
        for html in [unsigned.text, viaSignature.text] {
            #expect(html.components(separatedBy: "&").dropFirst().allSatisfy { $0.hasPrefix("amp;") || $0.hasPrefix("quot;") }, "\(html)")
        }

        // A big image: only the scales under the pixel cap (4,000,000 by default) are listed,
        // for the light and the dark source, and every one listed is drawn.
        let big = "amount=100&font-size=100&padding=200"
        let json = try open.get("/v1/breakdown.json?\(big)").json()
        let size = try #require((json["metadata"] as? [String: Any])?["size"] as? [String: Double])
        let expected = [1, 2, 3].filter { scale in
            ((size["width"] ?? 0) * Double(scale)).rounded(.up) * ((size["height"] ?? 0) * Double(scale)).rounded(.up) <= 4_000_000
        }
        #expect(expected == [1], "the case is one whose 2x is over the cap: \(size)")
        let html = open.get("/v1/breakdown.html?\(big)").text
        for element in ["img", "source"] {
            let candidates = Self.candidates(try #require(try Self.attributes(of: element, in: html)["srcset"]))
            #expect(candidates.map(\.scale) == expected, "\(element): \(candidates)")
            for (url, _) in candidates { #expect(open.get(url).status == 200, "\(url)") }
        }
        for scale in [2, 3] { #expect(open.get("/v1/breakdown.png?\(big)&scale=\(scale)").status == 400, "scale \(scale) is refused") }
        // An image whose 1x is over the cap: the snippet is refused as the image is.
        let huge = "amount=100&font-size=200&padding=200"
        #expect(open.get("/v1/breakdown.png?\(huge)").status == 400)
        #expect(open.get("/v1/breakdown.html?\(huge)").status == 400)
    }

    // MARK: - Hidden breakdowns

    @Test func hiddenBreakdownsCanBeTransparentImages() throws {
        let server = try InProcessService(["--allow-unsigned"])
        let hiddenQuery = "amount=100&no-configuration=true"
        #expect(server.get("\(Self.png)?\(hiddenQuery)").status == 204, "the default stays 204")
        for scale in [1, 3] {
            let reply = server.get("\(Self.png)?\(hiddenQuery)&scale=\(scale)&hidden=transparent")
            #expect(reply.status == 200)
            #expect(reply["content-type"] == "image/png")
            #expect(reply["x-breakdown-hidden"]?.contains("configuration") == true)
            #expect(reply["x-breakdown-width"] == "1" && reply["x-breakdown-height"] == "1")
            #expect(try Self.pilSizeAndMaximumAlpha(reply.body) == "\(scale) \(scale) 0", "every pixel transparent")
        }
        let svg = server.get("/v1/breakdown.svg?\(hiddenQuery)&hidden=transparent")
        #expect(svg.status == 200 && svg.text.contains("width=\"1\"") && !svg.text.contains("<path"))
        #expect(server.get("/v1/breakdown.pdf?\(hiddenQuery)&hidden=transparent").status == 204, "no transparent PDF")
        // A breakdown that is shown is drawn as usual.
        let shown = server.get("\(Self.png)?amount=100&hidden=transparent")
        let drawn = shown.body == (try ServeEndToEndTests.rendered(["--amount", "100"]))
        #expect(drawn, "drawn as render draws it")
        let bad = server.get("\(Self.png)?amount=100&hidden=maybe")
        #expect(bad.status == 400)
        #expect(try bad.json()["detail"] as? String == "hidden: 'maybe' is not valid; expected one of empty, transparent")
        // An empty value is quoted as every key's is: '' (and a key with no '=' the same).
        for query in ["hidden=", "hidden"] {
            #expect(try server.get("/v1/breakdown.json?amount=100&\(query)").json()["detail"] as? String == "hidden: '' is not valid; expected one of empty, transparent", "\(query)")
        }
        // A refused value names what the server accepts, within its limits (docs/serve.md: font
        // size 100, width 2000, padding 200, scale 3), never a value it then refuses as over them;
        // each value the message offers at the top is drawn, and the next one up is refused.
        let narrowed: [(query: String, accepted: String, top: String, over: String?)] = [
            ("font-size=501", "a number from 1 to 100 (this server's limit)", "100", "101"),
            ("font-size=big", "a number from 1 to 100 (this server's limit)", "100", "101"),
            ("width=100000", "a number from 1 to 2000 (this server's limit)", "2000", "2001"),
            ("padding=-1", "a number from 0 to 200 (this server's limit)", "200", "201"),
            ("scale=nope", "one of 0.75, 1, 1.5, 2, 2.625, 3 (this server's limit)", "3", "3.5"),
            ("scale=9", "one of 0.75, 1, 1.5, 2, 2.625, 3 (this server's limit)", "3", "4"),
        ]
        for (query, accepted, top, over) in narrowed {
            let key = String(query.prefix { $0 != "=" }), value = String(query.drop { $0 != "=" }.dropFirst())
            let reply = server.get("/v1/breakdown.json?amount=100&\(query)")
            #expect(reply.status == 400)
            #expect(try reply.json()["detail"] as? String == "\(key): '\(value)' is not valid; expected \(accepted)", "\(query)")
            let platform = key == "scale" ? "&platform=android" : ""
            #expect(server.get("/v1/breakdown.json?amount=100\(platform)&\(key)=\(top)").status == 200, "\(key)=\(top)")
            if let over {
                let detail = try server.get("/v1/breakdown.json?amount=100\(platform)&\(key)=\(over)").json()["detail"] as? String
                #expect(detail?.contains("is over this server's limit") == true, "\(key)=\(over): \(detail ?? "")")
            }
        }
        // An option no limit narrows keeps its own words.
        let logo = try server.get("/v1/breakdown.json?amount=100&logo=").json()["detail"] as? String
        #expect(logo?.hasPrefix("logo: '' is not valid; expected ") == true, "\(logo ?? "")")

        let transparent = try InProcessService(["--allow-unsigned", "--hidden", "transparent"])
        #expect(transparent.get("\(Self.png)?\(hiddenQuery)").status == 200)
        #expect(transparent.get("\(Self.png)?\(hiddenQuery)&hidden=empty").status == 204, "the query wins")
    }

    // MARK: - ETags and messages

    @Test func oneMeaningOneETag() throws {
        let server = try InProcessService(["--allow-unsigned", "--cache-size", "8"])
        let first = server.get("\(Self.png)?amount=100&scale=2&text-color=%23112233")
        let etag = try #require(first["etag"])
        for same in ["amount=100.00&scale=2&text-color=%23112233", "amount=0100.0&scale=2&text-color=%23112233ff", "scale=2&text-color=%23112233&amount=100"] {
            let reply = server.get("\(Self.png)?\(same)")
            #expect(reply["etag"] == etag, "\(same)")
            let sameBytes = reply.body == first.body
            #expect(sameBytes, "\(same): the same bytes")
            #expect(server.get("\(Self.png)?\(same)", headers: ["If-None-Match": etag]).status == 304)
        }
        for different in ["amount=100.01&scale=2&text-color=%23112233", "amount=100&scale=3&text-color=%23112233", "amount=100&scale=2&text-color=%23112234"] {
            #expect(server.get("\(Self.png)?\(different)")["etag"] != etag, "\(different)")
        }
        #expect(server.get("/v1/breakdown.svg?amount=100&scale=2&text-color=%23112233")["etag"] != etag, "another format")
        let hidden = server.get("\(Self.png)?amount=1&no-configuration=true")["etag"]
        let transparentTag = server.get("\(Self.png)?amount=1&no-configuration=true&hidden=transparent")["etag"]
        #expect(hidden != nil && hidden != transparentTag)
        let metrics = server.get("/metrics").text
        #expect(ServeEndToEndTests.metric(metrics, "breakdown_cache_hits_total{kind=\"memory\"}") == 3, "the spellings share a cache entry")
    }

    /// A 404 names the pages the server answers, `/` too when it shows the playground, and
    /// every page it names is answered.
    @Test func notFoundNamesThePagesThisServerAnswers() throws {
        for playground in [false, true] {
            let server = try InProcessService(["--allow-unsigned"] + (playground ? ["--playground"] : []))
            let detail = try #require(try server.get("/nope").json()["detail"] as? String)
            let named = detail.contains("/ (the playground)")
            #expect(named == playground, "\(detail)")
            let pages = ["/v1/breakdown.png", "/v1/breakdown.svg", "/v1/breakdown.pdf", "/v1/breakdown.json", "/v1/breakdown.html", "/healthz", "/metrics", "/openapi.json"]
                + (playground ? ["/"] : [])
            for page in pages {
                let status = server.get(page.hasPrefix("/v1/") ? page + "?amount=5" : page).status
                #expect(status == 200, "\(page): \(status)")
            }
            #expect(server.get("/").status == (playground ? 200 : 404))
        }
    }

    @Test func messagesUseTheQuerysSpelling() throws {
        let server = try InProcessService(["--allow-unsigned"])
        let cases: [(query: String, detail: String)] = [
            ("amount=1&scal=2", "unknown option 'scal'; did you mean 'scale'?"),
            ("amout=1", "unknown option 'amout'; did you mean 'amount'?"),
            ("amount=1&scale=7", "scale: '7' is not valid; expected one of 0.75, 1, 1.5, 2, 2.625, 3 (this server's limit)"),
            ("amount=1&font-size=20&content-size=large", "font-size and content-size cannot both be given: choose one"),
        ]
        for (query, detail) in cases {
            let reply = server.get("\(Self.png)?\(query)")
            #expect(reply.status == 400)
            #expect(try reply.json()["detail"] as? String == detail, "\(query)")
        }
    }

    // MARK: - Signatures

    @Test func noNearMissOfASignaturePasses() throws {
        let key = "00112233445566778899aabbccddeeff", salt = "feedface"
        let server = try ServerProcess([], environment: ["BREAKDOWN_KEY": key, "BREAKDOWN_SALT": salt])
        let path = "\(Self.png)?amount=129.95&locale=en_GB"
        let good = try ServeEndToEndTests.opensslSignature(key: key, salt: salt, pathAndQuery: path)
        #expect(good.count == 43)
        #expect(try server.get("/\(good)\(path)").status == 200)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        func altered(_ index: Int) -> String {
            var characters = Array(good)
            let position = alphabet.firstIndex(of: characters[index])!
            characters[index] = alphabet[(position + 16) % 64]
            return String(characters)
        }
        // The last character holds 4 bits of the digest and 2 spare bits: its 3 other
        // spellings decode to the same bytes and are refused all the same.
        let last = alphabet.firstIndex(of: good.last!)!
        let spellings = (1..<4).map { String(good.dropLast()) + String(alphabet[(last & ~3) | ((last + $0) & 3)]) }
        var near: [(String, String)] = [
            ("first character", "/\(altered(0))\(path)"), ("middle character", "/\(altered(21))\(path)"),
            ("last character", "/\(altered(42))\(path)"), ("truncated", "/\(good.dropLast())\(path)"),
            ("a character more", "/\(good)A\(path)"), ("padded", "/\(good)=\(path)"),
            ("lowercased", "/\(good.lowercased())\(path)"), ("uppercased", "/\(good.uppercased())\(path)"),
            ("another format", "/\(good)/v1/breakdown.svg?amount=129.95&locale=en_GB"),
            ("another endpoint", "/\(good)/v1/breakdown.json?amount=129.95&locale=en_GB"),
            ("reordered", "/\(good)\(Self.png)?locale=en_GB&amount=129.95"),
            ("a parameter added", "/\(good)\(path)&scale=2"), ("an empty argument added", "/\(good)\(path)&"),
            ("standard base64", "/\(good.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "%2F"))\(path)"),
        ]
        near += spellings.enumerated().map { ("spare bits \($0.offset + 1)", "/\($0.element)\(path)") }
        // The key and the salt each count, to their last byte.
        let otherKey = String(key.dropLast()) + "e", otherSalt = String(salt.dropLast()) + "f"
        near.append(("another key", "/\(try ServeEndToEndTests.opensslSignature(key: otherKey, salt: salt, pathAndQuery: path))\(path)"))
        near.append(("another salt", "/\(try ServeEndToEndTests.opensslSignature(key: key, salt: otherSalt, pathAndQuery: path))\(path)"))
        near.append(("no salt", "/\(try ServeEndToEndTests.opensslSignature(key: key, salt: "", pathAndQuery: path))\(path)"))
        for (what, target) in near where target != "/\(good)\(path)" {
            let reply = try server.get(target)
            #expect(reply.status == 403, "\(what): \(reply.status)")
        }
        // Signed queries at the limit are answered; one byte over is 414 before the signature is checked.
        let padding = "amount=1&link-text=a"
        let exact = padding + String(repeating: "%61", count: (2048 - padding.count) / 3) + String(repeating: "a", count: (2048 - padding.count) % 3)
        #expect(exact.utf8.count == 2048)
        let atLimit = "/v1/breakdown.json?\(exact)"
        let signedAtLimit = try server.get("/\(try ServeEndToEndTests.opensslSignature(key: key, salt: salt, pathAndQuery: atLimit))\(atLimit)")
        #expect(signedAtLimit.status == 200, "\(signedAtLimit.text.prefix(300))")
        let over = atLimit + "a"
        #expect(try server.get("/\(try ServeEndToEndTests.opensslSignature(key: key, salt: salt, pathAndQuery: over))\(over)").status == 414)
        #expect(server.stop() == 0)
    }
}
