@testable import BreakdownCLI
import BreakdownOptions
import BreakdownPipeline
@testable import BreakdownServer
import Foundation
import Testing
import BreakdownTestSupport

/// The HTTP service called in the test process, with no socket and no child: what
/// `serve ARGUMENTS` answers a request, from the same configuration (`ServeCommand.configuration`)
/// and the same service type. For what the answer says; what the wire, the sockets, signals and
/// floods do stays with `ServerProcess`.
struct InProcessService {
    let service: BreakdownService

    /// The service `breakdown serve arguments` runs (its environment: `environment`).
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let options = try ParsedOptions(arguments: arguments, groups: ServeCommand.subcommand.groups)
        let configuration = try ServeCommand.configuration(options, environment: environment)
        let renderers = try ThreadRenderers(count: 1) {
            try BreakdownRenderer(fontFiles: configuration.fontFiles, logoAssets: configuration.logoAssets.map { URL(fileURLWithPath: $0, isDirectory: true) })
        }
        service = try BreakdownService(configuration: configuration, identity: "in-process", renderers: renderers, metrics: ServerMetrics())
    }

    /// The reply to one request: header names lower-cased, fields of one name joined by ", " (as
    /// an HTTP client joins them); `fields(named:)` keeps them apart.
    func get(_ target: String, method: String = "GET", headers: [String: String] = [:]) -> HTTPReply {
        response(target, method: method, headers: headers).reply
    }

    /// The service's response and the reply a client would read from it.
    func response(_ target: String, method: String = "GET", headers: [String: String] = [:]) -> (response: HTTPResponse, reply: HTTPReply) {
        let ifNoneMatch = headers.first { $0.key.lowercased() == "if-none-match" }?.value
        let response = service.respond(method: method, uri: target, ifNoneMatch: ifNoneMatch, draining: false)
        // Counted as the daemon counts each answer, so /metrics says what it says on the wire.
        service.metrics.record(response)
        var joined: [String: String] = [:]
        for (name, value) in response.headers {
            let key = name.lowercased()
            joined[key] = joined[key].map { $0 + ", " + value } ?? value
        }
        return (response, HTTPReply(status: response.status, headers: joined, body: response.body))
    }
}
