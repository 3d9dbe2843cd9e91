import BreakdownBatch
import BreakdownContent
import BreakdownOptions
import BreakdownServer
import Foundation

/// `breakdown serve`: the breakdown as live images over HTTP (see docs/serve.md).
public enum ServeCommand {
    static let serverGroup = OptionGroup(
        title: "SERVER OPTIONS",
        options: [
            .value("port", "port", .integer(0...65535), default: "8080", help: "The TCP port; 0 picks a free one. The server prints its URL on standard output."),
            .value("host", "address", default: "127.0.0.1", help: "The address to listen on, e.g. 0.0.0.0 in a container."),
            .value(
                "threads", "n", .integer(1...256), defaultHelp: "the number of cores",
                help: "Worker threads, each with its own event loop and renderer."),
            .value("timeout", "seconds", .integer(1...3600), default: "10", help: "Close a connection idle this long."),
            .value(
                "header-timeout", "seconds", .number(0.1...3600), default: "10",
                help: "Close a connection whose request line and header fields have not all arrived this long after it opened or its previous response (slow senders)."),
            .value("max-connections", "n", .integer(1...10000), default: "1000", help: "The most connections open at once (split between the threads); more wait until one closes."),
            .flag("allow-unsigned", help: "Also answer URLs without a signature (local use). Signing takes BREAKDOWN_KEY and BREAKDOWN_SALT (hex) from the environment."),
            .value("max-age", "seconds", .integer(0...31_536_000), default: "31536000", help: "Cache-Control max-age of signed URLs' responses."),
            .value(
                "hidden", "answer", .choice(HiddenAnswer.allCases.map(\.rawValue)), default: "empty",
                help: "A hidden breakdown's image: empty (204 No Content) or transparent (a transparent PNG or SVG one point square, so an email shows no broken image); a query's hidden= wins."),
            .value(
                "base-url", "url", defaultHelp: "none: root-relative URLs",
                help: "What /v1/breakdown.html puts before its image URLs, e.g. https://img.example.com (emails need absolute URLs)."),
            .value(
                "cache-size", "MiB", .integer(0...4096), default: "0",
                help: "Memory for rendered responses, answered again without rendering (without a CDN in front); 0 turns it off."),
        ])

    /// The drawing options that name files: fixed for the server's life.
    static let filesGroup = OptionGroup(
        title: "FONTS AND ARTWORK OPTIONS", options: RenderOptions.drawing.options.filter { ["font-file", "logo-assets"].contains($0.name) })

    /// The `serve` entry of the subcommand table.
    public static let subcommand = Subcommand(
        name: "serve",
        overview: "Answer HTTP requests for breakdown images: GET /v1/breakdown.png?amount=100&locale=en_GB (see docs/serve.md).",
        groups: [serverGroup, filesGroup]
    ) { options, console throws(CLIError) in
        var configuration = ServerConfiguration()
        configuration.port = options.integer("port") ?? 8080
        configuration.host = options.string("host") ?? "127.0.0.1"
        if let threads = options.integer("threads") { configuration.threads = threads }
        configuration.timeoutSeconds = options.integer("timeout") ?? 10
        configuration.maxConnections = options.integer("max-connections") ?? 1000
        configuration.headerTimeoutSeconds = options.number("header-timeout") ?? 10
        configuration.hidden = options.string("hidden").flatMap(HiddenAnswer.init(rawValue:)) ?? .empty
        configuration.baseURL = options.string("base-url") ?? ""
        if !configuration.baseURL.isEmpty {
            let base = configuration.baseURL
            let scheme = base.hasPrefix("https://") ? 8 : base.hasPrefix("http://") ? 7 : 0
            let printable = base.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") }
            guard scheme > 0, base.utf8.count > scheme, printable, !base.contains("?"), !base.contains("#") else {
                throw .usage(
                    "\(options.display("base-url")): \(QuotedValue.quoted(base)) is not valid; expected http:// or https:// and a host, such as https://img.example.com (no query, quotes or spaces)")
            }
        }
        configuration.allowUnsigned = options.flag("allow-unsigned")
        configuration.maxAge = options.integer("max-age") ?? 31_536_000
        configuration.cacheBytes = (options.integer("cache-size") ?? 0) << 20
        configuration.fontFiles = options.strings("font-file")
        configuration.logoAssets = options.string("logo-assets")
        configuration.signer = try URLSigner.fromEnvironment(ProcessInfo.processInfo.environment)
        if configuration.signer == nil, !configuration.allowUnsigned {
            throw .usage(
                "no signing key: set \(URLSigner.keyVariable) and \(URLSigner.saltVariable) (hex) for signed URLs, or give \(options.display("allow-unsigned")) for local use")
        }
        return try BreakdownServer(configuration: configuration).run()
    }
}
