import Foundation
import Testing

/// Runs a Python script (`python3 -c SCRIPT ARGUMENTS…`), the independent measure of an image
/// the Android tests compare with: its standard output, trimmed; a non-zero exit is an issue.
public enum PythonScript {
    public static func output(_ script: String, _ arguments: [String]) throws -> String {
        let result = try BinaryRunner.run(command: "/usr/bin/env", ["python3", "-c", script] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
