import BreakdownContent
import BreakdownLayout

/// The layouts a renderer made lately, by everything a layout is made from besides the
/// renderer's own fonts and artwork: the view (iOS or Android, with every input), the style and
/// the scale. A catalogue repeats its prices (a shop's 2,000 products have a few hundred), and
/// a sentence laid out once is the same display list every time, so a repeat skips Pango and
/// HarfBuzz and is painted from the same list: the same bytes by construction (tests compare
/// against laying out every time over the gallery and a 2,000-record batch).
///
/// Bounded: at most `capacity` layouts (each a Pango layout of one short paragraph, a few KiB);
/// past it the oldest goes first. Not thread-safe, as its renderer.
final class LayoutCache {
    struct Key: Hashable {
        let view: BreakdownView?
        let breakdown: PriceBreakdown
        let style: LayoutStyle
        let scale: RenderScale
    }

    /// The most layouts kept; 0 keeps none.
    let capacity: Int
    private var entries: [Key: BreakdownLayout] = [:]
    /// The keys in the order they came, as a ring: `next` is the oldest once it is full.
    private var order: [Key] = []
    private var next = 0
    /// Layouts answered from the cache, and made.
    private(set) var hits = 0, misses = 0

    init(capacity: Int) {
        self.capacity = capacity
        entries.reserveCapacity(capacity)
        order.reserveCapacity(capacity)
    }

    /// The layout for `key`: the kept one, or `make()`'s, kept (errors are not kept).
    func layout(for key: Key, make: () throws(BreakdownError) -> BreakdownLayout) throws(BreakdownError) -> BreakdownLayout {
        if let known = entries[key] {
            hits += 1
            return known
        }
        misses += 1
        let made = try make()
        guard capacity > 0 else { return made }
        if order.count < capacity {
            order.append(key)
        } else {
            entries[order[next]] = nil
            order[next] = key
            next = (next + 1) % capacity
        }
        entries[key] = made
        return made
    }

    /// How many layouts are kept.
    var count: Int { entries.count }
}
