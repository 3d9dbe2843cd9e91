import BreakdownBatch
import BreakdownContent
import BreakdownOptions
import BreakdownPipeline
import BreakdownServer
import Foundation
import BreakdownIO

/// `breakdown serve`: the breakdown as live images over HTTP (see docs/serve.md).
public enum ServeCommand {
    static let port = Option<Int>.value(
        "port", "port", .integer(0...65535), default: "8080", help: "The TCP port; 0 picks a free one. The server prints its URL on standard output.")
    static let host = Option<String>.value("host", "address", default: "127.0.0.1", help: "The address to listen on, e.g. 0.0.0.0 in a container.")
    static let threads = Option<Int?>.value(
        "threads", "n", .integer(1...256), defaultHelp: "the number of cores",
        help: "Worker threads, each with its own event loop and renderer.")
    static let timeout = Option<Int>.value("timeout", "seconds", .integer(1...3600), default: "10", help: "Close a connection idle this long.")
    static let headerTimeout = Option<Double>.value(
        "header-timeout", "seconds", .number(0.1...3600), default: "10",
        help: "Close a connection whose request line and header fields have not all arrived this long after it opened or its previous response (slow senders).")
    static let drainTimeout = Option<Int>.value(
        "drain-timeout", "seconds", .integer(1...3600), default: "30",
        help: "After SIGTERM or SIGHUP, wait this long for the requests in flight before stopping anyway (keep it under the platform's grace period, e.g. Kubernetes' terminationGracePeriodSeconds).")
    static let healthTimeout = Option<Int>.value(
        "health-timeout", "seconds", .integer(1...3600), default: "2",
        help: "With --health-port: close a health connection idle this long (the listener also closes the one idle longest when it nears its 32 connections, so idle sockets never keep a probe out).")
    static let maxConnections = Option<Int>.value(
        "max-connections", "n", .integer(1...10000), default: "1000", help: "The most connections open at once (split between the threads); more wait until one closes.")
    static let maxConnectionsPerAddress = Option<Int>.value(
        "max-connections-per-address", "n", .integer(0...10000), default: "0",
        help: "The most connections one client address may hold open at once (more are closed as soon as they are accepted), so one client cannot take every connection; 0: no limit. Behind a proxy, which connects from few addresses, leave it 0 or above the proxy's pool.")
    static let allowUnsigned = Flag.flag(
        "allow-unsigned", help: "Also answer URLs without a signature (local use). Signing takes BREAKDOWN_KEY and BREAKDOWN_SALT (hex) from the environment.")
    static let maxAge = Option<Int>.value(
        "max-age", "seconds", .integer(0...31_536_000), default: "31536000", help: "Cache-Control max-age of signed URLs' responses.")
    static let hidden = Option<HiddenAnswer>.choice(
        "hidden", "answer", default: .empty,
        help: "A hidden breakdown's image: empty (204 No Content) or transparent (a transparent PNG or SVG one point square, so an email shows no broken image); a query's hidden= wins.")
    static let baseURL = Option<String?>.value(
        "base-url", "url", defaultHelp: "none: root-relative URLs",
        help: "What /v1/breakdown.html puts before its image URLs, e.g. https://img.example.com (emails need absolute URLs).")
    static let cacheSize = Option<Int>.value(
        "cache-size", "MiB", .integer(0...4096), default: "0",
        help: "Memory for rendered responses, answered again without rendering (without a CDN in front); 0 turns it off.")

    static let healthPort = Option<Int?>.value(
        "health-port", "port", .integer(0...65535), defaultHelp: "none: /healthz on --port only",
        help: "Also answer GET /healthz (only) on this port, with its own thread and connections, so a liveness probe is answered while --port is flooded; 0 picks a free one (printed on standard output after the URL).")

    static let openAPI = Flag.flag(
        "openapi", help: "Print the OpenAPI 3.1 description of the server these options would start (what GET /openapi.json answers) and exit.")

    static let playground = Flag.flag(
        "playground",
        help: "Answer GET / with a page to try every option: the images live, light and dark, both views, the URL and the snippet to copy. Its URLs are unsigned, so it needs --allow-unsigned.")

