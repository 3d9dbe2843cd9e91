import CPangoCairo

/// Owns one `PangoLayout`. Painting draws its lines; nothing else touches it.
///
/// Not `Sendable`: the layout belongs to its renderer's font map, which Pango lets only one thread
/// use, so a layout (and the `BreakdownLayout` holding it) stays on the thread that made it.
package final class PangoLayoutHandle {
    package let pointer: OpaquePointer

    package init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }
}
