import BreakdownBatch
import BreakdownBench
import BreakdownOptions

/// `breakdown bench`: the batch throughput benchmark. Renders in-range badge images (the naive C
/// baseline's content) to files in a temporary folder and reports images per second for PNG with
/// one and two jobs, SVG and PDF, bytes per PNG, peak memory, determinism, and the naive
/// baseline's figure from the same run. It measures; it asserts nothing about time.
public enum BenchCommand {
    static let group = OptionGroup(
        title: "BENCHMARK OPTIONS",
        options: [
            .value("count", "n", .integer(1...1_000_000), default: "2000", help: "Images per pass."),
            .value(
                "runs", "n", .integer(1...100), default: "3",
                help: "Passes of each kind; every figure is the median over the runs."),
            .value(
                "baseline", "path", defaultHelp: "Bench/naive-baseline.c in the project",
                help: "The naive C baseline's source, compiled with cc -O2 and pkg-config pangocairo; without cc or the file its ratios are left out."),
            .value(
                "memory-count", "n", .integer(0...1_000_000), default: "20000",
                help: "The large batch of the peak memory comparison, against a batch 1/20 its size (20,000 vs 1,000); 0 skips it."),
            .value(
                "folder", "dir", defaultHelp: "the system's temporary folder ($TMPDIR or /tmp)",
                help: "Where the images are written (in a new folder inside it), e.g. /dev/shm to leave out the disk's cost of creating files."),
            .flag("keep", help: "Keep the temporary folder of images and print where it is."),
            .flag(
                "encoders",
                help: "Only compare the PNG encoders, old (filter None, libdeflate level 1) and new (run-length, libdeflate as fallback): ms per image and bytes on --count workload images, each encoded --runs times (fastest kept)."),
            .value(
                "encoder-images", "dir",
                help: "With --encoders, also compare them on every PNG in this folder (e.g. one `breakdown gallery -o dir` wrote)."),
            .value(
                "logo-assets", "path", defaultHelp: "shared/reference/sdk-assets/Assets.xcassets beside the project or its parent folders",
                help: "Official artwork for one more PNG --jobs 1 pass (the official-artwork line, which should stay within 10% of the own artwork's); without it that line is left out."),
            .value(
                "memory-only", "n", .integer(1...1_000_000),
                help: "Only render n PNG images with 2 jobs and print the peak resident memory (the memory comparison runs this in child processes)."),
        ])

    /// The `bench` subcommand: its options, help and the call into the Bench library.
    public static let subcommand = Subcommand(
        name: "bench",
        overview:
            "Measure batch rendering: PNG images/s with 1 and 2 jobs, SVG and PDF, bytes, peak memory, beside the naive C baseline. Build with -c release first.",
        groups: [group]
    ) { options, console throws(CLIError) in
        if let count = options.integer("memory-only") {
            return try BenchMemory.memoryOnly(count: count, console: console)
        }
        if options.flag("encoders") {
            let repetitions = options.integer("runs") ?? 3
            var results = [try PNGEncoderSpeedComparison.runWorkload(count: options.integer("count") ?? 2000, repetitions: repetitions)]
            if let folder = options.string("encoder-images") {
                results.append(try PNGEncoderSpeedComparison.runFolder(folder, repetitions: repetitions))
            }
            for result in results { console.print(result.report) }
            return results.allSatisfy(\.samePixels) ? ExitStatus.success : ExitStatus.failure
        } else if options.string("encoder-images") != nil {
            throw .usage("--encoder-images needs --encoders")
        }
        var bench = try Benchmark(
            count: options.integer("count") ?? 2000, runs: options.integer("runs") ?? 3,
            memoryCount: options.integer("memory-count") ?? 20000, baseline: options.string("baseline"),
            folder: options.string("folder"), keep: options.flag("keep"), catalog: options.string("logo-assets"), console: console)
        return try bench.run()
    }
}
