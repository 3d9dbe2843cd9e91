import BreakdownLocking
import BreakdownContent
import Foundation
import Synchronization

/// Counters for `/metrics`, in the Prometheus text format: requests by status and endpoint,
/// a histogram of render seconds, requests in flight, cache hits and misses, open connections
/// and resident memory.
final class ServerMetrics: Sendable {
    /// Upper bounds of the render-time histogram's buckets, in seconds.
    static let buckets: [Double] = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1]

    private struct State {
        var requests: [String: Int] = [:]
        var bucketCounts = [Int](repeating: 0, count: ServerMetrics.buckets.count)
        var renderCount = 0
        var renderSum = 0.0
        var cacheHits: [String: Int] = [:]
        var cacheMisses = 0
    }

    private let state = Locked(State())  // not Mutex: TSan cannot see it (Locking/Locked.swift)
    private let inFlight = Atomic<Int>(0)
    private let unreadCloses = Atomic<Int>(0)

    init() {}

    func requestStarted() { inFlight.add(1, ordering: .relaxed) }

    func requestFinished() { inFlight.subtract(1, ordering: .relaxed) }

    /// A connection was closed for leaving its responses unread (HTTPDaemon.unreadLimit).
    func connectionClosedUnread() { unreadCloses.add(1, ordering: .relaxed) }

    /// Requests started and not yet finished.
    var requestsInFlight: Int { inFlight.load(ordering: .relaxed) }

    func record(_ response: HTTPResponse) {
        state.withLock { state in
            state.requests["\(response.status)|\(response.endpoint)", default: 0] += 1
            if let seconds = response.renderSeconds {
                state.renderCount += 1
                state.renderSum += seconds
                if let bucket = Self.buckets.firstIndex(where: { seconds <= $0 }) { state.bucketCounts[bucket] += 1 }
                state.cacheMisses += 1
            }
            if let hit = response.cacheHit { state.cacheHits[hit.rawValue, default: 0] += 1 }
        }
    }

    /// The text `/metrics` answers.
    func prometheusText(connections: Int, cache: (entries: Int, bytes: Int)) -> String {
        let snapshot = state.withLock { $0 }
        var lines: [String] = []
        lines += [
            "# HELP breakdown_http_requests_total Requests answered, by HTTP status and endpoint.",
            "# TYPE breakdown_http_requests_total counter",
        ]
        for key in snapshot.requests.keys.sorted() {
            let parts = key.split(separator: "|")
            lines.append("breakdown_http_requests_total{status=\"\(parts[0])\",endpoint=\"\(parts[1])\"} \(snapshot.requests[key] ?? 0)")
        }
        lines += [
            "# HELP breakdown_render_seconds Time to lay out, draw and encode one response.",
            "# TYPE breakdown_render_seconds histogram",
        ]
        var cumulative = 0
        for (index, bound) in Self.buckets.enumerated() {
            cumulative += snapshot.bucketCounts[index]
            lines.append("breakdown_render_seconds_bucket{le=\"\(bound)\"} \(cumulative)")
        }
        lines += [
            "breakdown_render_seconds_bucket{le=\"+Inf\"} \(snapshot.renderCount)",
            "breakdown_render_seconds_sum \(snapshot.renderSum)",
            "breakdown_render_seconds_count \(snapshot.renderCount)",
            "# HELP breakdown_http_requests_in_flight Requests received and not yet answered.",
            "# TYPE breakdown_http_requests_in_flight gauge",
            "breakdown_http_requests_in_flight \(requestsInFlight)",
            "# HELP breakdown_cache_hits_total Responses made without rendering: 304 Not Modified, or from the memory cache.",
            "# TYPE breakdown_cache_hits_total counter",
            "breakdown_cache_hits_total{kind=\"not_modified\"} \(snapshot.cacheHits["not_modified"] ?? 0)",
            "breakdown_cache_hits_total{kind=\"memory\"} \(snapshot.cacheHits["memory"] ?? 0)",
            "# HELP breakdown_cache_misses_total Responses that were rendered.",
            "# TYPE breakdown_cache_misses_total counter",
            "breakdown_cache_misses_total \(snapshot.cacheMisses)",
            "# HELP breakdown_cache_entries Responses held in the memory cache.",
            "# TYPE breakdown_cache_entries gauge",
            "breakdown_cache_entries \(cache.entries)",
            "# HELP breakdown_cache_bytes Bytes held in the memory cache.",
            "# TYPE breakdown_cache_bytes gauge",
            "breakdown_cache_bytes \(cache.bytes)",
            "# HELP breakdown_http_connections Open client connections.",
            "# TYPE breakdown_http_connections gauge",
            "breakdown_http_connections \(connections)",
            "# HELP breakdown_http_unread_closes_total Connections closed because they left over \(HTTPDaemon.unreadLimit / 1024) KiB of responses unread when they sent another request.",
            "# TYPE breakdown_http_unread_closes_total counter",
            "breakdown_http_unread_closes_total \(unreadCloses.load(ordering: .relaxed))",
            "# HELP process_resident_memory_bytes Resident memory size in bytes.",
            "# TYPE process_resident_memory_bytes gauge",
            "process_resident_memory_bytes \(Self.residentBytes())",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Resident memory from /proc/self/statm (pages × page size); 0 where unavailable.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
