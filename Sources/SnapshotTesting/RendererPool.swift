import BreakdownPipeline
import BreakdownOptions
import Foundation

/// Renderers for snapshot assertions. A renderer must not be used by two threads at once, and
/// tests run in parallel, so each assertion borrows a renderer cache for the time it renders and
/// gives it back; there are never more caches than assertions rendering at the same moment.
/// `@unchecked Sendable` is safe: idle changes only under lock, and a borrowed cache is used by one assertion at a time.
final class RendererPool: @unchecked Sendable {
    static let shared = RendererPool()

    private let lock = NSLock()
    private var idle: [RendererCache] = []

    func withCache<T>(_ body: (RendererCache) throws -> T) rethrows -> T {
        let cache = lock.withLock { idle.popLast() } ?? RendererCache()
        defer { lock.withLock { idle.append(cache) } }
        return try body(cache)
    }
}
