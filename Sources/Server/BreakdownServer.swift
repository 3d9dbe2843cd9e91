import BreakdownContent
import BreakdownLayout
import BreakdownOptions
import BreakdownPaint
import BreakdownPipeline
import BreakdownLocking
import Foundation
import BreakdownIO

/// `breakdown serve`: the breakdown as live images over HTTP. Makes and checks the renderers,
/// listens, prints its URL on standard output, answers until SIGTERM, SIGINT or SIGHUP, then
/// stops accepting, finishes the requests in flight and returns 0. (SIGHUP drains like SIGTERM:
/// there is nothing to reload, fonts and artwork are fixed; a supervisor restarts the server.)
///
/// Signals are blocked in every thread (the worker threads inherit the mask) and taken by the
/// calling thread with `sigwait`, so no work runs in a signal handler.
public final class BreakdownServer {
    public let configuration: ServerConfiguration

    public init(configuration: ServerConfiguration) {
        self.configuration = configuration
    }

    /// Runs until SIGTERM, SIGINT or SIGHUP. Start-up problems (bad artwork or font, busy port, bad
    /// address) are thrown as one-line errors with exit status 2.
    public func run() throws(CLIError) -> Int32 {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        signal(SIGPIPE, SIG_IGN)
        // Until it listens, a signal stops the server at once (checking artwork can take seconds).
        let start = StartWatcher(signals: signals)
        defer { start.finish() }

        let (renderers, missing) = try makeRenderers()
        let identity = RendererVersion.identity(fontFiles: configuration.fontFiles, logoAssets: configuration.logoAssets)
        let metrics = ServerMetrics()
        let service = try BreakdownService(configuration: configuration, identity: identity, renderers: renderers, metrics: metrics)
        service.missingArtwork = Set(missing)
        let daemon = try HTTPDaemon(service: service, metrics: metrics)
        let socket = try ListenSocket(host: configuration.host, port: configuration.port)
        do {
            try daemon.start(socket: socket, configuration: configuration)
        } catch {
            close(socket.descriptor)
            throw error
        }
        // The health listener: its own daemon, thread and connection limit, answering /healthz
        // only; a flood of connections to the main port leaves it free.
        var health: (daemon: HTTPDaemon, socket: ListenSocket)?
        if let healthPort = configuration.healthPort {
            let healthDaemon = try HTTPDaemon(service: service, metrics: metrics, healthOnly: true)
            let healthSocket: ListenSocket
            do {
                healthSocket = try ListenSocket(host: configuration.host, port: healthPort, option: "--health-port")
            } catch {
                daemon.stop()
                throw error
            }
            var healthConfiguration = configuration
            healthConfiguration.threads = 1
            healthConfiguration.maxConnections = HTTPDaemon.healthConnections
            // Probes come from one address (the kubelet's): the listener makes room by itself.
            healthConfiguration.maxConnectionsPerAddress = 0
            healthConfiguration.timeoutSeconds = configuration.healthTimeoutSeconds
            do {
                try healthDaemon.start(socket: healthSocket, configuration: healthConfiguration)
            } catch {
                close(healthSocket.descriptor)
                daemon.stop()
                throw error
            }
            health = (healthDaemon, healthSocket)
        }
        let signing = configuration.signer == nil ? "unsigned URLs only" : configuration.allowUnsigned ? "signed and unsigned URLs" : "signed URLs only"
        // The warning before the URL: whoever waits for the URL has the warning by then.
        if !missing.isEmpty, let folder = configuration.logoAssets {
            AccessLog.write(
                "warning: the artwork \(folder) has no \(missing.count) of the SDK's \(renderers.renderers.first?.artworkSource.allImageNames.count ?? 0) logo images (\(missing.prefix(3).joined(separator: ", "))\(missing.count > 3 ? ", …" : "")): requests that need them are answered 500\n")
        }
        AccessLog.write("listening on \(socket.url) with \(configuration.threads) threads (\(signing))\n")
        if let health { AccessLog.write("health checks on \(health.socket.url)/healthz\n") }
        // From here the signal is the main loop's (one still pending waits for it).
        start.finish()
        AccessLog.write(socket.url + "\n", to: 1)
        if let health { AccessLog.write(health.socket.url + "/healthz\n", to: 1) }

        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        AccessLog.write("received signal \(received): not accepting connections; finishing \(metrics.requestsInFlight) requests in flight\n")
        daemon.stopAccepting()
        health?.daemon.stopAccepting()
        drain(metrics, signals: signals)
        daemon.stop()
        health?.daemon.stop()
        AccessLog.write("stopped after \(daemon.requestsAnswered) requests\n")
        return ExitStatus.success
    }

