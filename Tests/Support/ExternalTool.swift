import Foundation

/// Runs a program the tests check our output with (`pngcheck`, `pdfinfo`, `rsvg-convert`,
/// `python3` scripts) and returns its exit status with standard output and error together.
public enum ExternalTool {
    /// - Parameter executable: an absolute path, or a name in /usr/bin.
    public static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/" + executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        SpawnLog.note()
        try process.run()
        let data = pipe.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
