import BreakdownContent
import BreakdownEncode
import BreakdownOptions
import BreakdownLayout
import BreakdownPipeline
import Foundation
import BreakdownIO

/// What the server answers, apart from the sockets: routes a request (method, raw URI,
/// `If-None-Match`) to a response. Runs on the worker threads; each renders with its own renderer.
///
/// - `GET|HEAD /v1/breakdown.{png,svg,pdf,json}?<query>`, or `/<signature>/v1/…` when signed:
///   the query's keys are the manifest keys (the render options without dashes), parsed by the
///   same code as the command line and manifests.
/// - `GET /healthz`, `GET /metrics`, `GET /openapi.json` (OpenAPIDocument), and `GET /` with
///   `--playground` (PlaygroundPage).
/// `@unchecked Sendable` is safe: its lets are Sendable or guard themselves (renderers, cache, metrics); connectionCount and missingArtwork are set once before the daemon starts and only read after.
final class BreakdownService: @unchecked Sendable {
    /// Options that name files: fonts and artwork are fixed when the server starts.
    static let fileOptions = Set(RenderOptions.fileOptions.map(\.name))
    /// The options a URL may give: content and drawing, without the file options.
    static let queryGroups: [OptionGroup] = [
        ContentOptions.group,
        OptionGroup(title: RenderOptions.drawing.title, options: RenderOptions.drawing.options.filter { !fileOptions.contains($0.name) }),
    ]
    static let svgPolicy = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox"

    let configuration: ServerConfiguration
    /// The renderer's identity (code, fonts, artwork): part of every ETag.
    let identity: String
    let renderers: ThreadRenderers
    let cache: ResponseCache
    /// The body length of every representation sent, by ETag: a 304's Content-Length.
    let lengths = RepresentationLengths()
    let metrics: ServerMetrics
    /// SHA-256 for the ETags.
    let crypto: LibCrypto
    /// `/openapi.json`: this server's description, made once.
    let openAPIText: String
    /// `/` with `--playground`: the page, made once (empty without).
    let playgroundText: String
    /// Open connections, for /metrics (set once the daemon runs).
    var connectionCount: () -> Int = { 0 }
    /// The official logo images the server's `--logo-assets` does not hold (set once at start,
    /// before any worker runs): a request that needs one is the server's problem, a 500 naming it.
    var missingArtwork: Set<String> = []

    /// An error (exit status 1) when libcrypto cannot be loaded.
    init(configuration: ServerConfiguration, identity: String, renderers: ThreadRenderers, metrics: ServerMetrics) throws(CLIError) {
        crypto = try LibCrypto.load()
        self.configuration = configuration
        self.identity = identity
        self.renderers = renderers
        self.cache = ResponseCache(budget: configuration.cacheBytes)
        self.metrics = metrics
        let families = renderers.renderers.first?.fontFamilies ?? []
        self.openAPIText = renderers.renderers.first.map { OpenAPIDocument.json(for: configuration, renderer: $0) }
            ?? OpenAPIDocument.json(for: configuration, fontFamilies: families)
        self.playgroundText = configuration.playground
            ? PlaygroundPage.html(groups: Self.queryGroups, limits: configuration.limits, fontFamilies: families, baseURL: configuration.baseURL) : ""
    }

    /// The path and query with any signature segment taken off: what the access log shows.
    static func unsignedPart(of uri: String) -> Substring {
        let (signature, rest) = splitSignature(Substring(uri))
        return signature == nil ? Substring(uri) : rest
    }

    /// `/<signature>/v1/…` → (signature, `/v1/…`); anything else → (nil, uri).
    static func splitSignature(_ uri: Substring) -> (signature: Substring?, rest: Substring) {
        guard uri.hasPrefix("/"), !uri.hasPrefix("/v1/") else { return (nil, uri) }
        let afterSlash = uri.dropFirst()
        guard let slash = afterSlash.firstIndex(of: "/") else { return (nil, uri) }
        let segment = afterSlash[..<slash]
        let rest = afterSlash[slash...]
        guard !segment.isEmpty, !segment.contains("?"), rest.hasPrefix("/v1/") else { return (nil, uri) }
        return (segment, rest)
    }