    /// Waits until no request has been in flight for a short grace period (so that requests
    /// already sent on accepted connections are read and answered), or the drain time is up,
    /// or a second signal comes.
    private func drain(_ metrics: ServerMetrics, signals: sigset_t) {
        var signals = signals
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(configuration.drainSeconds) * 1_000_000_000
        let grace: UInt64 = 250_000_000
        var quietSince: UInt64?
        var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return }
            if metrics.requestsInFlight > 0 {
                quietSince = nil
            } else if let since = quietSince {
                if now - since >= grace { return }
            } else {
                quietSince = now
            }
            if sigtimedwait(&signals, nil, &pause) > 0 {
                AccessLog.write("second signal: stopping now\n")
                return
            }
        }
    }

    /// One renderer a thread, each warmed up with a drawing and its artwork checked: the
    /// `--logo-assets` folder is recognised by the same code as `render`'s (an asset catalog, a
    /// folder of files named by the SDK's image names, or a folder with the project's names), with
    /// the same one-line errors, and every file it holds is parsed before the server listens.
    /// Returns the renderers and the official image names the folder does not hold.
    private func makeRenderers() throws(CLIError) -> (ThreadRenderers, missing: [String]) {
        let fontFiles = configuration.fontFiles
        let logoAssets = configuration.logoAssets.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let warmUp = try CLIError.reading { () throws(RequestError) in try RenderRequest(ParsedOptions(record: ["amount": "100", "scale": "2"], groups: BreakdownService.queryGroups)) }
        let androidWarmUp = try CLIError.reading { () throws(RequestError) in
            try RenderRequest(ParsedOptions(record: ["amount": "100", "scale": "2", "platform": "android"], groups: BreakdownService.queryGroups))
        }
        do {
            let renderers = try ThreadRenderers(count: configuration.threads) {
                let renderer = try BreakdownRenderer(fontFiles: fontFiles, logoAssets: logoAssets)
                let artwork = renderer.painter.artwork
                // The Android SDK's res folder draws only the Android view: every drawable it can
                // need is converted now. iOS artwork is checked as render reads it; the project's
                // own artwork serves both views, so its Android look-alikes are checked too.
                if renderer.artworkSource.kind == .androidResources {
                    try artwork.checkAndroidDrawables()
                    _ = try renderer.render(androidWarmUp.view, settings: androidWarmUp.settings, format: .png)
                    return renderer
                }
                let absent = try artwork.checkAll()
                if !absent.contains(renderer.artworkSource.imageName(for: warmUp.breakdown.logo)) {
                    _ = try renderer.render(warmUp.view, settings: warmUp.settings, format: .png)
                }
                if !renderer.artworkSource.isOfficial, let folder = renderer.artworkSource.androidDrawables,
                    FileManager.default.fileExists(atPath: folder.path)
                {
                    try artwork.checkAndroidDrawables()
                }
                return renderer
            }
            return (renderers, renderers.renderers.first?.artworkSource.missingImageNames ?? [])
        } catch let error as BreakdownError {
            throw .usage(error.description)
        } catch {
            throw .usage("\(error)")
        }
    }
}

/// Takes SIGTERM, SIGINT and SIGHUP while the server starts (they are blocked in every thread,
/// for the main loop's `sigwait`): one that comes before the server listens stops the process at
/// once, exit status 128 + the signal, whatever the start is doing (drawing every artwork file in
/// a child process can take seconds). `finish` hands the signals back to the main loop.
private final class StartWatcher: @unchecked Sendable {
    private let running = Locked(true)
    private let done = DispatchSemaphore(value: 0)
    private var finished = false

    init(signals: sigset_t) {
        let thread = Thread { [self] in
            var signals = signals
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            while running.withLock({ $0 }) {
                let received = sigtimedwait(&signals, nil, &pause)
                if received > 0 {
                    AccessLog.write("received signal \(received) while starting: stopped before listening\n")
                    ArtworkTrial.stopChildren()
                    _exit(128 + received)
                }
            }
            done.signal()
        }
        thread.name = "start signals"
        thread.start()
    }

    /// Stops watching and waits for the watcher to end (called on the starting thread only).
    func finish() {
        guard !finished else { return }
        finished = true
        running.withLock { $0 = false }
        done.wait()
    }
}