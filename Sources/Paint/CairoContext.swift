import BreakdownContent
import CPangoCairo

/// Owns one `cairo_t` drawing onto a `CairoSurface`.
public final class CairoContext {
    package let pointer: OpaquePointer
    public let surface: CairoSurface

    public init(surface: CairoSurface) throws(PaintError) {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
        if cairo_status(pointer) != CAIRO_STATUS_SUCCESS {
            let status = cairo_status(pointer)
            cairo_destroy(pointer)
            try CairoSurface.check(status, "create a drawing context")
        }
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// Throws if any drawing so far failed.
    public func check() throws(PaintError) {
        try CairoSurface.check(cairo_status(pointer), "draw")
    }

    func setSource(_ color: RGBAColor) {
        let c = color.fractions
        cairo_set_source_rgba(pointer, c.red, c.green, c.blue, c.alpha)
    }
}