    func respond(method: String, uri: String, ifNoneMatch: String?, draining: Bool) -> HTTPResponse {
        decorate(route(method: method, uri: Substring(uri), ifNoneMatch: ifNoneMatch), close: draining)
    }

    private func route(method: String, uri: Substring, ifNoneMatch: String?) -> HTTPResponse {
        let (signature, rest) = Self.splitSignature(uri)
        let path = rest.prefix { $0 != "?" }
        let query: Substring = rest.firstIndex(of: "?").map { rest[rest.index(after: $0)...] } ?? ""
        let endpoint: String
        switch path {
        case "/healthz" where signature == nil: endpoint = "healthz"
        case "/metrics" where signature == nil: endpoint = "metrics"
        case "/openapi.json" where signature == nil: endpoint = "openapi"
        case "/" where signature == nil && configuration.playground: endpoint = "playground"
        case "/v1/breakdown.png": endpoint = "png"
        case "/v1/breakdown.svg": endpoint = "svg"
        case "/v1/breakdown.pdf": endpoint = "pdf"
        case "/v1/breakdown.json": endpoint = "json"
        case "/v1/breakdown.html": endpoint = "html"
        default:
            let pages = "/v1/breakdown.png, .svg, .pdf, .json and .html, /healthz, /metrics" + (configuration.playground ? ", /openapi.json and / (the playground)" : " and /openapi.json")
            return .problem(404, "no such page; the server answers " + pages)
        }
        guard method == "GET" || method == "HEAD" else {
            var response = HTTPResponse.problem(405, "\(AccessLog.escape(method, limit: 16)) is not allowed here; use GET or HEAD", endpoint: endpoint)
            response.add("Allow", "GET, HEAD")
            return response
        }
        switch endpoint {
        case "healthz": return .text(200, "ok\n", endpoint: endpoint)
        case "metrics":
            return .text(
                200, metrics.prometheusText(connections: connectionCount(), cache: cache.usage),
                contentType: "text/plain; version=0.0.4; charset=utf-8", endpoint: endpoint)
        case "openapi": return .text(200, openAPIText, contentType: "application/json", endpoint: endpoint)
        case "playground":
            var page = HTTPResponse.text(200, playgroundText, contentType: "text/html; charset=utf-8", endpoint: endpoint)
            page.add("Content-Security-Policy", PlaygroundPage.policy)
            return page
        default: break
        }
        let signed: Bool
        if let signature {
            guard let signer = configuration.signer else {
                return .problem(403, "this server has no signing key, so it cannot check the signature in the path", endpoint: endpoint)
            }
            guard signer.isValid(signature: signature, for: rest) else {
                return .problem(403, "the signature does not match the path and query", endpoint: endpoint)
            }
            signed = true
        } else {
            guard configuration.allowUnsigned else {
                return .problem(403, "missing signature: this server answers signed URLs only (/<signature>/v1/…)", endpoint: endpoint)
            }
            signed = false
        }
        do throws(HTTPProblem) {
            return try breakdown(endpoint: endpoint, query: query, signed: signed, ifNoneMatch: ifNoneMatch)
        } catch {
            return .problem(error.status, error.message, endpoint: endpoint)
        }
    }

    /// The key a query may give besides the options: how a hidden breakdown's image is answered.
    static let hiddenKey = "hidden"

    /// What a query asks for: the options, checked against the limits, the hidden answer it
    /// chose (nil: the server's), and its pairs as given (decoded), for the snippet's URLs.
    struct QueryRequest {
        var options: ParsedOptions
        var hidden: HiddenAnswer?
        var pairs: [(key: String, value: String?)]
    }

    /// The options a query gives, checked against the limits. Errors name keys as the query
    /// spells them (`scale`, not `--scale`).
    func options(from query: Substring) throws(HTTPProblem) -> ParsedOptions { try request(from: query).options }

