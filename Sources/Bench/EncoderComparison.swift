import BreakdownLayout
import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownDiff
import BreakdownEncode
import BreakdownPaint
import CPangoCairo
import Foundation
import BreakdownIO

/// Encoder for encoder on the project's own images: the same painted surface written by the
/// project's PNG encoder and by `cairo_surface_write_to_png_stream` (what the naive baseline uses),
/// with a check that both files decode to the same pixels.
package enum EncoderComparison {
    package struct Result: Sendable {
        package var images: Int
        package var ourBytes: Int
        package var cairoBytes: Int
        package var samePixels: Bool
    }

    package static func run(_ workload: BenchWorkload, indices: [Int]) throws(CLIError) -> Result {
        var result = Result(images: 0, ourBytes: 0, cairoBytes: 0, samePixels: true)
        do {
            let renderer = try BreakdownRenderer()
            for index in indices {
                let layout = try renderer.layout(workload.breakdown(index), style: BenchWorkload.settings.style)
                let surface = try renderer.paintImage(layout, settings: BenchWorkload.settings)
                let ours = [UInt8](try renderer.encodePNG(surface))
                let cairo = try cairoPNG(surface)
                result.images += 1
                result.ourBytes += ours.count
                result.cairoBytes += cairo.count
                if try PNGDecoder.decode(ours) != PNGDecoder.decode(cairo) { result.samePixels = false }
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("encoder comparison: \(error)")
        }
        return result
    }

    /// The surface as `cairo_surface_write_to_png` would write it, in memory.
    private static func cairoPNG(_ surface: CairoSurface) throws(CLIError) -> [UInt8] {
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface.pointer,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .failure("cairo_surface_write_to_png_stream: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.bytes
    }

    private final class Sink {
        package var bytes: [UInt8] = []
    }
}
