import BreakdownBatch
import BreakdownBench
import BreakdownOptions
import BreakdownIO

/// `breakdown bench`: times `breakdown batch` as a user runs it (a manifest on disk, this binary
/// as a child process) beside the naive C baseline, interleaved in one run; the in-process
/// loop's stage times as a labelled diagnosis; the floor, bytes, peak memory and determinism
/// (see `Benchmark`). With `--encoders`, only the PNG encoders compared. It measures; it asserts
/// nothing about time.
public enum BenchCommand {
    static let count = Option<Int>.value("count", "n", .integer(1...1_000_000), default: "2000", help: "Images per pass.")
    static let runs = Option<Int>.value(
        "runs", "n", .integer(1...100), default: "3", help: "Passes of each kind, interleaved; every figure is the median over the runs.")
    static let baseline = Option<String?>.value(
        "baseline", "path", defaultHelp: "Bench/naive-baseline.c in the project, else shared/bench/naive-baseline.c beside it or its parents",
        help: "The naive C baseline's source, compiled with cc -O2 and pkg-config pangocairo; without cc or the file its ratios are left out.")
    static let memoryCount = Option<Int>.value(
        "memory-count", "n", .integer(0...1_000_000), default: "20000",
        help: "Records of the large batch in the peak memory comparison, against 1,000 (the issue's figure is 200000); 0 skips it.")
    static let folder = Option<String?>.value(
        "folder", "dir", defaultHelp: "the system's temporary folder ($TMPDIR or /tmp)",
        help: "Where the images are written (in a new folder inside it), e.g. /dev/shm to leave out the disk's cost of creating files.")
    static let keep = Flag.flag("keep", help: "Keep the temporary folder of images and print where it is.")
    static let encoders = Flag.flag(
        "encoders",
        help: "Only compare the PNG encoders, old (filter None, libdeflate level 1) and new (run-length, libdeflate as fallback): ms per image and bytes on --count workload images, each encoded --runs times (fastest kept).")
    static let encoderImages = Option<String?>.value(
        "encoder-images", "dir",
        help: "With --encoders, also compare them on every PNG in this folder (e.g. one `breakdown gallery -o dir` wrote).")
    static let logoAssets = Option<String?>.value(
        "logo-assets", "path", defaultHelp: "shared/reference/sdk-assets/Assets.xcassets beside the project or its parent folders",
        help: "Official artwork for one more batch --jobs 1 pass (the official-artwork line, which should stay within 10% of the own artwork's); without it that line is left out.")

    static let group = OptionGroup(
        title: "BENCHMARK OPTIONS", [count, runs, baseline, memoryCount, folder, keep, encoders, encoderImages, logoAssets])

    /// The `bench` subcommand: its options, help and the call into the Bench library.
    public static let subcommand = Subcommand(
        name: "bench",
        overview:
            "Measure breakdown batch as users run it beside the naive C baseline: images/s with 1 and 2 jobs, the floor, bytes, peak memory. Build with -c release first.",
        groups: [group]
    ) { options, console throws(CLIError) in
        if options[encoders] {
            let repetitions = options[runs]
            var results = [try PNGEncoderSpeedComparison.runWorkload(count: options[count], repetitions: repetitions)]
            if let folder = options[encoderImages] {
                results.append(try PNGEncoderSpeedComparison.runFolder(folder, repetitions: repetitions))
            }
            for result in results { console.print(result.report) }
            return results.allSatisfy(\.samePixels) ? ExitStatus.success : ExitStatus.failure
        } else if options[encoderImages] != nil {
            throw .usage("--encoder-images needs --encoders")
        }
        var bench = try Benchmark(
            count: options[count], runs: options[runs], memoryCount: options[memoryCount], baseline: options[baseline],
            folder: options[folder], keep: options[keep], catalog: options[logoAssets], console: console)
        return try bench.run()
    }
}
