import Foundation
import Testing

/// Runs the built `breakdown` executable as a subprocess.
public struct BinaryRunner {
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Standard output as bytes (for images written to `-`).
        public var stdoutData = Data()

        public init(status: Int32, stdout: String, stderr: String, stdoutData: Data = Data()) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
            self.stdoutData = stdoutData
        }

        /// stdout parsed as one JSON object.
        public func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            return try #require(object as? [String: Any])
        }
    }

    /// The executable: `$BREAKDOWN_BINARY`, else next to the test bundle (the products
    /// directory), else `<package root>/.build/debug/breakdown` found from this file's path.
    public static let executable: URL? = {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["BREAKDOWN_BINARY"] { candidates.append(URL(fileURLWithPath: path)) }
        if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() {
            candidates.append(bundle.appendingPathComponent("breakdown"))
            candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("breakdown"))
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/breakdown"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    public static func run(_ arguments: String...) throws -> Result {
        try run(arguments)
    }

    public static func run(_ arguments: [String]) throws -> Result {
        let executable = try #require(executable, "build the breakdown executable first (swift build)")
        return try run(command: executable.path, arguments)
    }

    /// Runs another program (e.g. strace) the same way. `environment` changes the inherited
    /// environment: a value sets a variable, nil removes it.
    public static func run(command: String, _ arguments: [String], environment: [String: String?] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        if !environment.isEmpty {
            var env = ProcessInfo.processInfo.environment
            for (name, value) in environment { env[name] = value }
            process.environment = env
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        SpawnLog.note()
        try process.run()
        let outData = out.fileHandleForReading.readAllRetryingInterrupts()
        let errData = err.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
    }
}
