import BreakdownDiff
import BreakdownEncode
import BreakdownPaint
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import CPangoCairo
import Foundation
import BreakdownIO

/// `breakdown bench --encoders`: the PNG encoder before issue 14 (filter None and libdeflate
/// level 1) against the current one (the run-length compressor with libdeflate as the fallback),
/// on the same premultiplied surfaces: time per image and bytes, and a check that both files decode
/// to the same pixels. The sets are the bench workload's images and, optionally, every PNG in a
/// folder (e.g. the gallery's), read back into Cairo surfaces.
package enum PNGEncoderSpeedComparison {
    /// The figures of one set of images.
    package struct Result: Sendable {
        package var name: String
        package var images = 0
        /// Pixels of all the images.
        package var pixels = 0
        /// Seconds encoding every image once, the fastest of the repetitions per image, per encoder.
        package var oldSeconds = 0.0
        package var newSeconds = 0.0
        package var oldBytes = 0
        package var newBytes = 0
        /// Images the new encoder gave to libdeflate.
        package var fallbacks = 0
        /// The largest new ÷ old byte ratio of one image.
        package var worstRatio = 0.0
        package var samePixels = true
        /// The current encoder with each image's bands, as a batch encodes them (each image once,
        /// in order, the bands kept from image to image): seconds in all and bytes; 0 for a folder
        /// of PNGs, which has no layouts.
        package var bandedSeconds = 0.0
        package var bandedBytes = 0
        /// How many images the encoder with bands encoded, and libdeflate level 1's bytes for them.
        package var bandedImages = 0
        package var bandedReferenceBytes = 0

        package var report: String {
            func ms(_ seconds: Double) -> String { String(format: "%.3f", seconds / Double(max(images, 1)) * 1000) }
            return "\(name): \(images) images; ms/image old \(ms(oldSeconds)), new \(ms(newSeconds)) "
                + "(\(String(format: "%.1f", oldSeconds / max(newSeconds, 1e-12)))× faster); bytes old \(oldBytes), new \(newBytes) "
                + "(new ÷ old \(String(format: "%.3f", Double(newBytes) / Double(max(oldBytes, 1)))), worst image "
                + "\(String(format: "%.3f", worstRatio))); libdeflate fallback for \(fallbacks); "
                + (samePixels ? "same decoded pixels" : "DIFFERENT decoded pixels")
        }
    }

    /// Compares the encoders on the workload's images `0..<count`, each encoded `repetitions` times per encoder.
    /// The encoder with each image's bands encodes the images `0..<bandedCount` once each, in order,
    /// as a batch does.
    package static func runWorkload(count: Int, repetitions: Int, bandedCount: Int = 0) throws(CLIError) -> Result {
        var result = Result(name: "bench workload (scale 2)")
        do {
            let workload = try BenchWorkload(count: max(count, bandedCount))
            let renderer = try BreakdownRenderer()
            let encoders = try Encoders()
            for index in 0..<max(count, bandedCount) {
                let layout = try renderer.layout(workload.breakdown(index), style: BenchWorkload.settings.style)
                let surface = try renderer.paintImage(layout, settings: BenchWorkload.settings)
                guard let pixels = surface.imageData else { throw CLIError.failure("the surface has no pixels") }
                let size = surface.imageLayout
                if index < count {
                    try encoders.compare(
                        width: size.width, height: size.height, stride: size.stride, pixels: pixels, repetitions: repetitions,
                        into: &result)
                }
                if index < bandedCount {
                    try encoders.banded(
                        width: size.width, height: size.height, stride: size.stride, pixels: pixels,
                        bands: BreakdownRenderer.bands(layout, scale: BenchWorkload.settings.scale.factor), into: &result)
                }
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("encoder comparison: \(error)")
        }
        return result
    }

    /// Compares the encoders on every `.png` file in `folder` (sorted by name), read with Cairo.
    package static func runFolder(_ folder: String, repetitions: Int) throws(CLIError) -> Result {
        var result = Result(name: "PNGs in \(folder)")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw .usage("cannot read the folder \(folder) given to --encoder-images")
        }
        do {
            let encoders = try Encoders()
            for name in names.filter({ $0.hasSuffix(".png") }).sorted() {
                let path = folder + "/" + name
                guard let surface = cairo_image_surface_create_from_png(path) else { continue }
                defer { cairo_surface_destroy(surface) }
                guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
                    cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
                    let pixels = cairo_image_surface_get_data(surface)
                else { throw CLIError.failure("cannot read \(path) as an ARGB32 PNG") }
                try encoders.compare(
                    width: Int(cairo_image_surface_get_width(surface)), height: Int(cairo_image_surface_get_height(surface)),
                    stride: Int(cairo_image_surface_get_stride(surface)), pixels: UnsafeRawPointer(pixels),
                    repetitions: repetitions, into: &result)
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("encoder comparison: \(error)")
        }
        guard result.images > 0 else { throw .usage("no PNG files in \(folder), given to --encoder-images") }
        return result
    }

    /// The two encoders, each reused from image to image as a renderer does.
    private final class Encoders {
        let old = try? PNGEncoder(method: .libdeflate)
        let new = try? PNGEncoder(method: .automatic)
        let fastOnly = try? PNGEncoder(method: .runLength)

        init() throws(CLIError) {
            guard old != nil, new != nil, fastOnly != nil else { throw .failure("cannot make the PNG encoders") }
        }

        func compare(
            width: Int, height: Int, stride: Int, pixels: UnsafeRawPointer, repetitions: Int, into result: inout Result
        ) throws {
            guard let old, let new, let fastOnly else { return }
            var oldBest = Double.infinity, newBest = Double.infinity
            var oldBytes: [UInt8] = [], newBytes: [UInt8] = []
            for _ in 0..<max(1, repetitions) {
                let t0 = clock()
                oldBytes = try old.encode(width: width, height: height, stride: stride, argb32: pixels)
                let t1 = clock()
                newBytes = try new.encode(width: width, height: height, stride: stride, argb32: pixels)
                let t2 = clock()
                oldBest = min(oldBest, t1 - t0)
                newBest = min(newBest, t2 - t1)
            }
            result.images += 1
            result.pixels += width * height
            result.oldSeconds += oldBest
            result.newSeconds += newBest
            result.oldBytes += oldBytes.count
            result.newBytes += newBytes.count
            result.worstRatio = max(result.worstRatio, Double(newBytes.count) / Double(oldBytes.count))
            let runLength = try fastOnly.encode(width: width, height: height, stride: stride, argb32: pixels)
            if runLength != newBytes { result.fallbacks += 1 }
            if try PNGDecoder.decode(oldBytes) != PNGDecoder.decode(newBytes) { result.samePixels = false }
        }

        /// Encodes once with `bands` through an encoder that keeps them from image to image, and
        /// checks the pixels against libdeflate's file of the same image.
        func banded(width: Int, height: Int, stride: Int, pixels: UnsafeRawPointer, bands: [Range<Int>], into result: inout Result) throws {
            guard let old else { return }
            var nonZero: [Range<Int>] = []
            let t0 = clock()
            let bytes = try withBands.encode(width: width, height: height, stride: stride, argb32: pixels, nonZero: &nonZero, bands: bands)
            result.bandedSeconds += clock() - t0
            result.bandedBytes += bytes.count
            let reference = try old.encode(width: width, height: height, stride: stride, argb32: pixels)
            result.bandedImages += 1
            result.bandedReferenceBytes += reference.count
            if try PNGDecoder.decode(reference) != PNGDecoder.decode(bytes) { result.samePixels = false }
        }

        let withBands = try! PNGEncoder(method: .automatic)

        private func clock() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
    }
}
