import CPangoCairo

/// Owns one `PangoLayout`. Painting draws its lines; nothing else touches it.
package final class PangoLayoutHandle: @unchecked Sendable {
    package let pointer: OpaquePointer

    package init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }
}
