import BreakdownLocking
import BreakdownContent
import BreakdownPipeline
import Foundation

/// One renderer for each worker thread (a renderer is not thread-safe). The renderers are made
/// and warmed up before the server starts, so a bad font or artwork folder fails at start; each
/// thread takes one at its first request and keeps it in thread-local storage.
/// `@unchecked Sendable` is safe: the renderers are behind a lock; the key is created once in init and only read after; `make` is called under no shared state; each renderer is used by the one thread that took it.
final class ThreadRenderers: @unchecked Sendable {
    private var key = pthread_key_t()
    /// The renderers no thread has taken, and every one handed out (which keeps them alive for
    /// the thread-local pointers).
    private let renderersMade: Locked<(idle: [BreakdownRenderer], all: [BreakdownRenderer])>
    private let make: () throws -> BreakdownRenderer

    init(count: Int, make: @escaping () throws -> BreakdownRenderer) throws {
        self.make = make
        var renderers: [BreakdownRenderer] = []
        for _ in 0..<count { renderers.append(try make()) }
        renderersMade = Locked((renderers, renderers))
        pthread_key_create(&key, nil)
    }

    /// The calling thread's renderer.
    func current() throws -> BreakdownRenderer {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<BreakdownRenderer>.fromOpaque(pointer).takeUnretainedValue()
        }
        let renderer: BreakdownRenderer
        if let ready = renderersMade.withLock({ $0.idle.popLast() }) {
            renderer = ready
        } else {
            renderer = try make()
            renderersMade.withLock { $0.all.append(renderer) }
        }
        pthread_setspecific(key, Unmanaged.passUnretained(renderer).toOpaque())
        return renderer
    }

    /// Every renderer made so far (for warm-up at start, before any thread runs).
    var renderers: [BreakdownRenderer] { renderersMade.withLock { $0.all } }
}