    func request(from query: Substring) throws(HTTPProblem) -> QueryRequest {
        var record: [String: String] = [:]
        var hidden: HiddenAnswer?
        let pairs = try QueryString.pairs(query)
        for (key, value) in pairs {
            if Self.fileOptions.contains(key) {
                throw .badRequest("\(key) is not accepted in a URL: fonts and artwork are fixed when the server starts (serve --\(key))")
            }
            if key == Self.hiddenKey {
                guard let answer = value.flatMap(HiddenAnswer.init(rawValue:)) else {
                    // Worded as every key's value is (an empty one as '', not the access log's '-').
                    throw .badRequest(
                        InputRule.invalidValue(
                            name: Self.hiddenKey, value: value ?? "", accepted: "one of " + HiddenAnswer.allCases.map(\.rawValue).joined(separator: ", ")))
                }
                hidden = answer
                continue
            }
            // A key without `=` is a flag's (`no-minimum`); a value key so given is refused, not
            // read as the word `true` (which its refusal then quoted, though nobody wrote it).
            if value == nil, let option = Self.queryGroups.allOptions.first(where: { $0.name == key }), case .value = option.kind {
                throw .badRequest("\(key) needs a value (\(key)=…); a key without '=' is a flag's, such as no-minimum")
            }
            record[key] = value ?? "true"
        }
        let options = try HTTPProblem.reading { () throws(RequestError) in
            do throws(RequestError) {
                return try ParsedOptions(record: record, groups: Self.queryGroups, source: .query)
            } catch {
                throw configuration.limits.narrowed(error)
            }
        }
        try HTTPProblem.reading { () throws(RequestError) in try configuration.limits.check(options) }
        return QueryRequest(options: options, hidden: hidden, pairs: pairs)
    }

    /// Every option's effective value (given or default), one `name=value` a line, in the
    /// options' declared order, numbers in one spelling (`100.00` is `100`, `2.50` is `2.5`),
    /// colours as `#rrggbbaa`: queries that mean the same give the same text, so
    /// the same ETag and cache entry.
    static func normalized(_ options: ParsedOptions) -> String { options.canonicalText(queryGroups.allOptions, values: .normalized) }

    private func breakdown(endpoint: String, query: Substring, signed: Bool, ifNoneMatch: String?) throws(HTTPProblem) -> HTTPResponse {
        let asked = try self.request(from: query)
        var request = try HTTPProblem.reading { () throws(RequestError) in try RenderRequest(asked.options) }
        request.settings.maximumPixels = configuration.limits.pixels
        let hidden = asked.hidden ?? configuration.hidden
        var normalized = Self.normalized(asked.options)
        if endpoint == "html" {
            // The snippet's URLs depend on the server's base URL and key too (an HMAC of a fixed
            // text stands for the key: a new key, new ETags, and nothing of the key in them).
            // Its URLs are signed only when it was asked for with a signature.
            normalized += "\nbase-url=\(configuration.baseURL)\nkey=\(configuration.signer?.signature(for: "/etag") ?? "")\nsigned=\(signed)"
        }
        let etag = self.etag(identity: identity, endpoint: endpoint, normalized: normalized, hidden: hidden)
        let cacheControl = signed ? "public, max-age=\(configuration.maxAge), immutable" : "no-cache"

        // An entity tag of ours matches only a representation we have sent (2xx), so it may be
        // answered at once when its length is known (`lengths`, kept for every 2xx sent: a 304's
        // Content-Length is the 200's); `*` ("any representation") only once the request is
        // known to have one: its ETag was sent with a 2xx, or it is drawn (or found in the
        // cache) without error. A refused request is refused whatever its If-None-Match says.
        let condition = ifNoneMatch.map { Self.match($0, etag: etag) } ?? .none
        func notModified(length: Int) -> HTTPResponse {
            var response = HTTPResponse(status: 304, endpoint: endpoint)
            response.add("ETag", etag)
            response.add("Cache-Control", cacheControl)
            response.representationLength = length
            response.cacheHit = .notModified
            return response
        }
        if condition != .none, let length = lengths.length(for: etag) { return notModified(length: length) }
        var entry: ResponseCache.Entry
        var response: HTTPResponse
        if let cached = cache.entry(for: etag) {
            entry = cached
            response = HTTPResponse(status: entry.status, endpoint: endpoint)
            response.cacheHit = .memory
        } else {
            let start = DispatchTime.now().uptimeNanoseconds
            entry = try render(endpoint: endpoint, request: request, asked: asked, hidden: hidden, signed: signed)
            response = HTTPResponse(status: entry.status, endpoint: endpoint)
            response.renderSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            cache.store(entry, for: etag)
        }
        if (200..<300).contains(entry.status) {
            lengths.record(entry.body.count, for: etag)
            if condition != .none {
                var answer = notModified(length: entry.body.count)
                // Drawn to learn its length: counted as a render, not as a response made without one.
                if let seconds = response.renderSeconds {
                    answer.renderSeconds = seconds
                    answer.cacheHit = nil
                }
                return answer
            }
        }
        response.headers = entry.headers
        response.body = entry.body
        response.add("ETag", etag)
        response.add("Cache-Control", cacheControl)
        return response
    }

