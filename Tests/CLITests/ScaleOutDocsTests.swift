import Foundation
import Testing

/// docs/batch.md's scale-out examples are checked by the tools their engines' users check them
/// with: the Kubernetes Job by `kubernetes-validate --strict` (PyPI; `make deps` installs it),
/// the GitHub Actions workflow and the AWS Batch job definition parsed as YAML and JSON, their
/// retry rules read back against the exit statuses the batch gives.
@Suite struct ScaleOutDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fenced blocks of `language` in docs/batch.md.
    static func blocks(_ language: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/batch.md"), encoding: .utf8)
        var blocks: [String] = []
        var block: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if block == nil, line == "```" + language {
                block = []
            } else if block != nil, line == "```" {
                blocks.append(block!.joined(separator: "\n") + "\n")
                block = nil
            } else {
                block?.append(line)
            }
        }
        return blocks
    }

    @Test func theKubernetesJobValidatesStrictly() throws {
        let jobs = try Self.blocks("yaml").filter { $0.contains("kind: Job") }
        try #require(jobs.count == 1, "docs/batch.md has one Kubernetes Job")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-k8s-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("job.yaml")
        try jobs[0].write(to: file, atomically: true, encoding: .utf8)
        let validated = try GeneratedFromOptionsTests.shell("python3", ["-m", "kubernetes_validate", "--strict", file.path])
        #expect(validated.status == 0, "kubernetes-validate --strict: \(validated.output)\(validated.errors)")
        #expect(validated.output.contains("passed"), "\(validated.output)\(validated.errors)")
        // The retry rules name the batch's statuses: 1 and 2 fail the index, 75 is retried.
        let program = """
            import sys, yaml
            job = yaml.safe_load(open(sys.argv[1]))
            spec = job["spec"]
            assert spec["completionMode"] == "Indexed" and spec["template"]["spec"]["restartPolicy"] == "Never"
            rules = {r["action"]: r for r in spec["podFailurePolicy"]["rules"]}
            assert sorted(rules["FailIndex"]["onExitCodes"]["values"]) == [1, 2], rules
            assert rules["Count"]["onExitCodes"]["values"] == [75], rules
            assert "--shard" in spec["template"]["spec"]["containers"][0]["command"]
            print("ok")
            """
        let read = try GeneratedFromOptionsTests.shell("python3", ["-c", program, file.path])
        #expect(read.status == 0 && read.output.contains("ok"), "\(read.errors)")
    }

    @Test func theWorkflowAndTheJobDefinitionParseAndRetryOnlyTheMachinesFaults() throws {
        let workflows = try Self.blocks("yaml").filter { $0.contains("matrix:") }
        try #require(workflows.count == 1)
        let parsed = try GeneratedFromOptionsTests.shell(
            "python3", ["-c", "import sys, yaml; w = yaml.safe_load(sys.stdin); assert w['jobs']['images']['strategy']['matrix']['shard'] == [0, 1, 2, 3]; print('ok')"],
            input: workflows[0])
        #expect(parsed.status == 0 && parsed.output.contains("ok"), "\(parsed.errors)")
        let definitions = try Self.blocks("json aws-batch-job-definition").filter { $0.contains("retryStrategy") }
        try #require(definitions.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(definitions[0].utf8)) as? [String: Any])
        let strategy = try #require(object["retryStrategy"] as? [String: Any])
        let rules = try #require(strategy["evaluateOnExit"] as? [[String: String]])
        #expect(rules.first == ["onExitCode": "75", "action": "RETRY"], "\(rules)")
        #expect(rules.last == ["onExitCode": "*", "action": "EXIT"], "\(rules)")
    }
}
