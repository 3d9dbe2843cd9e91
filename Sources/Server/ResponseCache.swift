import BreakdownLocking
import BreakdownContent
import Foundation
import Synchronization

/// Rendered responses by ETag, up to a byte budget; the oldest entry goes first when it is full.
/// The same URL asked for again (an email opened by many people, a CDN's misses from many
/// edges) is then answered without rendering.
final class ResponseCache: Sendable {
    struct Entry: Sendable {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: Data

        var cost: Int { body.count + headers.reduce(64) { $0 + $1.name.utf8.count + $1.value.utf8.count } }
    }

    private struct State: ~Copyable {
        var entries: [String: Entry] = [:]
        var order: [String] = []
        var head = 0
        var bytes = 0
    }

    private let budget: Int
    private let state = Locked(State())  // not Mutex: TSan cannot see it (Locking/Locked.swift)

    init(budget: Int) {
        self.budget = budget
    }

    func entry(for key: String) -> Entry? {
        guard budget > 0 else { return nil }
        return state.withLock { $0.entries[key] }
    }

    func store(_ entry: Entry, for key: String) {
        let cost = entry.cost + key.utf8.count
        guard budget > 0, cost <= budget / 4 else { return }
        state.withLock { state in
            guard state.entries[key] == nil else { return }
            while state.bytes + cost > budget, state.head < state.order.count {
                let oldest = state.order[state.head]
                state.head += 1
                if let removed = state.entries.removeValue(forKey: oldest) { state.bytes -= removed.cost + oldest.utf8.count }
            }
            if state.head > 1024, state.head * 2 > state.order.count {
                state.order.removeFirst(state.head)
                state.head = 0
            }
            state.entries[key] = entry
            state.order.append(key)
            state.bytes += cost
        }
    }

    /// Entries and bytes held now.
    var usage: (entries: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.bytes) } }
}
