import BreakdownContent
import BreakdownEncode
import BreakdownOptions
import BreakdownPipeline
import Foundation

/// The OpenAPI 3.1 description of a server as configured, generated from the option table the
/// server parses queries with (`BreakdownService.queryGroups`), its limits and its signing: the
/// document `GET /openapi.json` answers and `breakdown serve --openapi` prints. Every query key
/// is a parameter whose schema is what the key's `ValueKind` accepts, narrowed by the limits
/// (the largest amount, font size, width, padding and scale), so a value the schema allows is
/// one the server reads and a value it refuses is one the server refuses; what one key cannot
/// say alone (the pixel cap, a minimum above the maximum, an iOS view at an Android density) is
/// in the descriptions and answered 400.
public enum OpenAPIDocument {
    /// The image and data endpoints: path suffix, operation name, media type, description.
    struct Endpoint {
        let name: String
        let mediaType: String
        let summary: String
        var path: String { "/v1/breakdown.\(name)" }
    }

    static let endpoints = [
        Endpoint(name: "png", mediaType: "image/png", summary: "The breakdown as a PNG image."),
        Endpoint(name: "svg", mediaType: "image/svg+xml", summary: "The breakdown as an SVG image (served with a Content-Security-Policy that runs nothing)."),
        Endpoint(name: "pdf", mediaType: "application/pdf", summary: "The breakdown as a one-page PDF."),
        Endpoint(
            name: "json", mediaType: "application/json",
            summary: "What `breakdown describe` prints for the view (iOS or Android), and the PNG's metadata at the query's scale."),
        Endpoint(
            name: "html", mediaType: "text/html",
            summary: "A `<picture>` snippet for a page or an email: light and dark sources at 1x, 2x and 3x, the size in CSS pixels, the alt text and the info link."),
    ]

    /// The document as pretty-printed JSON.
    /// The document for a server drawing with `renderer`'s fonts (what `/openapi.json` answers
    /// and `serve --openapi` prints).
    package static func json(for configuration: ServerConfiguration, renderer: BreakdownRenderer) -> String {
        json(for: configuration, fontFamilies: renderer.fontFamilies, familiesByView: Platform.allCases.map { ($0, renderer.fontFamilies(of: $0)) })
    }

    public static func json(for configuration: ServerConfiguration, fontFamilies: [String], familiesByView: [(Platform, [String])] = []) -> String {
        document(for: configuration, fontFamilies: fontFamilies, familiesByView: familiesByView).pretty + "\n"
    }

    /// The document as a JSON value. Unsigned paths are described when the server answers them
    /// (`--allow-unsigned`), signed ones when it has a key or answers signed URLs only.
    /// `fontFamilies`: the families the server's fonts hold (`font` is one of them, in any case).
    /// `familiesByView`: which of them each view takes (the `font` key's description says it).
    public static func document(for configuration: ServerConfiguration, fontFamilies: [String], familiesByView: [(Platform, [String])] = []) -> JSONValue {
        let describesSigned = configuration.signer != nil || !configuration.allowUnsigned
        var paths: [(key: String, value: JSONValue)] = []
        for endpoint in endpoints {
            if configuration.allowUnsigned {
                paths.append((endpoint.path, .object([("get", operation(endpoint, signed: false, limits: configuration.limits))])))
            }
            if describesSigned {
                paths.append(("/{signature}" + endpoint.path, .object([("get", operation(endpoint, signed: true, limits: configuration.limits))])))
            }
        }
        paths += [
            ("/healthz", .object([("get", plainOperation(
                id: "health", summary: "Liveness: `ok` while the server runs (also on `--health-port`, alone).",
                mediaType: "text/plain", schema: .object([("type", .string("string")), ("const", .string("ok\n"))])))])),
            ("/metrics", .object([("get", plainOperation(
                id: "metrics", summary: "Prometheus text: requests by endpoint and status, render time, connections, cache.",
                mediaType: "text/plain", schema: .object([("type", .string("string"))])))])),
            ("/openapi.json", .object([("get", plainOperation(
                id: "openapi", summary: "This document.", mediaType: "application/json", schema: .object([("type", .string("object"))])))])),
        ]
        if configuration.playground {
            paths.append(("/", .object([("get", plainOperation(
                id: "playground", summary: "The playground (`--playground`): a form with every option, the images live, the URL and the snippet to copy.",
                mediaType: "text/html", schema: .object([("type", .string("string"))])))])))
        }
        return .object([
            ("openapi", .string("3.1.0")),
            ("info", .object([
                ("title", .string("breakdown serve")),
                ("version", .string(BreakdownVersion.current)),
                ("description", .string(
                    "The Afterpay price breakdown as live images, as the iOS SDK's PriceBreakdownView (or the Android SDK's view) draws it. Query keys are the render options without dashes; a flag is true given alone (`&cbt`) or as `true`. See docs/serve.md.")),
            ])),
            ("servers", .array([.object([("url", .string(configuration.baseURL.isEmpty ? "/" : configuration.baseURL))])])),
            ("paths", .object(paths)),
            ("components", components(limits: configuration.limits, fontFamilies: fontFamilies, familiesByView: familiesByView)),
        ])
    }

