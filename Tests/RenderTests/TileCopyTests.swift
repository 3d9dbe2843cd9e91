@testable import BreakdownPaint
import CPangoCairo
import Testing

/// `ArtworkLibrary.copyOntoClear`: raster artwork tiles are copied, not painted, where that gives
/// the bytes Cairo's OVER gives (issue 49). Each case paints the same tile with Cairo onto a copy
/// of the same target and compares every byte; where the copy would differ (something drawn
/// under the tile, a clip through it, another operator, matrix or a pushed group) nothing is
/// copied.
@Suite struct TileCopyTests {
    static let width = 40, height = 30

    /// A 12 × 9 tile of premultiplied pixels: transparent, opaque and partly transparent ones.
    static func tile() throws -> CairoSurface {
        let surface = try CairoSurface.image(width: 12, height: 9)
        fill(surface) { x, y in
            switch (x + 3 * y) % 4 {
            case 0: 0
            case 1: 0xFF00_0000 | UInt32(x * 20) << 16 | UInt32(y * 25) << 8 | 0x40
            default:
                // Alpha a, each channel at most a (valid premultiplied data).
                UInt32(0x30 + x * 9) << 24 | UInt32(x * 3) << 16 | UInt32(y * 4) << 8 | UInt32(x + y)
            }
        }
        return surface
    }

    static func fill(_ surface: CairoSurface, _ pixel: (Int, Int) -> UInt32) {
        let target = surface.pointer
        cairo_surface_flush(target)
        let data = cairo_image_surface_get_data(target)!, stride = Int(cairo_image_surface_get_stride(target))
        let w = Int(cairo_image_surface_get_width(target)), h = Int(cairo_image_surface_get_height(target))
        for y in 0..<h {
            for x in 0..<w { UnsafeMutableRawPointer(data + y * stride).storeBytes(of: pixel(x, y), toByteOffset: x * 4, as: UInt32.self) }
        }
        cairo_surface_mark_dirty_rectangle(target, 0, 0, Int32(w), Int32(h))
    }

    static func bytes(_ surface: CairoSurface) -> [UInt8] {
        cairo_surface_flush(surface.pointer)
        let count = Int(cairo_image_surface_get_stride(surface.pointer)) * Int(cairo_image_surface_get_height(surface.pointer))
        return Array(UnsafeRawBufferPointer(start: cairo_image_surface_get_data(surface.pointer)!, count: count))
    }

    /// Runs `prepare` on a context of a fresh target with `under` drawn first, then either copies
    /// the tile at (x, y) or paints it with Cairo: whether it was copied, and the target's bytes.
    static func draw(
        at x: Double, _ y: Double, copy: Bool, under: ((Int, Int) -> UInt32)? = nil, prepare: (OpaquePointer) -> Void = { _ in }
    ) throws -> (copied: Bool, bytes: [UInt8]) {
        let target = try CairoSurface.image(width: width, height: height)
        if let under { fill(target, under) }
        let cr = cairo_create(target.pointer)!
        defer { cairo_destroy(cr) }
        prepare(cr)
        let tile = try tile()
        var copied = false
        if copy {
            copied = ArtworkLibrary.copyOntoClear(tile, x: x, y: y, in: cr)
        }
        if !copied {
            cairo_set_source_surface(cr, tile.pointer, x, y)
            cairo_paint(cr)
        }
        return (copied, bytes(target))
    }

    @Test("a tile on transparent pixels is copied, with the bytes Cairo's OVER gives, also where it hangs over an edge")
    func copiedOntoTransparentPixels() throws {
        for (x, y) in [(5.0, 7.0), (-4, -3), (33, 25), (0, 0)] {
            let copied = try Self.draw(at: x, y, copy: true), painted = try Self.draw(at: x, y, copy: false)
            #expect(copied.copied, "at \(x), \(y)")
            #expect(copied.bytes == painted.bytes, "at \(x), \(y)")
            #expect(copied.bytes.contains { $0 != 0 })
        }
        // A clip that holds the tile's pixels whole does not stop the copy.
        let clip: (OpaquePointer) -> Void = { cr in
            cairo_rectangle(cr, 2, 3, 30, 20)
            cairo_clip(cr)
        }
        let copied = try Self.draw(at: 5, 7, copy: true, prepare: clip), painted = try Self.draw(at: 5, 7, copy: false, prepare: clip)
        #expect(copied.copied && copied.bytes == painted.bytes)
    }

    @Test("not copied over a drawn pixel, through a clip that cuts the tile, with another operator, matrix or a group")
    func notCopiedWhereOverDiffers() throws {
        // One drawn pixel under the tile's last row; another outside it changes nothing.
        let drawnUnder: (Int, Int) -> UInt32 = { x, y in x == 16 && y == 15 ? 0x8040_2010 : 0 }
        let drawnBeside: (Int, Int) -> UInt32 = { x, y in x == 17 && y == 15 ? 0x8040_2010 : 0 }
        #expect(try !Self.draw(at: 5, 7, copy: true, under: drawnUnder).copied)
        #expect(try Self.draw(at: 5, 7, copy: true, under: drawnBeside).copied)
        let cases: [(String, (OpaquePointer) -> Void)] = [
            ("a clip through the tile", { cr in
                cairo_rectangle(cr, 8, 8, 4, 4)
                cairo_clip(cr)
            }),
            ("a clip on a fraction of a pixel", { cr in
                cairo_rectangle(cr, 2.5, 3, 30, 20)
                cairo_clip(cr)
            }),
            ("operator SOURCE", { cr in cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE) }),
            ("a translated matrix", { cr in cairo_translate(cr, 1, 0) }),
            ("a pushed group", { cr in cairo_push_group(cr) }),
        ]
        for (name, prepare) in cases {
            let copied = try Self.draw(at: 5, 7, copy: true, prepare: prepare)
            #expect(!copied.copied, "\(name)")
            #expect(copied.bytes == (try Self.draw(at: 5, 7, copy: false, prepare: prepare)).bytes, "\(name)")
        }
    }
}