    /// The entity tag: the renderer's identity, the endpoint, the normalized options and the
    /// hidden answer (what the response's bytes depend on).
    func etag(identity: String, endpoint: String, normalized: String, hidden: HiddenAnswer) -> String {
        "\"" + crypto.sha256Hex(identity + "\n" + endpoint + "\n" + normalized + "\nhidden=" + hidden.rawValue).prefix(32) + "\""
    }

    private func render(endpoint: String, request: RenderRequest, asked: QueryRequest, hidden: HiddenAnswer, signed: Bool) throws(HTTPProblem)
        -> ResponseCache.Entry
    {
        let scale = request.settings.scale
        let renderer: BreakdownRenderer
        do {
            renderer = try renderers.current()
        } catch {
            throw .serverFault("cannot make a renderer: \(error)")
        }
        // Every endpoint refuses of a hidden view what its layout would refuse (the JSON and the
        // snippet describe a hidden view without drawing it; the images say it is hidden).
        if request.breakdown.isHidden {
            do {
                try renderer.checkHiddenRequest(of: request.view.platform, breakdown: request.breakdown, style: request.settings.style)
            } catch {
                throw HTTPProblem(error)
            }
        }
        // A view this server's artwork has nothing for is the server's fault (500), as a missing
        // image is, and names no file of the server's.
        if !request.breakdown.isHidden, !renderer.artworkSource.draws(request.view.platform) {
            let view = request.view.platform
            throw .serverFault(
                "this server's artwork (\(renderer.artworkSource.kind.rawValue)) has none for the \(view == .android ? "Android" : "iOS") view, which this request asks for (platform=\(view.rawValue))")
        }
        if !request.breakdown.isHidden, !missingArtwork.isEmpty {
            let needed = renderer.artworkSource.imageName(for: request.breakdown.logo)
            if missingArtwork.contains(needed) {
                throw .serverFault(
                    "this server's artwork (\(renderer.artworkSource.kind.rawValue)) has no logo image \(needed), which this request needs")
            }
        }
        if endpoint == "json" {
            var members: [(key: String, value: JSONValue)]
            // What `describe` prints for this view (iOS or Android), then the image's metadata.
            if case .object(let describe) = ExampleLimits.describing(request.view.json, asked.options) {
                members = describe
            } else {
                members = []
            }
            var metadata: JSONValue = .null
            if !request.breakdown.isHidden {
                do {
                    // As `render --metadata` describes the PNG at this scale.
                    let layout = try renderer.layout(request.view, style: request.settings.style, scale: scale)
                    let described = RenderMetadata(
                        layout: layout, format: .png, scale: scale.factor, background: request.settings.background)
                    let pixels = described.pixelSize
                    if let problem = ImageLimits.problem(width: pixels.width, height: pixels.height, cap: configuration.limits.pixels) {
                        throw HTTPProblem.badRequest(problem)
                    }
                    metadata = try Self.json(described)
                } catch let error as HTTPProblem {
                    throw error
                } catch {
                    throw .badRequest("\(error)")
                }
            }
            members.append(("metadata", metadata))
            return ResponseCache.Entry(
                status: 200, headers: [("Content-Type", "application/json")], body: Data((JSONValue.object(members).pretty + "\n").utf8))
        }
        if endpoint == "html" { return try snippet(request: request, asked: asked, renderer: renderer, signed: signed) }
        guard let format = OutputFormat(rawValue: endpoint) else { throw .serverFault("unknown format \(endpoint)") }
        do {
            let image = try renderer.render(request.view, settings: request.settings, format: format)
            var headers: [(name: String, value: String)] = [("Content-Type", Self.contentType(format))]
            if format == .svg { headers.append(("Content-Security-Policy", Self.svgPolicy)) }
            headers.append(("X-Breakdown-Width", Self.points(image.metadata.size.width)))
            headers.append(("X-Breakdown-Height", Self.points(image.metadata.size.height)))
            // As the CLI words them on stderr, one field each.
            for warning in image.metadata.contrast.warnings { headers.append(("X-Breakdown-Warning", Self.quotedHeaderValue(ContrastWarning.prefix + warning))) }
            for warning in image.warnings { headers.append(("X-Breakdown-Warning", Self.quotedHeaderValue(warning))) }
            return ResponseCache.Entry(status: 200, headers: headers, body: image.bytes)
        } catch {
            switch error {
            case .hidden(let reason):
                let reasonHeader = ("X-Breakdown-Hidden", Self.headerValue(reason))
                if hidden == .transparent, let image = Self.transparentImage(format, scale: request.settings.scale.factor) {
                    var headers: [(name: String, value: String)] = [("Content-Type", Self.contentType(format)), reasonHeader]
                    if format == .svg { headers.append(("Content-Security-Policy", Self.svgPolicy)) }
                    headers += [("X-Breakdown-Width", "1"), ("X-Breakdown-Height", "1")]
                    return ResponseCache.Entry(status: 200, headers: headers, body: image)
                }
                return ResponseCache.Entry(status: 204, headers: [reasonHeader], body: Data())
            default: throw HTTPProblem(error)
            }
        }
    }