    // MARK: Operations

    private static func operation(_ endpoint: Endpoint, signed: Bool, limits: ServerLimits) -> JSONValue {
        var parameters: [JSONValue] = []
        if signed { parameters.append(reference("parameters", "signature")) }
        parameters += queryKeys.map { reference("parameters", $0) }
        parameters.append(reference("parameters", "If-None-Match"))
        // A hidden breakdown's snippet is a comment, without a size.
        let sized = endpoint.name != "html"
        let headers: [(key: String, value: JSONValue)] = [
            ("ETag", reference("headers", "ETag", required: true)),
            ("Cache-Control", reference("headers", "Cache-Control", required: true)),
            ("X-Breakdown-Width", reference("headers", "X-Breakdown-Width", required: sized)),
            ("X-Breakdown-Height", reference("headers", "X-Breakdown-Height", required: sized)),
            ("X-Breakdown-Warning", reference("headers", "X-Breakdown-Warning")),
        ]
        var ok: [(key: String, value: JSONValue)] = [
            ("description", .string(endpoint.name == "html" ? "The snippet (for a hidden breakdown, a comment saying so)." : "The image or document.")),
        ]
        var okHeaders = endpoint.name == "json" ? Array(headers.prefix(2)) : headers
        if endpoint.name == "svg" { okHeaders.append(("Content-Security-Policy", reference("headers", "Content-Security-Policy"))) }
        if endpoint.name != "json" { okHeaders.append(("X-Breakdown-Hidden", reference("headers", "X-Breakdown-Hidden"))) }
        ok.append(("headers", .object(okHeaders)))
        let body: JSONValue
        switch endpoint.name {
        case "json": body = reference("schemas", "Breakdown")
        case "html": body = .object([("type", .string("string"))])
        default: body = .object([("type", .string("string")), ("contentMediaType", .string(endpoint.mediaType))])
        }
        ok.append(("content", .object([(endpoint.name == "html" ? "text/html" : endpoint.mediaType, .object([("schema", body)]))])))
        var responses: [(key: String, value: JSONValue)] = [("200", .object(ok))]
        if endpoint.name != "json" && endpoint.name != "html" {
            responses.append(("204", .object([
                ("description", .string("The breakdown is hidden (no configuration, or a locale the region does not offer) and the answer is `empty`.")),
                ("headers", .object([
                    ("ETag", reference("headers", "ETag", required: true)), ("Cache-Control", reference("headers", "Cache-Control", required: true)),
                    ("X-Breakdown-Hidden", reference("headers", "X-Breakdown-Hidden", required: true)),
                ])),
            ])))
        }
        responses.append(("304", .object([
            ("description", .string("If-None-Match named this response's entity tag.")),
            ("headers", .object([("ETag", reference("headers", "ETag", required: true)), ("Cache-Control", reference("headers", "Cache-Control", required: true))])),
        ])))
        responses.append(("400", problemResponse("A query key or value the server does not accept; or values that are refused together (the pixel cap, a minimum above the maximum, a key of one view's with the other view); or link-text that is not valid Pango markup or shows nothing (only spaces and invisible characters).")))
        responses.append(("403", problemResponse(signed ? "The signature does not match the path and query, or the server has no key." : "This server answers signed URLs only.")))
        responses += sharedProblems
        return .object([
            ("operationId", .string("breakdown" + endpoint.name.uppercased() + (signed ? "Signed" : ""))),
            ("summary", .string(endpoint.summary + (signed ? " Signed: the first path segment is the URL's signature (docs/serve.md, Signed URLs)." : ""))),
            ("parameters", .array(parameters)),
            ("responses", .object(responses)),
        ])
    }

