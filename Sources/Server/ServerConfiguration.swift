import BreakdownOptions
import Foundation

/// Everything `breakdown serve` is started with: where to listen, how many threads and
/// connections, the fonts and artwork (fixed for the server's life), URL signing and limits.
public struct ServerConfiguration: Sendable {
    /// The address to listen on (a numeric IPv4 or IPv6 address, or a host name).
    public var host = "127.0.0.1"
    /// The TCP port; 0 picks a free one (printed on standard output at start).
    public var port = 8080
    /// Worker threads, each with its own event loop and renderer.
    public var threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Seconds a connection may stay idle (no bytes received or sent) before it is closed.
    public var timeoutSeconds = 10
    /// The most connections open at once, split evenly between the threads; more wait in the
    /// kernel's queue, holding no thread, until one closes.
    public var maxConnections = 1000
    /// Connections one client address may hold open at once; 0: no limit (`--max-connections-per-address`).
    public var maxConnectionsPerAddress = 0
    /// A port of its own for `/healthz` (one thread, a few connections, nothing else answered),
    /// so that liveness probes are answered while the main port is flooded; nil: none.
    public var healthPort: Int?
    /// Extra font files, as `--font-file`.
    public var fontFiles: [String] = []
    /// The artwork folder, as `--logo-assets`; nil: the project's.
    public var logoAssets: String?
    /// Verifies signed URLs; nil: no key configured.
    public var signer: URLSigner?
    /// Also answer URLs without a signature.
    public var allowUnsigned = false
    /// The `max-age` of signed URLs' responses, in seconds.
    public var maxAge = 31_536_000
    /// The in-memory cache of rendered responses, in bytes; 0 (the default) turns it off. Off by
    /// default: behind a CDN it rarely answers, and its churn fragments the heap (measured: resident
    /// memory 1.29× from 10,000 to 200,000 requests with 32 MiB, flat without).
    public var cacheBytes = 0
    /// What one request may ask for.
    public var limits = ServerLimits()
    /// Seconds a request's line and header fields may take to arrive in all, from the
    /// connection's accept or the previous response (however slowly the bytes trickle in).
    public var headerTimeoutSeconds: Double = 10
    /// What a hidden breakdown's image request is answered with, unless its query says (`hidden=`).
    public var hidden: HiddenAnswer = .empty
    /// The scheme and host the snippets of `/v1/breakdown.html` put before their image URLs
    /// (`https://img.example.com`); empty: root-relative URLs.
    public var baseURL = ""
    /// Answer `GET /` with the playground page (PlaygroundPage); needs `allowUnsigned`.
    public var playground = false
    /// After SIGTERM, how long to wait for in-flight requests before stopping anyway.
    public var drainSeconds = 30
    /// How long a connection to the health listener may stay idle (`--health-timeout`).
    public var healthTimeoutSeconds = 2

    /// The defaults `breakdown serve` starts with.
    public init() {}
}

/// How an image request for a hidden breakdown is answered.
public enum HiddenAnswer: String, Sendable, CaseIterable, OptionChoice {
    /// 204 No Content.
    case empty
    /// 200 with a transparent image one point square (PNG, SVG; a PDF is still 204), so that an
    /// email shows nothing rather than a broken image.
    case transparent
}
