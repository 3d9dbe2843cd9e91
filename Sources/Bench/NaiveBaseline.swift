import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownLayout
import Foundation
import BreakdownIO

/// The naive C baseline (`naive-baseline.c`): found, compiled with `cc -O2` against pangocairo,
/// and run on the same count, so its figure comes from the same run as the project's.
package enum NaiveBaseline {
    /// The source: `explicit`, else `Bench/naive-baseline.c` in the project, else
    /// `shared/bench/naive-baseline.c` beside the package root or beside one of its parents
    /// (`../shared/bench/…` from a checkout, `../../shared/bench/…` from a worktree under a folder
    /// of worktrees).
    package static func locate(explicit: String?) -> String? {
        if let explicit { return FileManager.default.isReadableFile(atPath: explicit) ? explicit : nil }
        var folder = ProjectResources.home.standardizedFileURL
        let inProject = folder.appendingPathComponent("Bench/naive-baseline.c").path
        if FileManager.default.isReadableFile(atPath: inProject) { return inProject }
        for _ in 0..<3 {
            folder.deleteLastPathComponent()
            let candidate = folder.appendingPathComponent("shared/bench/naive-baseline.c").path
            if FileManager.default.isReadableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The official asset catalog for the artwork line: `explicit`, else
    /// `shared/reference/sdk-assets/Assets.xcassets` beside the project or its parent folders.
    package static func locateCatalog(explicit: String?) -> String? {
        if let explicit { return FileManager.default.fileExists(atPath: explicit) ? explicit : nil }
        var folder = ProjectResources.home.standardizedFileURL
        for _ in 0..<3 {
            folder.deleteLastPathComponent()
            let candidate = folder.appendingPathComponent("shared/reference/sdk-assets/Assets.xcassets").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Compiles `source` into `folder`; returns the program, or throws why not (no cc, no pkg-config…).
    package static func build(_ source: String, into folder: String) throws(CLIError) -> String {
        let program = folder + "/naive-baseline"
        let result = run(
            "/bin/sh", ["-c", "command -v cc >/dev/null || { echo 'cc is not installed'; exit 1; }; "
                + "cc -O2 \"$0\" -o \"$1\" $(pkg-config --cflags --libs pangocairo) 2>&1", source, program])
        guard result.status == 0 else {
            let reason = result.output.split(separator: "\n").first.map(String.init) ?? "status \(result.status)"
            throw .failure("cannot build \(source): \(reason)")
        }
        return program
    }

    private static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return (-1, error.localizedDescription)
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
