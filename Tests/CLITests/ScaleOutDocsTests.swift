import Foundation
import Testing

/// docs/batch.md's scale-out examples are checked by the tools their engines' users check them
/// with: the Kubernetes Job by `kubernetes-validate --strict` (PyPI; `make deps` installs it),
/// the GitHub Actions workflow and the AWS Batch job definition parsed as YAML and JSON, their
/// retry rules read back against the exit statuses the batch gives.
@Suite struct ScaleOutDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fenced blocks of `language` in docs/batch.md (or another page).
    static func blocks(_ language: String, in page: String = "docs/batch.md") throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
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

    /// docs/serve.md's Deployment validates, and its liveness probe asks the health port (which a
    /// flood of the main port leaves free) while readiness asks the main port.
    @Test func theServeDeploymentValidatesAndProbesTheHealthPort() throws {
        let deployments = try Self.blocks("yaml", in: "docs/serve.md").filter { $0.contains("kind: Deployment") }
        try #require(deployments.count == 1, "docs/serve.md has one Kubernetes Deployment")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-k8s-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("serve.yaml")
        try deployments[0].write(to: file, atomically: false, encoding: .utf8)
        let validated = try GeneratedFromOptionsTests.shell("python3", ["-m", "kubernetes_validate", "--strict", file.path])
        #expect(validated.status == 0 && validated.output.contains("passed"), "\(validated.output)\(validated.errors)")
        let program = """
            import sys, yaml
            docs = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d and d["kind"] == "Deployment"]
            container = docs[0]["spec"]["template"]["spec"]["containers"][0]
            args = container["args"]
            health = args[args.index("--health-port") + 1]
            ports = {p["name"]: str(p["containerPort"]) for p in container["ports"]}
            assert ports["health"] == health, (ports, health)
            assert ports["http"] == args[args.index("--port") + 1]
            assert container["livenessProbe"]["httpGet"]["port"] == "health", container["livenessProbe"]
            assert container["readinessProbe"]["httpGet"]["port"] == "http"
            assert container["livenessProbe"]["timeoutSeconds"] == 1
            print("ok")
            """
        let checked = try GeneratedFromOptionsTests.shell("python3", ["-c", program, file.path])
        #expect(checked.status == 0 && checked.output == "ok\n", "\(checked.output)\(checked.errors)")
    }

    @Test func theKubernetesJobValidatesStrictly() throws {
        let jobs = try Self.blocks("yaml").filter { $0.contains("kind: Job") }
        try #require(jobs.count == 1, "docs/batch.md has one Kubernetes Job")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-k8s-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("job.yaml")
        try jobs[0].write(to: file, atomically: false, encoding: .utf8)
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

    /// The GitHub Actions workflow is a workflow by GitHub's own schema (SchemaStore's, which
    /// `check-jsonschema` carries, so no network is needed); and the validator does check: the
    /// same workflow without its `on:` is refused.
    @Test func theWorkflowValidatesAgainstGitHubsSchema() throws {
        let workflows = try Self.blocks("yaml").filter { $0.contains("matrix:") }
        try #require(workflows.count == 1)
        let folder = try BatchTestSupport.temporaryFolder("workflow")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("workflow.yml"), broken = folder.appendingPathComponent("broken.yml")
        try BatchTestSupport.write(workflows[0], to: file)
        try BatchTestSupport.write(workflows[0].split(separator: "\n").filter { !$0.hasPrefix("on:") }.joined(separator: "\n") + "\n", to: broken)
        let found = try GeneratedFromOptionsTests.shell("python3", ["-c", "import check_jsonschema"])
        try #require(found.status == 0, "check-jsonschema is missing: `make deps` installs it (PyPI)")
        let valid = try GeneratedFromOptionsTests.shell("python3", ["-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", file.path])
        #expect(valid.status == 0, "\(valid.output)\(valid.errors)")
        let refused = try GeneratedFromOptionsTests.shell("python3", ["-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", broken.path])
        #expect(refused.status == 1 && refused.output.contains("'on' is a required property"), "\(refused.output)\(refused.errors)")
    }
}
