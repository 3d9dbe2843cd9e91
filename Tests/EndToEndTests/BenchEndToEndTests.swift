@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
import BreakdownEncode
import BreakdownContent
@testable import BreakdownVerify
@testable import BreakdownGallery
@testable import BreakdownBench
import Foundation
import Testing
import BreakdownTestSupport

/// `breakdown bench` run as a subprocess on a tiny count. It is a benchmark, not a timed test:
/// these check that it runs and prints its lines, never what the times are.
@Suite struct BenchEndToEndTests {
    @Test(.timeLimit(.minutes(15))) func printsEveryFigureAndTheTargets() throws {
        let result = try BinaryRunner.run("bench", "--count", "20", "--runs", "2", "--memory-count", "40")
        #expect(result.status == 0, "\(result.stderr)")
        for expected in [
            "breakdown batch --jobs 1 ", "breakdown batch --jobs 2 ", "--format svg", "--format pdf",
            "diagnosis: in-process loop, PNG, 1 thread", "milliseconds per image by stage", "floor: creating a ",
            "floor: a batch process of one record", "floor, one core:", "PNG bytes per image", "encoder for encoder on our own",
            "same decoded pixels", "peak resident memory (VmHWM of breakdown batch --jobs 2, its own", "2 records", "40 records",
            "deterministic: yes", "batch vs the in-process loop identical", "batch --jobs 2 vs --jobs 1 (run 2) identical",
            "targets (issue 14; reported, never asserted):", "batch --jobs 1 within 15% of the in-process loop",
            "PNG encoder alone (20 workload images", "MP/s", "libdeflate level 1 (filter None)",
            "targets (issue 24; reported, never asserted):", "PNG encode ≤ 0.15 ms an image (≥ 470 MP/s), scale 2",
            "batch --jobs 2 ≥ 1.8× batch --jobs 1 on ",
            "two batch --jobs 1 side by side, half each", "two halves side by side vs --jobs 1 (run 2) identical",
            "(not a target: two batch --jobs 1 processes side by side, half the records each, ÷ --jobs 1: ",
            "budget of one image (ms, share of the floor): content ", ", layout ", ", encode ", ", files ",
            "; the naive baseline's whole image ", "targets (issue 36; reported, never asserted):",
            "PNG encode ≤ 0.09 ms an image, scale 2", "batch --jobs 1 ≥ 12× naive baseline on ", "batch --jobs 2 ≥ 0.97× two --jobs 1 processes",
            "targets (issue 49, in CPU time: user + system; reported, never asserted):",
            "batch --jobs 1 CPU ≥ 15× less than the naive baseline's on tmpfs", "PNG encoder with each image's bands, as batch encodes them (20 workload images",
            "PNG encode as batch does ≤ 0.15 ms an image, scale 2", "PNG bytes as batch writes them ≤ 1.0× libdeflate level 1's",
        ] {
            #expect(result.stdout.contains(expected), "missing \"\(expected)\" in:\n\(result.stdout)")
        }
        // The baseline's source is in the repository (Bench/) and make installs cc: it runs beside it.
        #expect(result.stdout.contains("naive C baseline"), "\(result.stdout)")
        #expect(result.stdout.contains("Bench/naive-baseline.c, built with cc"))
        // One run gives the tmpfs rows too when the images go to a disk (as here, the temporary folder).
        if Benchmark.fileSystemType(of: NSTemporaryDirectory()) != "tmpfs", Benchmark.fileSystemType(of: "/dev/shm/") == "tmpfs" {
            for row in ["naive C baseline, on tmpfs", "breakdown batch --jobs 1, on tmpfs", "breakdown batch --jobs 2, on tmpfs"] {
                #expect(result.stdout.contains(row), "missing \"\(row)\"")
            }
            #expect(result.stdout.contains("batch --jobs 1 ≥ 8× naive baseline on tmpfs "))
            #expect(result.stdout.contains("batch --jobs 1 CPU ≥ 13× less than the naive baseline's on the disk "))
            #expect(result.stdout.contains("batch --jobs 2 ≥ 1.8× batch --jobs 1 on the disk "))
            #expect(result.stdout.contains("(not a target: batch --jobs 2 ÷ --jobs 1 on tmpfs"))
            // The tmpfs folder is removed at the end.
            let left = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []
            #expect(!left.contains { $0.hasPrefix("breakdown-bench-") && result.stdout.contains("/dev/shm/" + $0) }, "\(left)")
        }
        // The last line says in words whether the targets were met.
        let last = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("All targets met.") || last.hasPrefix("Targets NOT met"), "\(last)")
    }

    /// With its images on tmpfs, the bench's own passes are the tmpfs figures: every target on
    /// tmpfs is measured, none said not measured.
    @Test(.timeLimit(.minutes(15))) func onTmpfsTheTmpfsTargetsAreMeasured() throws {
        guard Benchmark.fileSystemType(of: "/dev/shm/") == "tmpfs" else { return }
        let result = try BinaryRunner.run("bench", "--count", "6", "--runs", "1", "--memory-count", "0", "--folder", "/dev/shm")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let onTmpfs = lines.filter { $0.hasPrefix("  ") && ($0.contains("baseline on tmpfs") || $0.contains("baseline's on tmpfs")) }
        #expect(onTmpfs.count == 3, "\(onTmpfs)")
        for line in onTmpfs { #expect(!line.hasSuffix("not measured") && line.contains("×"), "\(line)") }
        #expect(!lines.contains { $0.contains("on the disk") }, "no disk here")
    }

    @Test func verdictSentences() {
        #expect(Benchmark.verdict(missed: [], unmeasured: []) == "All targets met.")
        #expect(Benchmark.verdict(missed: ["a", "b"], unmeasured: []) == "Targets NOT met (2): a; b.")
        #expect(Benchmark.verdict(missed: [], unmeasured: ["c"]) == "Every measured target met; not measured: c.")
        #expect(Benchmark.verdict(missed: ["a"], unmeasured: ["c"]) == "Targets NOT met (1): a. Not measured: c.")
    }

    @Test func helpDescribesTheOptions() throws {
        let result = try BinaryRunner.run("bench", "--help")
        #expect(result.status == 0)
        for option in ["--count", "--runs", "--baseline", "--memory-count", "--keep"] {
            #expect(result.stdout.contains(option))
        }
    }

    @Test func aMissingBaselineIsAUsageError() throws {
        let result = try BinaryRunner.run("bench", "--count", "1", "--runs", "1", "--baseline", "/nonexistent/naive.c")
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read the baseline source"))
    }
}
