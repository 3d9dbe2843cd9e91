import BreakdownTestSupport
import Foundation
import Testing

/// docs/serve.md's signing examples, run as a developer would copy them, against a live server
/// that answers signed URLs only: each must print a URL the server accepts, and all agree.
@Suite(.serialized) struct ServeDocsTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/serve.md")

    /// The fenced code blocks of the document, with their info string (`sh`, `python`, …).
    static func blocks() throws -> [(language: String, code: String)] {
        let text = try String(contentsOf: docs, encoding: .utf8)
        var blocks: [(String, String)] = []
        var language: String?
        var lines: [String] = []
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let open = language {
                    blocks.append((open, lines.joined(separator: "\n") + "\n"))
                    language = nil
                } else {
                    language = String(line.dropFirst(3))
                    lines = []
                }
            } else if language != nil {
                lines.append(line)
            }
        }
        return blocks
    }

    /// The first program on the PATH among `names`, or nil.
    static func program(_ names: String...) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    @Test func signingExamplesInEveryLanguageAreAccepted() throws {
        let key = "8f" + String(repeating: "1e", count: 31), salt = "c0ffee00"
        let environment = ["BREAKDOWN_KEY": key, "BREAKDOWN_SALT": salt]
        let server = try ServerProcess([], environment: environment)
        let path = "/v1/breakdown.png?amount=129.95&locale=en_GB&scale=2"
        let folder = try ServeEndToEndTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocks = try Self.blocks()

        var runs: [(language: String, command: [String], file: String?, code: String)] = []
        let shell = try #require(blocks.first { $0.language == "sh" && $0.code.contains("openssl dgst") }, "the shell example")
        runs.append(("sh", ["/bin/bash"], "sign.sh", shell.code))
        let python = try #require(blocks.first { $0.language == "python" }, "the Python example")
        runs.append(("python", ["/usr/bin/env", "python3"], "sign.py", python.code))
        let node = try #require(blocks.first { $0.language == "js" }, "the Node example")
        if let program = Self.program("node", "nodejs") { runs.append(("js", [program], "sign.js", node.code)) }
        let go = try #require(blocks.first { $0.language == "go" }, "the Go example")
        if let program = Self.program("go") { runs.append(("go", [program, "run"], "sign.go", go.code)) }
        #expect(runs.count >= 3, "the shell, Python and Node examples run here (node is installed by the Makefile's deps)")

        var outputs: [String] = []
        for (language, command, file, code) in runs {
            let script = folder.appendingPathComponent(file ?? "script")
            try Data(code.utf8).write(to: script)
            let result = try BinaryRunner.run(
                command: command[0], Array(command.dropFirst()) + [script.path, path], environment: environment.mapValues { Optional($0) })
            let printed = result.stdout, problems = result.stderr
            #expect(result.status == 0, "\(language): \(problems)")
            let signed = printed.trimmingCharacters(in: .whitespacesAndNewlines)
            let reply = try server.get(signed)
            #expect(reply.status == 200, "\(language) printed \(signed): \(reply.status) \(reply.text.prefix(200))")
            outputs.append(signed)
        }
        let independent = "/" + (try ServeEndToEndTests.opensslSignature(key: key, salt: salt, pathAndQuery: path)) + path
        #expect(outputs.allSatisfy { $0 == independent }, "\(outputs)")
        // The key used as text, not as the bytes its hex spells, is what a hurried reader would do: 403.
        let textKey = key.utf8.map { String(format: "%02x", $0) }.joined()
        let wrong = "/" + (try ServeEndToEndTests.opensslSignature(key: textKey, salt: salt, pathAndQuery: path)) + path
        #expect(try server.get(wrong).status == 403)
        #expect(server.stop() == 0)
    }

    @Test func theDocumentsImageExampleIsWhatTheServerSays() throws {
        // docs/serve.md opens with an <img> for amount=129.95 in en_GB: its size and alt text must be the server's.
        let text = try String(contentsOf: Self.docs, encoding: .utf8)
        let server = try ServerProcess(["--allow-unsigned"])
        let snippet = try server.get("/v1/breakdown.html?amount=129.95&locale=en_GB")
        let image = try ServeImagesTests.attributes(of: "img", in: snippet.text)
        let width = try #require(image["width"]), height = try #require(image["height"]), alt = try #require(image["alt"])
        let matches = text.contains("width=\"\(width)\" height=\"\(height)\" alt=\"\(alt)\"")
        #expect(matches, "docs/serve.md's first example: \(width)×\(height) '\(alt)'")
        let voiceOverSpelling = text.contains("with clear pay")
        #expect(!voiceOverSpelling, "web alt text writes the brand, as the README says")
    }
}
