import BreakdownLocking
import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import Foundation

/// Renderers for snapshot assertions. A renderer must not be used by two threads at once, and
/// tests run in parallel, so each assertion borrows a renderer cache for the time it renders and
/// gives it back; there are never more caches than assertions rendering at the same moment.
/// A borrowed cache is used by one assertion at a time.
final class RendererPool: Sendable {
    static let shared = RendererPool()

    private let idle = Locked<[RenderersByResources]>([])

    func withCache<T>(_ body: (RenderersByResources) throws -> T) rethrows -> T {
        let cache = idle.withLock { $0.popLast() } ?? RenderersByResources()
        defer { idle.withLock { $0.append(cache) } }
        return try body(cache)
    }
}