    static let serverGroup = OptionGroup(
        title: "SERVER OPTIONS",
        [port, host, threads, timeout, headerTimeout, drainTimeout, maxConnections, maxConnectionsPerAddress, healthPort, healthTimeout, allowUnsigned, maxAge, hidden, baseURL, cacheSize, playground, openAPI])

    /// The drawing options that name files: fixed for the server's life.
    static let filesGroup = OptionGroup(title: "FONTS AND ARTWORK OPTIONS", RenderOptions.fileOptions)

    /// The `serve` entry of the subcommand table.
    public static let subcommand = Subcommand(
        name: "serve",
        overview: "Answer HTTP requests for breakdown images: GET /v1/breakdown.png?amount=100&locale=en_GB (see docs/serve.md).",
        groups: [serverGroup, filesGroup]
    ) { options, console throws(CLIError) in
        let configuration = try ServeCommand.configuration(options, environment: ProcessInfo.processInfo.environment)
        if options[openAPI] {
            // The document needs no key: without one it describes the signed URLs a deployment answers.
            let renderer: BreakdownRenderer
            do throws(BreakdownError) {
                renderer = try BreakdownRenderer(fontFiles: configuration.fontFiles)
            } catch {
                throw CLIError(error)
            }
            console.writeOutput(OpenAPIDocument.json(for: configuration, renderer: renderer))
            return ExitStatus.success
        }
        if configuration.signer == nil, !configuration.allowUnsigned {
            throw .usage(
                "no signing key: set \(URLSigner.keyVariable) and \(URLSigner.saltVariable) (hex) for signed URLs, or give \(options.name(of: allowUnsigned)) for local use")
        }
        return try BreakdownServer(configuration: configuration).run()
    }

    /// The server's configuration from `serve`'s options (and the signing key from `environment`):
    /// what `serve` runs with, and what the tests give the service they call in process.
    static func configuration(_ options: ParsedOptions, environment: [String: String]) throws(CLIError) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.port = options[port]
        configuration.host = options[host]
        if let threads = options[ServeCommand.threads] { configuration.threads = threads }
        configuration.timeoutSeconds = options[timeout]
        configuration.maxConnections = options[maxConnections]
        configuration.maxConnectionsPerAddress = options[maxConnectionsPerAddress]
        configuration.healthPort = options[healthPort]
        configuration.healthTimeoutSeconds = options[healthTimeout]
        configuration.headerTimeoutSeconds = options[headerTimeout]
        configuration.drainSeconds = options[drainTimeout]
        configuration.hidden = options[hidden]
        configuration.baseURL = options[baseURL] ?? ""
        if !configuration.baseURL.isEmpty {
            let base = configuration.baseURL
            let scheme = base.hasPrefix("https://") ? 8 : base.hasPrefix("http://") ? 7 : 0
            let printable = base.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") }
            // At most 1024 bytes: it stands four times in every snippet.
            guard scheme > 0, base.utf8.count > scheme, base.utf8.count <= 1024, printable, !base.contains("?"), !base.contains("#") else {
                throw CLIError(options.problem(
                    baseURL,
                    .invalidValue(base, accepted: "http:// or https:// and a host, at most 1024 bytes, such as https://img.example.com (no query, quotes or spaces)")))
            }
        }
        configuration.allowUnsigned = options[allowUnsigned]
        configuration.playground = options[playground]
        if configuration.playground, !configuration.allowUnsigned {
            // The page asks for unsigned images; a server that signs must not answer them to strangers.
            throw .usage(
                "\(options.name(of: playground)) needs \(options.name(of: allowUnsigned)): the page's images are unsigned URLs, and it never signs any")
        }
        configuration.maxAge = options[maxAge]
        configuration.cacheBytes = options[cacheSize] << 20
        configuration.fontFiles = options[RenderOptions.fontFile]
        configuration.logoAssets = options[RenderOptions.logoAssets]
        configuration.signer = try URLSigner.fromEnvironment(environment)
        return configuration
    }
}