    /// Text safe in a header: printable ASCII kept, anything else as `?`, at most `limit` characters.
    static func headerValue(_ text: String, limit: Int = 200) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit).map { (0x20..<0x7F).contains($0.value) ? $0 : "?" }))
    }

    /// A quoted string (RFC 9110 5.6.4) of `headerValue(text)`: warnings hold commas, so each
    /// field is quoted and a list of them (as a proxy may join them) still splits.
    static func quotedHeaderValue(_ text: String) -> String {
        var out = "\""
        for character in headerValue(text, limit: 1000) {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }

    static func contentType(_ format: OutputFormat) -> String {
        switch format {
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .pdf: "application/pdf"
        }
    }

    /// `If-None-Match`: `*`, or a list of entity tags, weak or strong (weak comparison, RFC 9110 13.1.2).
    /// What an If-None-Match header matches: one of its tags is `etag` (weakly compared), it is
    /// `*` (any representation), or neither.
    enum Condition { case none, tag, any }

    static func match(_ header: String, etag: String) -> Condition {
        var any = false
        for item in header.split(separator: ",") {
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { any = true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            if tag == etag { return .tag }
        }
        return any ? .any : .none
    }

    /// RenderMetadata as the `--metadata` file writes it (its Codable keys), as a JSON value.
    static func json(_ metadata: RenderMetadata) throws -> JSONValue {
        let data = try JSONEncoder().encode(metadata)
        return value(try JSONSerialization.jsonObject(with: data))
    }

    private static func value(_ object: Any) -> JSONValue {
        switch object {
        case let dictionary as [String: Any]: .object(dictionary.keys.sorted().map { ($0, value(dictionary[$0] as Any)) })
        case let array as [Any]: .array(array.map(value))
        case let string as String: .string(string)
        case let number as NSNumber: .number(number.doubleValue)
        default: .null
        }
    }
}