    private static func plainOperation(id: String, summary: String, mediaType: String, schema: JSONValue) -> JSONValue {
        .object([
            ("operationId", .string(id)),
            ("summary", .string(summary)),
            ("responses", .object([
                ("200", .object([
                    ("description", .string(summary)),
                    ("content", .object([(mediaType, .object([("schema", schema)]))])),
                ])),
            ] + sharedProblems)),
        ])
    }

    /// What any request may be answered with before its path is read.
    private static var sharedProblems: [(key: String, value: JSONValue)] {
        [
            ("408", problemResponse("The request line and header fields did not all arrive within --header-timeout.")),
            ("413", problemResponse("The request announces a body: no endpoint takes one.")),
            ("414", problemResponse("The request target is longer than the server's limit.")),
            ("431", problemResponse("The header fields are larger than the server's limit.")),
            ("500", problemResponse("The server cannot draw this request (e.g. its artwork lacks the logo image the request needs).")),
            ("503", problemResponse("The server is stopping (after SIGTERM) or has no free connection.")),
        ]
    }

    /// The families each view takes: a family one view has (Roboto, the Android view's) is
    /// refused for the other.
    private static func fontNote(_ familiesByView: [(Platform, [String])]) -> String {
        guard !familiesByView.isEmpty else { return "" }
        let views = familiesByView.map { view, families in "\(view.title) view (platform \(view.rawValue)): \(families.joined(separator: ", "))" }
        return " Each view takes its own fonts' families; " + views.joined(separator: "; ") + "."
    }

    private static func problemResponse(_ description: String) -> JSONValue {
        .object([
            ("description", .string(description)),
            ("content", .object([("application/problem+json", .object([("schema", reference("schemas", "Problem"))]))])),
        ])
    }

    private static func reference(_ kind: String, _ name: String, required: Bool = false) -> JSONValue {
        // A response header that is always sent is described in place (a $ref cannot say required).
        if kind == "headers", required, let header = headers[name] {
            return .object([("description", .string(header.description)), ("required", .bool(true)), ("schema", header.schema)])
        }
        return .object([("$ref", .string("#/components/\(kind)/\(name)"))])
    }

    // MARK: Components

    /// The query keys, in the option table's order, then `hidden`.
    static var queryKeys: [String] { BreakdownService.queryGroups.allOptions.map(\.name) + [BreakdownService.hiddenKey] }

    /// Computed each time (it is read while the document is built, a few times): held in a
    /// `static let`, its `JSONValue`s (an indirect enum, whose boxes are pointed to with the case
    /// in the pointer's spare bits) look unreachable to LeakSanitizer, which then reports them as
    /// leaked in every test process that built the document.
    private static var headers: [String: (description: String, schema: JSONValue)] { [
        "ETag": ("The response's entity tag: the renderer's identity, the endpoint and the query's normalized options.", .object([("type", .string("string")), ("pattern", .string("^\"[0-9a-f]{32}\"$"))])),
        "Cache-Control": ("`public, max-age=N, immutable` for a signed URL, `no-cache` for an unsigned one, `no-store` for an error.", .object([("type", .string("string"))])),
        "X-Breakdown-Width": ("The image's width in points (CSS pixels in the snippet).", .object([("type", .string("string")), ("pattern", .string("^[0-9]+(\\.[0-9]{1,3})?$"))])),
        "X-Breakdown-Height": ("The image's height in points.", .object([("type", .string("string")), ("pattern", .string("^[0-9]+(\\.[0-9]{1,3})?$"))])),
        "X-Breakdown-Hidden": ("Why the breakdown is hidden (printable ASCII).", .object([("type", .string("string"))])),
        "X-Breakdown-Warning": (
            "A warning about the image, in the CLI's words (low contrast as the SDK draws it, a link image the artwork lacks; for the snippet, the dark image's palette), one quoted string per field (the words hold commas).",
            .object([("type", .string("string")), ("pattern", .string("^\"([^\"\\\\]|\\\\.)*\"(, *\"([^\"\\\\]|\\\\.)*\")*$"))])
        ),
        "Content-Security-Policy": ("The SVG's policy: nothing runs, nothing is fetched.", .object([("type", .string("string")), ("const", .string(BreakdownService.svgPolicy))])),
    ] }

