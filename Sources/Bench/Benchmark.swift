import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownDiff
import BreakdownEncode
import Foundation
import BreakdownIO

/// `breakdown bench`'s body: times `breakdown batch` as a user runs it (a manifest on disk, this
/// binary as a child process, resume bookkeeping, atomic writes, process start) beside the naive C
/// baseline, interleaved in one run; the in-process loop's stage times as a labelled diagnosis;
/// the floor (each stage and the cost of creating a file here); bytes, peak memory and
/// determinism. It measures; it asserts nothing about time.
/// One benchmark run: the passes, then the summary and the targets.
package struct Benchmark {
    let count: Int
    let runs: Int
    let memoryCount: Int
    let baselineSource: String?
    let keep: Bool
    /// The official catalog of the artwork line, if any.
    let catalog: String?
    let console: Console
    let workload: BenchWorkload
    let folder: String
    /// This binary: the batch under test.
    let binary: String
    let manifest: String
    /// The same images as a shop's CSV export (mapped columns, shop prices, a name template).
    let shopManifest: String
    /// The manifest's first and second halves, for two `--jobs 1` processes side by side.
    let halfManifests: [String]

    /// Figures per run, by row.
    private var rates: [Row: [Double]] = [:]
    /// CPU milliseconds an image per run, by row: less sensitive to a busy machine than the rates.
    private var cpu: [Row: [Double]] = [:]
    private var stages: [StageTimes] = []
    private var deterministic = true
    private var determinismChecks: [String] = []

    enum Row: String, CaseIterable {
        case baseline = "naive C baseline (cairo_surface_write_to_png)"
        case batch1 = "breakdown batch --jobs 1"
        case batchCSV = "breakdown batch --jobs 1, shop CSV (--map, --name)"
        case batch2 = "breakdown batch --jobs 2"
        case halves = "two batch --jobs 1 side by side, half each"
        case batchSVG = "breakdown batch --jobs 1 --format svg"
        case batchPDF = "breakdown batch --jobs 1 --format pdf"
        case official = "breakdown batch PNG --jobs 1, official artwork (--logo-assets)"
        case baselineMemory = "naive C baseline, on tmpfs"
        case batch1Memory = "breakdown batch --jobs 1, on tmpfs"
        case batch2Memory = "breakdown batch --jobs 2, on tmpfs"
        case loop1 = "diagnosis: in-process loop, PNG, 1 thread"
    }

    /// A second folder on a memory file system (`/dev/shm`) when `folder` is on a disk, so that one
    /// run gives the batch beside the baseline both with and without the disk's cost of files.
    let memoryFolder: String?
    /// The encoders alone on the workload's images (filled in by `run`).
    private var encoderFigures: PNGEncoderSpeedComparison.Result?

    package init(
        count: Int, runs: Int, memoryCount: Int, baseline: String?, folder parent: String?, keep: Bool, catalog: String?,
        console: Console
    ) throws(CLIError) {
        self.count = count
        self.runs = runs
        self.memoryCount = memoryCount
        self.baselineSource = NaiveBaseline.locate(explicit: baseline)
        if let baseline, baselineSource == nil { throw .usage("cannot read the baseline source \(baseline)") }
        self.keep = keep
        self.catalog = NaiveBaseline.locateCatalog(explicit: catalog)
        if let catalog, self.catalog == nil { throw .usage("cannot find the asset catalog \(catalog)") }
        self.console = console
        workload = try BenchWorkload(count: count)
        folder = try BenchFiles.makeTemporaryFolder(in: parent)
        if Self.fileSystemType(of: folder) != "tmpfs", Self.fileSystemType(of: "/dev/shm/") == "tmpfs",
            let shm = try? BenchFiles.makeTemporaryFolder(in: "/dev/shm")
        {
            memoryFolder = shm
        } else {
            memoryFolder = nil
        }
        binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        manifest = folder + "/bench.ndjson"
        try BenchFiles.write(Data(BenchWorkload.manifest(count: count).utf8), to: manifest)
        shopManifest = folder + "/bench-shop.csv"
        try BenchFiles.write(Data(BenchWorkload.shopCSV(count: count).utf8), to: shopManifest)
        let lines = BenchWorkload.manifest(count: count).split(separator: "\n")
        halfManifests = [folder + "/bench-half-1.ndjson", folder + "/bench-half-2.ndjson"]
        for (half, records) in zip(halfManifests, [lines.prefix(count / 2), lines.dropFirst(count / 2)]) {
            try BenchFiles.write(Data(records.map { $0 + "\n" }.joined().utf8), to: half)
        }
    }

    package mutating func run() throws(CLIError) -> Int32 {
        defer {
            if !keep { BenchFiles.remove(folder) }
            if let memoryFolder { BenchFiles.remove(memoryFolder) }
        }
        // Nothing is deleted before the end: folders no longer needed go to `trash` (see `discard`).
        let cores = ProcessInfo.processInfo.activeProcessorCount
        console.print(
            "breakdown bench: \(count) in-range badge images a pass (en_AU, Inter 17 pt, scale 2, transparent, a payment of "
                + "$10.00 to $509.99 varying per image as in the naive baseline), \(runs) run\(runs == 1 ? "" : "s") interleaved, median reported")
        console.print("machine: \(cores) cores, load average \(loadAverage()) at start; other work on the machine slows every figure")
        console.print("images written to \(folder) (\(fileSystem(of: folder)))")
        if let memoryFolder {
            console.print("and, for the tmpfs rows, to \(memoryFolder) (\(fileSystem(of: memoryFolder))): the same passes without a disk's cost of files")
        }
        console.print("batch under test: \(binary) (this binary; build with swift build -c release), as a child process, timed from spawn to exit:")
        console.print("  " + batchCommand(jobs: 1, format: .png, output: "OUT").joined(separator: " "))
        console.print("  manifest: \(manifest), \(count) NDJSON records like \(BenchWorkload.manifest(count: 1).dropLast())")

        var program: String?
        if let source = baselineSource {
            do {
                program = try NaiveBaseline.build(source, into: folder)
                console.print("naive baseline: \(source), built with cc -O2 $(pkg-config --cflags --libs pangocairo), run as \(folder)/naive-baseline \(count) OUT, timed from spawn to exit")
            } catch {
                console.print("naive baseline: skipped, \(error.message); no ratios")
            }
        } else {
            console.print("naive baseline: skipped, naive-baseline.c not found (give --baseline PATH); no ratios")
        }
        if let catalog {
            console.print("official artwork: \(catalog) (one more batch --jobs 1 pass a run, with --logo-assets)")
        } else {
            console.print("official artwork: skipped, no catalog found (give --logo-assets PATH)")
        }
        console.print("")

        for run in 1...runs {
            var line: [String] = []
            if let program {
                let target = passFolder("naive", run: run)
                try BenchFiles.makeFolder(target)
                BenchFiles.settle()
                let result = try ChildProcess.run(program, [String(count), target], outputFile: folder + "/naive.log")
                guard result.status == 0 else { throw .failure("the naive baseline failed (status \(result.status)): \(result.output)") }
                record(.baseline, Double(count) / result.seconds, cpu: result.cpuSeconds, into: &line)
            }
            let batch1 = try batchPass(jobs: 1, format: .png, run: run)
            record(.batch1, batch1.rate, cpu: batch1.cpu, into: &line)
            let shop = try batchPass(jobs: 1, format: .png, run: run, shop: true)
            record(.batchCSV, shop.rate, cpu: shop.cpu, into: &line)
            let batch2 = try batchPass(jobs: 2, format: .png, run: run)
            record(.batch2, batch2.rate, cpu: batch2.cpu, into: &line)
            let halves = try halvesPass(run: run)
            record(.halves, halves.rate, cpu: halves.cpu, into: &line)
            if let memoryFolder {
                if let program {
                    let target = memoryFolder + "/naive-\(run)"
                    try BenchFiles.makeFolder(target)
                    BenchFiles.settle()
                    let result = try ChildProcess.run(program, [String(count), target], outputFile: folder + "/naive.log")
                    guard result.status == 0 else { throw .failure("the naive baseline failed (status \(result.status)): \(result.output)") }
                    record(.baselineMemory, Double(count) / result.seconds, cpu: result.cpuSeconds, into: &line)
                    BenchFiles.remove(target)
                }
                for (jobs, row) in [(1, Row.batch1Memory), (2, .batch2Memory)] {
                    let pass = try batchPass(jobs: jobs, format: .png, run: run, inside: memoryFolder)
                    record(row, pass.rate, cpu: pass.cpu, into: &line)
                    BenchFiles.remove(memoryFolder + "/" + batchLabel(jobs: jobs, format: .png) + "-\(run)")
                }
            }
            let batchSVG = try batchPass(jobs: 1, format: .svg, run: run)
            record(.batchSVG, batchSVG.rate, cpu: batchSVG.cpu, into: &line)
            let batchPDF = try batchPass(jobs: 1, format: .pdf, run: run)
            record(.batchPDF, batchPDF.rate, cpu: batchPDF.cpu, into: &line)
            if let catalog {
                let official = try batchPass(jobs: 1, format: .png, run: run, logoAssets: catalog)
                record(.official, official.rate, cpu: official.cpu, into: &line)
                BenchFiles.discard(passFolder(batchLabel(jobs: 1, format: .png) + "-official", run: run), into: trash)
            }
            let loop = passFolder("loop", run: run)
            try BenchFiles.makeFolder(loop)
            BenchFiles.settle()
            let cpuBefore = ChildProcess.ownCPUSeconds()
            let pass = try BenchPass.run(workload, format: .png, jobs: 1, folder: loop)
            stages.append(pass.stages)
            record(.loop1, pass.imagesPerSecond, cpu: ChildProcess.ownCPUSeconds() - cpuBefore, into: &line)
            checkDeterminism(run: run)
            console.print("run \(run): " + line.joined(separator: ", ") + " images/s")
        }
        console.print("")
        printRates()
        let floor = try printFloor()
        encoderFigures = try printEncoders()
        let sizes = try printSizes(baselineRan: program != nil)
        let memory = try printMemory()
        console.print(
            "deterministic: \(deterministic ? "yes" : "NO"), byte for byte: " + determinismChecks.joined(separator: "; "))
        console.print("load average at end: \(loadAverage())")
        console.print("")
        printTargets(sizeRatio: sizes, memory: memory, floor: floor)
        if keep { console.print("images kept in \(folder)") }
        return ExitStatus.success
    }

    // MARK: - Passes

    private func passFolder(_ label: String, run: Int) -> String { folder + "/\(label)-\(run)" }

    /// Where folders that are no longer needed wait for the end of the bench.
    private var trash: String { folder + "/trash" }

    private func batchLabel(jobs: Int, format: OutputFormat) -> String { "batch-\(format.rawValue)-jobs\(jobs)" }

    private func batchCommand(jobs: Int, format: OutputFormat, output: String, logoAssets: String? = nil, shop: Bool = false) -> [String] {
        ["breakdown", "batch", shop ? shopManifest : manifest, "-o", output, "--jobs", String(jobs), "--quiet"]
            + (shop ? BenchWorkload.shopCSVOptions : [])
            + (format == .png ? [] : ["--format", format.rawValue]) + BenchWorkload.batchOptions
            + (logoAssets.map { ["--logo-assets", $0] } ?? [])
    }

    /// One `breakdown batch` into a new folder: images per second from spawn to exit, and CPU seconds.
    private func batchPass(
        jobs: Int, format: OutputFormat, run: Int, logoAssets: String? = nil, shop: Bool = false, inside parent: String? = nil
    ) throws(CLIError) -> (rate: Double, cpu: Double) {
        let label = batchLabel(jobs: jobs, format: format) + (logoAssets == nil ? "" : "-official") + (shop ? "-shop" : "")
        let output = parent.map { $0 + "/\(label)-\(run)" } ?? passFolder(label, run: run)
        BenchFiles.settle()
        let result = try ChildProcess.run(
            binary, Array(batchCommand(jobs: jobs, format: format, output: output, logoAssets: logoAssets, shop: shop).dropFirst()),
            outputFile: folder + "/batch.log")
        guard result.status == 0 else {
            throw .failure("breakdown batch --jobs \(jobs) --format \(format.rawValue) failed (status \(result.status)): \(result.output)")
        }
        return (Double(count) / result.seconds, result.cpuSeconds)
    }

    /// Two `breakdown batch --jobs 1` processes side by side, each drawing half the records into
    /// a folder of its own: what two jobs can reach on this machine when they share nothing but
    /// it (its cores, memory and kernel). Images per second from the first spawn to the last exit.
    private mutating func halvesPass(run: Int) throws(CLIError) -> (rate: Double, cpu: Double) {
        let outputs = (1...2).map { passFolder("halves-\($0)", run: run) }
        BenchFiles.settle()
        let results = try ChildProcess.runSideBySide(
            zip(halfManifests, outputs).enumerated().map { index, pair in
                (binary, ["batch", pair.0, "-o", pair.1, "--jobs", "1", "--quiet"] + BenchWorkload.batchOptions, folder + "/halves-\(index + 1).log")
            })
        for result in results where result.status != 0 {
            throw .failure("breakdown batch --jobs 1 of half the records failed (status \(result.status)): \(result.output)")
        }
        // Together the halves drew the same images as the whole batch of this run.
        let same = BenchFiles.sameContents(parts: outputs, whole: passFolder(batchLabel(jobs: 1, format: .png), run: run))
        deterministic = deterministic && same
        if run == runs || !same { determinismChecks.append("two halves side by side vs --jobs 1 (run \(run)) \(same ? "identical" : "DIFFERENT")") }
        for output in outputs { BenchFiles.discard(output, into: trash) }
        return (Double(count) / (results.map(\.seconds).max() ?? 1), results.map(\.cpuSeconds).reduce(0, +))
    }

    private mutating func record(_ row: Row, _ rate: Double, cpu seconds: Double, into line: inout [String]) {
        rates[row, default: []].append(rate)
        cpu[row, default: []].append(seconds / Double(count) * 1000)
        line.append("\(short(row)) \(format(rate, 1))")
    }

    private func short(_ row: Row) -> String {
        switch row {
        case .baseline: "baseline"
        case .batch1: "batch×1"
        case .batchCSV: "shop CSV×1"
        case .batch2: "batch×2"
        case .halves: "halves×1+1"
        case .batchSVG: "SVG"
        case .batchPDF: "PDF"
        case .official: "official"
        case .baselineMemory: "baseline(tmpfs)"
        case .batch1Memory: "batch×1(tmpfs)"
        case .batch2Memory: "batch×2(tmpfs)"
        case .loop1: "loop×1"
        }
    }

    /// Compares this run's files with run 1's, --jobs 2 with --jobs 1, and the batch's PNGs with
    /// the in-process loop's; then removes what is no longer needed.
    private mutating func checkDeterminism(run: Int) {
        let first = passFolder(batchLabel(jobs: 1, format: .png), run: 1)
        func check(_ label: String, _ folder: String, against reference: String) {
            let same = BenchFiles.sameContents(folder, reference)
            deterministic = deterministic && same
            if run == runs || !same { determinismChecks.append("\(label) \(same ? "identical" : "DIFFERENT")") }
        }
        check("batch --jobs 2 vs --jobs 1 (run \(run))", passFolder(batchLabel(jobs: 2, format: .png), run: run), against: first)
        check("shop CSV vs NDJSON (run \(run))", passFolder(batchLabel(jobs: 1, format: .png) + "-shop", run: run), against: first)
        BenchFiles.discard(passFolder(batchLabel(jobs: 1, format: .png) + "-shop", run: run), into: trash)
        if run == 1 {
            let same = BenchFiles.sameContents(passFolder("loop", run: 1), first)
            determinismChecks.append("batch vs the in-process loop \(same ? "identical" : "DIFFERENT")")
        } else {
            check("batch PNG run \(run) vs run 1", passFolder(batchLabel(jobs: 1, format: .png), run: run), against: first)
            for format in [OutputFormat.svg, .pdf] {
                check(
                    "batch \(format.rawValue.uppercased()) run \(run) vs run 1", passFolder(batchLabel(jobs: 1, format: format), run: run),
                    against: passFolder(batchLabel(jobs: 1, format: format), run: 1))
            }
            for format in OutputFormat.allCases { BenchFiles.discard(passFolder(batchLabel(jobs: 1, format: format), run: run), into: trash) }
            BenchFiles.discard(passFolder("loop", run: run), into: trash)
            BenchFiles.discard(passFolder("naive", run: run), into: trash)
        }
        BenchFiles.discard(passFolder(batchLabel(jobs: 2, format: .png), run: run), into: trash)
    }

    // MARK: - Summary

    private func median(_ row: Row) -> Double? {
        rates[row].map(Self.median)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private func printRates() {
        console.print("images per second, process start included (median of \(runs); all runs in brackets), and CPU time an image:")
        for row in Row.allCases {
            guard let values = rates[row], let value = median(row) else { continue }
            let onMemory = [Row.baselineMemory, .batch1Memory, .batch2Memory].contains(row)
            let baselineRow: Row = onMemory ? .baselineMemory : .baseline
            let baseline = median(baselineRow)
            if row == .loop1 {
                console.print("diagnosis (not what users get: the bench's own thread and plain file writes, no process start, manifest, resume or atomic writes):")
            }
            var text = "  " + pad(row.rawValue, 46) + pad(format(value, 1), 9, left: true)
            text += "   [" + values.map { format($0, 1) }.joined(separator: ", ") + "]"
            if let baseline, row != baselineRow { text += "   \(format(value / baseline, 2))× baseline" + (onMemory ? " (tmpfs)" : "") }
            console.print(text)
            if let times = cpu[row] {
                var detail = "      CPU (user + system, all threads) " + format(Self.median(times), 3) + " ms an image"
                if let base = cpu[baselineRow], row != baselineRow { detail += ", \(format(Self.median(base) / Self.median(times), 2))× less than the baseline's" }
                console.print(detail)
            }
        }
    }

    /// The floor: each stage of the in-process loop, the cost of creating a file here, and the
    /// start of a batch process; returns the floor in milliseconds an image (one core).
    private func printFloor() throws(CLIError) -> Double {
        func ms(_ path: KeyPath<StageTimes, Double>) -> Double {
            Self.median(stages.map { $0[keyPath: path] }) / Double(count) * 1000
        }
        let content = ms(\.content), layout = ms(\.layout), paint = ms(\.paint), encode = ms(\.encode), write = ms(\.write)
        console.print(
            "diagnosis, in-process loop, milliseconds per image by stage (median of \(runs)): content \(format(content, 3)), layout \(format(layout, 3)), "
                + "paint \(format(paint, 3)), encode \(format(encode, 3)), write \(format(write, 3))")
        let mean = BenchFiles.totalSize(of: passFolder(batchLabel(jobs: 1, format: .png), run: 1))
        let size = mean.files > 0 ? mean.bytes / mean.files : 5000
        let files = try FileCreationCost.measure(count: min(count, 2000), size: size, in: folder)
        // A batch process's fixed cost: the start, reading one record, one image, the journal.
        var starts: [Double] = []
        let one = folder + "/one.ndjson"
        try BenchFiles.write(Data(BenchWorkload.manifest(count: 1).utf8), to: one)
        for attempt in 0..<3 {
            let output = folder + "/start-\(attempt)"
            let result = try ChildProcess.run(
                binary, ["batch", one, "-o", output, "--jobs", "1", "--quiet"] + BenchWorkload.batchOptions, outputFile: folder + "/batch.log")
            guard result.status == 0 else { throw .failure("breakdown batch of one record failed: \(result.output)") }
            starts.append(result.seconds * 1000)
            BenchFiles.discard(output, into: trash)
        }
        let start = Self.median(starts)
        let floor = content + layout + paint + encode + files.create
        console.print(
            "floor: creating a \(size)-byte file on this file system: \(format(files.create, 3)) ms (open, write, close, as the baseline does); "
                + "\(format(files.createAndRename, 3)) ms as a temporary file renamed into place (as the batch does); no fsync")
        console.print("floor: a batch process of one record (start, fonts, manifest, one image, journal): \(format(start, 1)) ms")
        var text = "floor, one core: content + layout + paint + encode + creating the file = \(format(floor, 3)) ms an image, "
            + "\(format(1000 / floor, 1)) images/s (+ \(format(start, 0)) ms once a process)"
        if let batch = median(.batch1) {
            let perImage = 1000 / batch
            text += "; batch --jobs 1: \(format(perImage, 3)) ms an image, \(format(100 * floor / perImage, 0))% of the floor's rate, "
                + "\(format(perImage - floor, 3)) ms an image above it"
        }
        console.print(text)
        // One image's budget, stage by stage, beside the naive program's whole image.
        var budget = "budget of one image (ms, share of the floor): " + [
            ("content", content), ("layout", layout), ("paint", paint), ("encode", encode), ("files", files.create),
        ].map { "\($0.0) \(format($0.1, 3)) (\(format(100 * $0.1 / floor, 0))%)" }.joined(separator: ", ")
        if let baseline = median(.baseline) {
            let naive = 1000 / baseline
            budget += "; the naive baseline's whole image \(format(naive, 3)) ms, \(format(naive / floor, 1))× the floor"
        }
        console.print(budget)
        return floor
    }

    /// The PNG encoder alone on the workload's images (a sample, each encoded a few times, the
    /// fastest kept), beside libdeflate at level 1 on the same premultiplied pixels.
    private func printEncoders() throws(CLIError) -> PNGEncoderSpeedComparison.Result {
        let result = try PNGEncoderSpeedComparison.runWorkload(count: min(count, 200), repetitions: 5, bandedCount: count)
        let images = Double(max(result.images, 1))
        func figures(_ seconds: Double) -> String {
            "\(format(seconds / images * 1000, 3)) ms an image, \(format(Double(result.pixels) / seconds / 1e6, 0)) MP/s"
        }
        console.print(
            "PNG encoder alone (\(result.images) workload images of \(result.pixels / max(result.images, 1)) pixels, scale 2, fastest of 5 each, one core): "
                + "ours \(figures(result.newSeconds)), \(format(Double(result.newBytes) / images, 0)) bytes; "
                + "libdeflate level 1 (filter None) \(figures(result.oldSeconds)), \(format(Double(result.oldBytes) / images, 0)) bytes → ours "
                + "\(format(result.oldSeconds / max(result.newSeconds, 1e-12), 2))× faster, \(format(Double(result.newBytes) / Double(max(result.oldBytes, 1)), 3))× the bytes"
                + (result.samePixels ? "" : "; DIFFERENT decoded pixels"))
        if result.bandedImages > 0 {
            let banded = Double(result.bandedImages)
            console.print(
                "PNG encoder with each image's bands, as batch encodes them (\(result.bandedImages) workload images, each once, in order, "
                    + "the bands kept, one core): \(format(result.bandedSeconds / banded * 1000, 3)) ms an image, "
                    + "\(format(Double(result.bandedBytes) / banded, 0)) bytes → "
                    + "\(format(Double(result.bandedBytes) / Double(max(result.bandedReferenceBytes, 1)), 3))× libdeflate level 1's bytes")
        }
        return result
    }

    /// Prints the byte comparisons; returns ours ÷ the baseline's for the same images, if it ran.
    private func printSizes(baselineRan: Bool) throws(CLIError) -> (images: Double?, sameImage: Double) {
        let ours = BenchFiles.totalSize(of: passFolder(batchLabel(jobs: 1, format: .png), run: 1))
        var ratio: Double?
        var line = "PNG bytes per image (mean of \(ours.files)): ours \(format(Double(ours.bytes) / Double(max(1, ours.files)), 0))"
        if baselineRan {
            let naive = BenchFiles.totalSize(of: passFolder("naive", run: 1))
            ratio = Double(ours.bytes) / Double(naive.bytes)
            line += ", naive baseline \(format(Double(naive.bytes) / Double(naive.files), 0)) → \(format(ratio!, 2))×"
            line += " (its image is simpler: a plain pill, no wordmark, no info icon)"
        }
        console.print(line)
        let sample = Array(Swift.stride(from: 0, to: count, by: max(1, count / 100)).prefix(100))
        var sameImage = 0.0
        if baselineRan {
            // The baseline's own pictures, decoded and written again by our encoder.
            var cairoBytes = 0, ourBytes = 0
            do {
                let encoder = try PNGEncoder()
                for index in sample {
                    let path = passFolder("naive", run: 1) + "/" + BenchWorkload.fileName(index, format: .png)
                    cairoBytes += BenchFiles.read(path)?.count ?? 0
                    ourBytes += try encoder.encode(PNGDecoder.decode(fileAtPath: path)).count
                }
            } catch {
                throw .failure("re-encoding the baseline's images: \(error)")
            }
            console.print(
                "PNG bytes, encoder for encoder on the baseline's own \(sample.count) sampled images: ours \(format(Double(ourBytes) / Double(sample.count), 0)), "
                    + "cairo_surface_write_to_png \(format(Double(cairoBytes) / Double(sample.count), 0)) → \(format(Double(ourBytes) / Double(cairoBytes), 2))×")
            sameImage = max(sameImage, Double(ourBytes) / Double(cairoBytes))
        }
        let encoders = try EncoderComparison.run(workload, indices: sample)
        console.print(
            "PNG bytes, encoder for encoder on our own \(encoders.images) sampled images: ours \(format(Double(encoders.ourBytes) / Double(encoders.images), 0)), "
                + "cairo_surface_write_to_png \(format(Double(encoders.cairoBytes) / Double(encoders.images), 0)) → "
                + "\(format(Double(encoders.ourBytes) / Double(encoders.cairoBytes), 2))×, "
                + (encoders.samePixels ? "same decoded pixels" : "DIFFERENT decoded pixels"))
        sameImage = max(sameImage, Double(encoders.ourBytes) / Double(encoders.cairoBytes))
        return (ratio, sameImage)
    }

    /// Peak resident memory of a batch of 1,000 records and of `memoryCount`, each its own
    /// `breakdown batch --jobs 2` process; returns (small, large) records and large ÷ small.
    private func printMemory() throws(CLIError) -> (small: Int, large: Int, ratio: Double)? {
        guard memoryCount > 0 else {
            console.print("peak resident memory: skipped (--memory-count 0)")
            return nil
        }
        let small = min(1000, max(1, memoryCount / 20))
        func peak(_ records: Int) throws(CLIError) -> Int {
            let manifest = folder + "/memory-\(records).ndjson"
            let output = folder + "/memory-\(records)"
            try BenchFiles.write(Data(BenchWorkload.manifest(count: records).utf8), to: manifest)
            defer {
                BenchFiles.discard(output, into: trash)
                BenchFiles.discard(manifest, into: trash)
            }
            let result = try ChildProcess.run(
                binary, ["batch", manifest, "-o", output, "--jobs", "2", "--quiet"] + BenchWorkload.batchOptions, outputFile: folder + "/batch.log")
            guard result.status == 0 else { throw .failure("the memory batch of \(records) records failed: \(result.output)") }
            return result.peakResidentKiB
        }
        let smallKiB = try peak(small)
        let largeKiB = try peak(memoryCount)
        let ratio = Double(largeKiB) / Double(smallKiB)
        console.print(
            "peak resident memory (VmHWM of breakdown batch --jobs 2, its own, one process each): \(small) records \(mib(smallKiB)), "
                + "\(memoryCount) records \(mib(largeKiB)) → \(format(ratio, 2))×")
        return (small, memoryCount, ratio)
    }

    private func printTargets(sizeRatio: (images: Double?, sameImage: Double), memory: (small: Int, large: Int, ratio: Double)?, floor: Double) {
        console.print("targets (issue 14; reported, never asserted):")
        var missed: [String] = [], unmeasured: [String] = []
        func target(_ name: String, _ value: String?, _ met: Bool?) {
            let verdict = met.map { $0 ? "met" : "NOT MET" } ?? "not measured"
            if met == false { missed.append(name) } else if met == nil { unmeasured.append(name) }
            console.print("  " + pad(name, 52) + pad(value ?? "-", 7, left: true) + "   " + verdict)
        }
        let batch1 = median(.batch1), batch2 = median(.batch2), baseline = median(.baseline), loop = median(.loop1)
        let speedup = zip(batch1, baseline).map { $0 / $1 }
        target("batch --jobs 1 ≥ 3× naive baseline", speedup.map { format($0, 2) + "×" }, speedup.map { $0 >= 3 })
        let overhead = zip(batch1, loop).map { $0 / $1 }
        target("batch --jobs 1 within 15% of the in-process loop", overhead.map { format($0, 2) + "×" }, overhead.map { $0 >= 0.85 })
        let scaling = zip(batch2, batch1).map { $0 / $1 }
        target("batch --jobs 2 ≥ 1.8× batch --jobs 1", scaling.map { format($0, 2) + "×" }, scaling.map { $0 >= 1.8 })
        target(
            memory.map { "peak memory \($0.large) ≤ 1.2× \($0.small) records" } ?? "peak memory, large ≤ 1.2× small batch",
            memory.map { format($0.ratio, 2) + "×" }, memory.map { $0.ratio <= 1.2 })
        target("byte-identical for any --jobs and run to run", deterministic ? "yes" : "no", deterministic)
        target(
            "PNG bytes ≤ 1.15× baseline's, same image (issue 6)", format(sizeRatio.sameImage, 2) + "×", sizeRatio.sameImage <= 1.15)
        let shop = zip(median(.batchCSV), batch1).map { $0 / $1 }
        target("shop CSV (--map, --name) within 5% of NDJSON (issue 21)", shop.map { format($0, 2) + "×" }, shop.map { $0 >= 0.95 })
        let official = zip(median(.official), batch1).map { $0 / $1 }
        target(
            "official artwork PNG ≥ 0.9× own artwork (issue 9)", official.map { format($0, 2) + "×" }, official.map { $0 >= 0.9 })
        console.print("targets (issue 24; reported, never asserted):")
        if let encoders = encoderFigures, encoders.images > 0 {
            let ms = encoders.newSeconds / Double(encoders.images) * 1000
            let megapixels = Double(encoders.pixels) / max(encoders.newSeconds, 1e-12) / 1e6
            target(
                "PNG encode ≤ 0.15 ms an image (≥ 470 MP/s), scale 2", format(ms, 3) + " (\(format(megapixels, 0)) MP/s)",
                ms <= 0.15)
            let bytes = Double(encoders.newBytes) / Double(max(encoders.oldBytes, 1))
            target("PNG bytes ≤ 1.2× libdeflate level 1's", format(bytes, 2) + "×", bytes <= 1.2)
        }
        // On tmpfs: the memory passes when the bench's folder is elsewhere, else the main ones.
        let memorySpeedup =
            Self.fileSystemType(of: folder) == "tmpfs" ? speedup : zip(median(.batch1Memory), median(.baselineMemory)).map { $0 / $1 }
        target("batch --jobs 1 ≥ 8× naive baseline on tmpfs", memorySpeedup.map { format($0, 2) + "×" }, memorySpeedup.map { $0 >= 8 })
        target(
            "batch --jobs 1 ≥ 6× naive baseline on \(memoryFolder == nil ? "this file system" : "the disk")", speedup.map { format($0, 2) + "×" },
            speedup.map { $0 >= 6 })
        target(
            "batch --jobs 2 ≥ 1.8× batch --jobs 1 on \(memoryFolder == nil ? "this file system" : "the disk")",
            scaling.map { format($0, 2) + "×" }, scaling.map { $0 >= 1.8 })
        console.print("targets (issue 36; reported, never asserted):")
        if let encoders = encoderFigures, encoders.images > 0 {
            let ms = encoders.newSeconds / Double(encoders.images) * 1000
            target("PNG encode ≤ 0.09 ms an image, scale 2", format(ms, 3), ms <= 0.09)
        }
        target("batch --jobs 1 ≥ 12× naive baseline on tmpfs", memorySpeedup.map { format($0, 2) + "×" }, memorySpeedup.map { $0 >= 12 })
        target(
            "batch --jobs 1 ≥ 11× naive baseline on \(memoryFolder == nil ? "this file system" : "the disk")", speedup.map { format($0, 2) + "×" },
            speedup.map { $0 >= 11 })
        let halvesRatio = zip(batch2, median(.halves)).map { $0 / $1 }
        target("batch --jobs 2 ≥ 0.97× two --jobs 1 processes", halvesRatio.map { format($0, 2) + "×" }, halvesRatio.map { $0 >= 0.97 })
        if let ceiling = zip(median(.halves), batch1).map({ $0 / $1 }), let scaling {
            console.print(
                "  (not a target: two batch --jobs 1 processes side by side, half the records each, ÷ --jobs 1: \(format(ceiling, 2))×, "
                    + "what two jobs reach on this machine sharing nothing but it; --jobs 2 reaches \(format(100 * scaling / ceiling, 0))% of that)")
        }
        if let memoryScaling = zip(median(.batch2Memory), median(.batch1Memory)).map({ $0 / $1 }) {
            console.print("  (not a target: batch --jobs 2 ÷ --jobs 1 on tmpfs, without the disk's cost of files: \(format(memoryScaling, 2))×)")
        }
        if let batch1 {
            console.print("  (not a target: batch --jobs 1 at \(format(100 * floor * batch1 / 1000, 0))% of the one-core floor's rate)")
        }
        if let images = sizeRatio.images {
            console.print(
                "  (not a target: our badge image ÷ the baseline's plain-pill image, different pictures: \(format(images, 2))×)")
        }
        console.print("targets (issue 49, in CPU time: user + system; reported, never asserted):")
        func cpuSpeedup(_ row: Row, over baseline: Row) -> Double? {
            guard let times = cpu[row], let base = cpu[baseline] else { return nil }
            return Self.median(base) / Self.median(times)
        }
        let folderIsMemory = Self.fileSystemType(of: folder) == "tmpfs"
        let onMemory = folderIsMemory ? cpuSpeedup(.batch1, over: .baseline) : cpuSpeedup(.batch1Memory, over: .baselineMemory)
        target("batch --jobs 1 CPU ≥ 15× less than the naive baseline's on tmpfs", onMemory.map { format($0, 2) + "×" }, onMemory.map { $0 >= 15 })
        if !folderIsMemory {
            let onDisk = cpuSpeedup(.batch1, over: .baseline)
            target("batch --jobs 1 CPU ≥ 13× less than the naive baseline's on the disk", onDisk.map { format($0, 2) + "×" }, onDisk.map { $0 >= 13 })
        }
        if let encoders = encoderFigures, encoders.bandedImages > 0 {
            let ms = encoders.bandedSeconds / Double(encoders.bandedImages) * 1000
            target("PNG encode as batch does ≤ 0.15 ms an image, scale 2", format(ms, 3), ms <= 0.15)
            let bytes = Double(encoders.bandedBytes) / Double(max(encoders.bandedReferenceBytes, 1))
            target("PNG bytes as batch writes them ≤ 1.0× libdeflate level 1's", format(bytes, 3) + "×", bytes <= 1.0)
        }
        console.print(Self.verdict(missed: missed, unmeasured: unmeasured))
    }

    /// The targets' outcome in one plain sentence.
    static func verdict(missed: [String], unmeasured: [String]) -> String {
        var sentences: [String] = []
        if missed.isEmpty && unmeasured.isEmpty { sentences.append("All targets met.") }
        if !missed.isEmpty {
            sentences.append("Targets NOT met (\(missed.count)): " + missed.joined(separator: "; ") + ".")
        }
        if !unmeasured.isEmpty {
            sentences.append(
                (missed.isEmpty ? "Every measured target met; not measured: " : "Not measured: ") + unmeasured.joined(separator: "; ") + ".")
        }
        return sentences.joined(separator: " ")
    }

    // MARK: - Formatting

    private func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    private func mib(_ kib: Int) -> String { format(Double(kib) / 1024, 1) + " MiB" }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }

    /// The file system type of the folder, from /proc/mounts (the longest mount point that holds it).
    /// The mount `path` is on (its longest mount point that is a prefix), from /proc/mounts.
    static func mount(of path: String) -> (point: String, type: String)? {
        let mounts = (BenchFiles.read("/proc/mounts")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        var best: (point: String, type: String)?
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2 else { continue }
            let point = String(fields[1])
            if path.hasPrefix(point == "/" ? "/" : point + "/"), point.count > (best?.point.count ?? -1) {
                best = (point, String(fields[2]))
            }
        }
        return best
    }

    /// The type of the file system `path` is on (`tmpfs`, `ext4`…).
    static func fileSystemType(of path: String) -> String { mount(of: path)?.type ?? "unknown" }

    private func fileSystem(of path: String) -> String {
        Self.mount(of: path).map { "\($0.type) at \($0.point)" } ?? "file system unknown"
    }

    private func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "unknown" }
        return loads.map { format($0, 2) }.joined(separator: " ")
    }
}

private func zip(_ a: Double?, _ b: Double?) -> (Double, Double)? {
    guard let a, let b else { return nil }
    return (a, b)
}
