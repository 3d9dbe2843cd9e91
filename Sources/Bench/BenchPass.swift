import BreakdownLocking
import BreakdownLayout
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownContent
import BreakdownEncode
import Foundation
import BreakdownIO

/// Seconds spent in each stage, summed over images (and over threads).
package struct StageTimes: Sendable {
    /// Computing the breakdown (text, currency formatting, logo and link choice).
    package var content = 0.0
    /// Pango layout (PNG); for SVG and PDF, layout, drawing and the document together.
    package var layout = 0.0
    /// Cairo drawing onto the image surface (PNG only).
    package var paint = 0.0
    /// PNG encoding (PNG only).
    package var encode = 0.0
    /// open/write/close of the file.
    package var write = 0.0

    static func + (a: StageTimes, b: StageTimes) -> StageTimes {
        StageTimes(
            content: a.content + b.content, layout: a.layout + b.layout, paint: a.paint + b.paint,
            encode: a.encode + b.encode, write: a.write + b.write)
    }
}

/// One timed pass: every image of the workload rendered and written once.
package struct PassResult: Sendable {
    var format: OutputFormat
    var jobs: Int
    var images: Int
    /// Wall time from the moment every worker was ready to the last one finishing.
    var seconds: Double
    /// Bytes written, all images.
    var bytes: Int
    package var stages: StageTimes

    package var imagesPerSecond: Double { Double(images) / seconds }
}

/// Runs passes: `jobs` threads, each with its own `BreakdownRenderer` (its own font map, parsed
/// artwork and PNG compressor), image `i` going to thread `i % jobs`. Renderers are made before
/// the clock starts, as the baseline makes its font map before its clock starts; the first images
/// still pay for loading glyphs, in both programs.
package enum BenchPass {
    /// - Parameter logoAssets: the artwork (`--logo-assets`); nil: the project's own.
    package static func run(
        _ workload: BenchWorkload, format: OutputFormat, jobs: Int, folder: String, logoAssets: URL? = nil
    ) throws(CLIError) -> PassResult {
        let shared = SharedState()
        for worker in 0..<jobs {
            shared.done.enter()
            let thread = Thread {
                defer { shared.done.leave() }
                let renderer: BreakdownRenderer
                do {
                    renderer = try BreakdownRenderer(logoAssets: logoAssets)
                } catch {
                    shared.fail("cannot make a renderer: \(error)")
                    shared.ready.signal()
                    return
                }
                shared.ready.signal()
                shared.start.wait()
                do {
                    let (stages, bytes, images) = try render(
                        workload, format: format, with: renderer, indices: Swift.stride(from: worker, to: workload.count, by: jobs),
                        folder: folder)
                    shared.add(stages: stages, bytes: bytes, images: images)
                } catch {
                    shared.fail("\(error)")
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        for _ in 0..<jobs { shared.ready.wait() }
        let start = monotonicSeconds()
        for _ in 0..<jobs { shared.start.signal() }
        shared.done.wait()
        let seconds = monotonicSeconds() - start
        if let failure = shared.failure { throw .failure("benchmark \(format.rawValue) --jobs \(jobs): \(failure)") }
        return PassResult(
            format: format, jobs: jobs, images: shared.images, seconds: seconds, bytes: shared.bytes, stages: shared.stages)
    }

    /// One thread's share: compute, lay out, draw, encode and write each image, timing each stage.
    private static func render(
        _ workload: BenchWorkload, format: OutputFormat, with renderer: BreakdownRenderer, indices: StrideTo<Int>, folder: String
    ) throws -> (StageTimes, Int, Int) {
        let settings = BenchWorkload.settings
        var stages = StageTimes()
        var bytes = 0, images = 0
        for index in indices {
            let t0 = monotonicSeconds()
            let breakdown = workload.breakdown(index)
            let t1 = monotonicSeconds()
            let data: Data
            var t2 = t1, t3 = t1
            if format == .png {
                let layout = try renderer.layout(breakdown, style: settings.style, scale: settings.scale)
                t2 = monotonicSeconds()
                let surface = try renderer.paintImage(layout, settings: settings)
                t3 = monotonicSeconds()
                data = try renderer.encodePNG(surface, bands: BreakdownRenderer.bands(layout, scale: settings.scale.factor))
            } else {
                data = try renderer.render(breakdown, settings: settings, format: format).bytes
                t2 = monotonicSeconds()
                t3 = t2
            }
            let t4 = monotonicSeconds()
            try BenchFiles.write(data, to: folder + "/" + BenchWorkload.fileName(index, format: format))
            let t5 = monotonicSeconds()
            stages.content += t1 - t0
            stages.layout += t2 - t1
            stages.paint += t3 - t2
            stages.encode += t4 - t3
            stages.write += t5 - t4
            bytes += data.count
            images += 1
        }
        return (stages, bytes, images)
    }

    /// What the threads of one pass share: the start barrier and the totals.
    /// `@unchecked Sendable` is safe: the semaphores and the group are thread-safe, and the totals are behind a lock.
    private final class SharedState: @unchecked Sendable {
        let ready = DispatchSemaphore(value: 0)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        private let totals = Locked<(stages: StageTimes, bytes: Int, images: Int, failure: String?)>((StageTimes(), 0, 0, nil))
        var stages: StageTimes { totals.withLock { $0.stages } }
        var bytes: Int { totals.withLock { $0.bytes } }
        var images: Int { totals.withLock { $0.images } }
        var failure: String? { totals.withLock { $0.failure } }

        func add(stages: StageTimes, bytes: Int, images: Int) {
            totals.withLock {
                $0.stages = $0.stages + stages
                $0.bytes += bytes
                $0.images += images
            }
        }

        func fail(_ message: String) {
            totals.withLock { if $0.failure == nil { $0.failure = message } }
        }
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
