import BreakdownEncode
import CPangoCairo
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Not a timed test: prints how long encoding takes and how big the files are, for the encoder at
/// each compression level against `cairo_surface_write_to_png_stream`, so the default can be chosen
/// by measurement. Asserts nothing about time. Run it in release mode:
///
///     BREAKDOWN_MEASURE=1 swift test -c release --filter PNGMeasurement
@Suite("PNG measurement", .serialized, .enabled(if: getenv("BREAKDOWN_MEASURE") != nil, "set BREAKDOWN_MEASURE=1 to measure"))
struct PNGMeasurementTests {
    private func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The median over `rounds` of the time per image of `body` over all images, in milliseconds.
    private func medianMilliseconds(rounds: Int, images: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<rounds {
            let start = seconds()
            try body()
            times.append((seconds() - start) / Double(images) * 1000)
        }
        return times.sorted()[rounds / 2]
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = "\(rounded)"
        let fraction = text.split(separator: ".").last.map(\.count) ?? 0
        if fraction < decimals { text += String(repeating: "0", count: decimals - fraction) }
        return text
    }

    @Test("encode time and size by compression level, against Cairo's writer", arguments: [false, true])
    func measure(opaqueBackground: Bool) throws {
        let count = getenv("BREAKDOWN_MEASURE_IMAGES").flatMap { Int(String(cString: $0)) } ?? 100
        let rounds = 7
        let surfaces = (0..<count).map { index in
            BreakdownTestSurface(
                amount: "$\(10 + index % 500).\(index % 100 < 10 ? "0" : "")\(index % 100)",
                opaqueBackground: opaqueBackground)
        }
        var cairoBytes = 0
        let cairoMilliseconds = medianMilliseconds(rounds: rounds, images: count) {
            cairoBytes = surfaces.reduce(0) { $0 + $1.cairoPNG().count }
        }
        let first = surfaces[0]
        var lines = [
            "PNG encode, \(count) images of about \(first.width)×\(first.height) px,"
                + " \(opaqueBackground ? "opaque white" : "transparent") background, median of \(rounds) rounds",
            "writer           ms/image  bytes/image  speed-up  size vs cairo",
            "cairo (libpng)   \(format(cairoMilliseconds, 3))     \(cairoBytes / count)         1.00×     1.000",
        ]
        for level in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12] {
            let encoder = try PNGEncoder(compressionLevel: level)
            var bytes = 0
            let milliseconds = try medianMilliseconds(rounds: level >= 10 ? 1 : rounds, images: count) {
                bytes = try surfaces.reduce(0) { $0 + (try $1.encode(with: encoder)).count }
            }
            lines.append(
                "ours, level \(level)\(level < 10 ? " " : "")   \(format(milliseconds, 3))     \(bytes / count)"
                    + "         \(format(cairoMilliseconds / milliseconds, 2))×     \(format(Double(bytes) / Double(cairoBytes), 3))"
            )
        }
        print(lines.joined(separator: "\n"))
    }
}