    private static func components(limits: ServerLimits, fontFamilies: [String], familiesByView: [(Platform, [String])]) -> JSONValue {
        var parameters: [(key: String, value: JSONValue)] = []
        for spec in BreakdownService.queryGroups.allOptions {
            parameters.append((spec.name, .object([
                ("name", .string(spec.name)), ("in", .string("query")), ("required", .bool(false)),
                ("description", .string(
                    spec.help + (spec.isFlag ? " A flag: true given alone (`&\(spec.name)`) or as `true`, off as `false` (an empty value is refused)." : "")
                        + (spec.viewNote(in: .field).map { " [\($0)]" } ?? "")
                        + (spec.name == RenderOptions.font.name ? fontNote(familiesByView) : ""))),
                ("schema", querySchema(spec, limits: limits, fontFamilies: fontFamilies)),
            ] + (spec.onlyView == nil ? [] : [("x-breakdown-views", .array(spec.views.map { .string($0.rawValue) }))]))))
        }
        parameters.append((BreakdownService.hiddenKey, .object([
            ("name", .string(BreakdownService.hiddenKey)), ("in", .string("query")), ("required", .bool(false)),
            ("description", .string("A hidden breakdown's image: empty (204 No Content) or transparent (a transparent image one point square); by default the server's --hidden.")),
            ("schema", .object([("type", .string("string")), ("enum", .array(HiddenAnswer.allCases.map { .string($0.rawValue) }))])),
        ])))
        parameters.append(("signature", .object([
            ("name", .string("signature")), ("in", .string("path")), ("required", .bool(true)),
            ("description", .string("The URL's signature: base64url HMAC-SHA256 of the salt and the path with its query, as docs/serve.md shows.")),
            ("schema", .object([("type", .string("string")), ("pattern", .string("^[A-Za-z0-9_-]+$"))])),
        ])))
        parameters.append(("If-None-Match", .object([
            ("name", .string("If-None-Match")), ("in", .string("header")), ("required", .bool(false)),
            ("description", .string("An entity tag of an earlier response (or `*`): answered 304 when it matches.")),
            ("schema", .object([("type", .string("string"))])),
        ])))

        var headerComponents: [(key: String, value: JSONValue)] = []
        for name in headers.keys.sorted() {
            let header = headers[name]!
            headerComponents.append((name, .object([("description", .string(header.description)), ("schema", header.schema)])))
        }
        return .object([
            ("parameters", .object(parameters)),
            ("headers", .object(headerComponents)),
            ("schemas", .object([
                ("Problem", .object([
                    ("description", .string("An RFC 9457 problem: the error's one line as `detail`.")),
                    ("type", .string("object")),
                    ("required", .array(["type", "title", "status", "detail"].map { .string($0) })),
                    ("properties", .object([
                        ("type", .object([("type", .string("string"))])),
                        ("title", .object([("type", .string("string"))])),
                        ("status", .object([("type", .string("integer")), ("minimum", .number(400)), ("maximum", .number(599))])),
                        ("detail", .object([("type", .string("string"))])),
                    ])),
                    ("additionalProperties", .bool(false)),
                ])),
                ("Breakdown", .object([
                    ("description", .string("What `breakdown describe` prints for the view, and `metadata`: the PNG's metadata at the query's scale (null when the view is hidden).")),
                    ("type", .string("object")),
                    ("required", .array([.string("metadata")])),
                    ("properties", .object([
                        ("metadata", .object([("type", .array([.string("object"), .string("null")]))])),
                    ])),
                ])),
            ])),
        ])
    }

