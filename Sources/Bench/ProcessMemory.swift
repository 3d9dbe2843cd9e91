import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import Foundation

/// Peak resident memory, for the flat-memory check.
package enum ProcessMemory {
    /// This process's peak resident set size in KiB (`VmHWM` in /proc/self/status), or nil.
    package static func peakResidentKiB() -> Int? {
        // /proc files report a size of 0, so read until the end rather than by size.
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        let status = String(decoding: bytes, as: UTF8.self)
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    /// The line `--memory-only` prints; `parse` reads it back.
    package static func report(images: Int, jobs: Int, kib: Int) -> String {
        "peak resident memory after \(images) PNG images, --jobs \(jobs): \(kib) KiB (VmHWM)"
    }

    static func parse(_ output: String) -> Int? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("peak resident memory after") }),
            let value = line.split(separator: ":").last?.split(separator: " ").first
        else { return nil }
        return Int(value)
    }

    /// Runs this executable as `bench --memory-only count` in a fresh process and returns the peak
    /// resident memory it reports: a separate process, so neither batch sees the other's peak.
    package static func measureInChild(count: Int) throws(CLIError) -> Int {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let process = Process()
        process.executableURL = executable
        process.arguments = ["bench", "--memory-only", String(count)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw .failure("cannot run \(executable.path) for the memory comparison: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0, let kib = parse(text) else {
            throw .failure("the memory comparison child (bench --memory-only \(count)) failed with status \(process.terminationStatus)")
        }
        return kib
    }
}
