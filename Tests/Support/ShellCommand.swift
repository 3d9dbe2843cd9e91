import Foundation

/// Runs a program found on the PATH (`/usr/bin/env EXECUTABLE ARGUMENTS…`), with `input` on its
/// standard input: its exit status, standard output and standard error.
public enum ShellCommand {
    public static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        SpawnLog.note()
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inPipe.fileHandleForWriting.close()
        let output = out.fileHandleForReading.readAllRetryingInterrupts()
        let errors = err.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
}