    // MARK: Query values

    /// Printable text: what the query reader lets through (no control characters).
    static let printablePattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"

    /// The values a key takes when they are a list: a choice option's within the limits, and the
    /// free-text options the configuration checks against one (locale, currency); nil: not a list.
    static func choices(_ spec: OptionSpec, limits: ServerLimits) -> [String]? {
        switch spec.name {
        case ContentOptions.locale.name: return ContentOptions.merchantLocales
        case ContentOptions.currency.name: return ContentOptions.currencies
        default: break
        }
        guard case .value(_, .choice, _) = spec.kind else { return nil }
        return limits.choices(spec)
    }

    /// One query key's schema: what the server reads from its value, within the limits.
    static func querySchema(_ spec: OptionSpec, limits: ServerLimits, fontFamilies: [String] = []) -> JSONValue {
        func string(_ members: [(key: String, value: JSONValue)]) -> JSONValue {
            .object([("type", .string("string"))] + members + (spec.defaultValue.map { [("default", .string($0))] } ?? []))
        }
        // Free-text options the configuration checks: the values it takes.
        if let choices = choices(spec, limits: limits) { return string([("enum", .array(choices.map { .string($0) }))]) }
        switch spec.name {
        case ContentOptions.minimum.name, ContentOptions.maximum.name, ContentOptions.amount.name:
            return string([("pattern", .string(decimalPattern(upTo: limits.amount)))])
        case RenderOptions.font.name where !fontFamilies.isEmpty:
            return string([("pattern", .string("^" + anyCase(fontFamilies) + "$"))])
        default: break
        }
        guard case .value(_, let kind, _) = spec.kind else { return .object([("type", .string("boolean"))]) }
        func number(_ type: String, _ low: Double, _ high: Double) -> JSONValue {
            .object([("type", .string(type)), ("minimum", .number(low)), ("maximum", .number(high))]
                + (spec.defaultValue.flatMap(Double.init).map { [("default", .number($0))] } ?? []))
        }
        let limit = limits.largest(spec.name)
        switch kind {
        case .text: return string([("minLength", .number(1)), ("pattern", .string(printablePattern))])
        case .choice, .choiceList: return string([])
        case .outputPath: return string([("minLength", .number(1)), ("not", .object([("const", .string("-"))]))])
        case .decimal: return string([("pattern", .string(decimalPattern(upTo: limits.amount)))])
        case .integer(let range): return number("integer", Double(range.lowerBound), min(Double(range.upperBound), limit ?? .infinity))
        case .number(let range): return number("number", range.lowerBound, min(range.upperBound, limit ?? .infinity))
        case .localeIdentifier:
            return string([("maxLength", .number(Double(InputRule.localeIdentifierMaximumLength))), ("pattern", .string(localePattern))])
        case .fileName: return string([("pattern", .string("^[A-Za-z0-9_-][A-Za-z0-9._-]*$"))])
        case .color: return string([("pattern", .string("^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))])
        case .colorOrTransparent: return string([("pattern", .string("^(transparent|#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8}))$"))])
        }
    }

    /// Plain decimal notation from 0 up to `limit` (a power of ten, as the server's is), as the
    /// one price rule (`PriceRule`) reads it: no sign; at most as many whole digits as the limit
    /// has zeros (leading zeros aside), or the limit itself; at most two decimals besides
    /// trailing zeros (nothing is rounded), a digit after the `.` (`100.` may have lost one); and never a sole `.` with exactly three digits after
    /// one to three whole digits that do not start with 0 (`1.299`, `1.290`: thousands or a
    /// fraction), which is why a whole part of one to three digits has its own branch. No
    /// lookahead: every branch says what it takes. Another limit: as for 10^9.
    static func decimalPattern(upTo limit: Decimal) -> String {
        let text = "\(limit)"
        let isPowerOfTen = text.first == "1" && text.dropFirst().allSatisfy({ $0 == "0" }) && text.count > 1
        let zeros = isPowerOfTen ? text.count - 1 : 9
        let fraction = "(\\.[0-9]{1,2}0*)?"
        // After a whole part of 1–3 digits not starting with 0: no fraction of exactly 3 digits.
        let shortFraction = "(\\.([0-9]{1,2}|[0-9]{2}00+))?"
        var branches = [
            "0+[0-9]{0,\(zeros)}\(fraction)",  // a leading 0: never ambiguous
            "\\.[0-9]{1,2}0*",  // no whole digits
            "[1-9][0-9]{0,\(min(2, zeros - 1))}\(shortFraction)",
        ]
        if zeros >= 4 { branches.append("[1-9][0-9]{3,\(zeros - 1)}\(fraction)") }
        if isPowerOfTen { branches.append(text + (text.count <= 3 ? "(\\.(0{1,2}|0{4,}))?" : "(\\.0+)?")) }
        return "^(" + branches.joined(separator: "|") + ")$"
    }

    /// A regular-expression alternation of `words`, each matched in any case (ECMA-262 patterns
    /// have no case-insensitive flag): `en` is `[Ee][Nn]`; other characters escaped. Written as a
    /// tree of shared beginnings (`en|eo|es` is `[Ee]([Nn]|[Oo]|[Ss])`, `inter|inter display` is
    /// `[Ii][Nn][Tt][Ee][Rr]( [Dd]…)?`): the same words in 60% of the text, and a pattern that
    /// generators of matching and non-matching strings (Hypothesis, in Schemathesis) build in a
    /// fraction of the time a flat list of 600 languages takes.
    static func anyCase(_ words: [String]) -> String {
        "(" + prefixTree(words.filter { !$0.isEmpty }.map(Array.init)).text + ")"
    }

    /// The alternation of non-empty `words`, grouped by their first character in any case (in
    /// the order of first appearance); how many branches it has at its top.
    private static func prefixTree(_ words: [[Character]]) -> (text: String, branches: Int) {
        var keys: [String] = []
        var groups: [String: (first: Character, rests: [[Character]])] = [:]
        for word in words {
            let key = String(word[0]).lowercased()
            if groups[key] == nil {
                keys.append(key)
                groups[key] = (word[0], [])
            }
            groups[key]?.rests.append(Array(word.dropFirst()))
        }
        let branches = keys.map { key -> String in
            let (first, rests) = groups[key]!
            let longer = rests.filter { !$0.isEmpty }
            guard !longer.isEmpty else { return anyCase(first) }
            let tail = prefixTree(longer)
            // A word may end here (`( display)?`); several continuations need a group.
            if rests.contains(where: \.isEmpty) { return anyCase(first) + "(" + tail.text + ")?" }
            return anyCase(first) + (tail.branches > 1 ? "(" + tail.text + ")" : tail.text)
        }
        return (branches.joined(separator: "|"), branches.count)
    }

    /// One character in any case: `[Ee]` for a letter with one upper- and one lower-case form,
    /// else itself (escaped unless a letter, a digit or a space).
    private static func anyCase(_ character: Character) -> String {
        let lower = character.lowercased(), upper = character.uppercased()
        if lower != upper, lower.count == 1, upper.count == 1 { return "[\(upper)\(lower)]" }
        return character.isLetter || character.isNumber || character == " " ? String(character) : "\\" + String(character)
    }

    /// A locale identifier as `ValueKind.localeIdentifier` reads it: a language Foundation knows,
    /// an optional script, a region Foundation knows or three digits, a variant after a region,
    /// `@` keywords.
    static var localePattern: String {
        let languages = Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { (2...3).contains($0.count) && $0.allSatisfy(\.isLetter) }.sorted()
        let regions = Locale.Region.isoRegions.map(\.identifier).filter { $0.count == 2 && $0.allSatisfy(\.isLetter) }.sorted()
        let keyword = "[A-Za-z0-9]+=[A-Za-z0-9_/-]+"
        return "^\(anyCase(languages))([_-][A-Za-z]{4})?([_-](\(anyCase(regions))|[0-9]{3})([_-]([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))?)?(@\(keyword)(;\(keyword)){0,\(InputRule.localeKeywordsMaximum - 1)})?$"
    }
}
