import Foundation
import Testing
import BreakdownTestSupport

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
        let validated = try ShellCommand.run("python3", ["-m", "kubernetes_validate", "--strict", file.path])
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
        let checked = try ShellCommand.run("python3", ["-c", program, file.path])
        #expect(checked.status == 0 && checked.output == "ok\n", "\(checked.output)\(checked.errors)")
    }

    /// The Kubernetes minors the docs support (each validated on its own schema).
    static let kubernetesMinors = Array(29...35)

    /// The validator tells the versions apart: a pod condition without `status` (the rule the
    /// docs' Job had before) is refused by 1.29 and accepted by 1.35, so passing on each minor is
    /// a check of each minor's schema.
    @Test func theValidatorTellsTheMinorsApart() throws {
        let folder = try BatchTestSupport.temporaryFolder("k8s-minors")
        defer { try? FileManager.default.removeItem(at: folder) }
        let job = try #require(try Self.blocks("yaml").first { $0.contains("kind: Job") })
        let lines = job.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "status: \"True\"" })
        let file = folder.appendingPathComponent("old.yaml")
        try BatchTestSupport.write(lines.filter { $0.trimmingCharacters(in: .whitespaces) != "status: \"True\"" }.joined(separator: "\n"), to: file)
        let old = try ShellCommand.run("python3", ["-m", "kubernetes_validate", "--strict", "-k", "1.29.0", file.path])
        #expect(old.status != 0 && old.output.contains("'status' is a required property"), "\(old.output)\(old.errors)")
        let new = try ShellCommand.run("python3", ["-m", "kubernetes_validate", "--strict", "-k", "1.35.0", file.path])
        #expect(new.status == 0, "\(new.output)\(new.errors)")
    }

    @Test func theKubernetesJobValidatesStrictly() throws {
        let jobs = try Self.blocks("yaml").filter { $0.contains("kind: Job") }
        try #require(jobs.count == 1, "docs/batch.md has one Kubernetes Job")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-k8s-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("job.yaml")
        try jobs[0].write(to: file, atomically: false, encoding: .utf8)
        // Every supported minor: a rule 1.35 accepts may be refused by 1.29–1.34 (a pod
        // condition without `status` was, issue 46).
        for minor in Self.kubernetesMinors {
            let validated = try ShellCommand.run("python3", ["-m", "kubernetes_validate", "--strict", "-k", "1.\(minor).0", file.path])
            #expect(validated.status == 0, "kubernetes-validate --strict -k 1.\(minor).0: \(validated.output)\(validated.errors)")
            #expect(validated.output.contains("passed") && validated.output.contains("version 1.\(minor)"), "\(validated.output)\(validated.errors)")
        }
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
        let read = try ShellCommand.run("python3", ["-c", program, file.path])
        #expect(read.status == 0 && read.output.contains("ok"), "\(read.errors)")
    }

    @Test func theWorkflowAndTheJobDefinitionParseAndRetryOnlyTheMachinesFaults() throws {
        let workflows = try Self.blocks("yaml").filter { $0.contains("matrix:") }
        try #require(workflows.count == 1)
        let parsed = try ShellCommand.run(
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
        let found = try ShellCommand.run("python3", ["-c", "import check_jsonschema"])
        try #require(found.status == 0, "check-jsonschema is missing: `make deps` installs it (PyPI)")
        let valid = try ShellCommand.run("python3", ["-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", file.path])
        #expect(valid.status == 0, "\(valid.output)\(valid.errors)")
        let refused = try ShellCommand.run("python3", ["-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", broken.path])
        #expect(refused.status == 1 && refused.output.contains("'on' is a required property"), "\(refused.output)\(refused.errors)")
    }

    /// The workflow's combine step does what the artifacts do: each shard's folder is uploaded
    /// with its hidden `.breakdown-batch` (`include-hidden-files`), all are downloaded into one
    /// folder (`merge-multiple`), and `breakdown report` runs on it. Here four shards draw into
    /// four folders, each copied into one as download-artifact merges them: the report exits 0
    /// and counts every record once. Copied without the hidden folder (upload-artifact's
    /// default), the report exits 2: why the step is there.
    @Test(.timeLimit(.minutes(10))) func theWorkflowsCombineStepMergesTheShardsFolders() throws {
        let workflow = try #require(try Self.blocks("yaml").first { $0.contains("matrix:") })
        let program = """
            import sys, yaml
            w = yaml.safe_load(sys.stdin)
            images, combine = w["jobs"]["images"], w["jobs"]["combine"]
            assert images["strategy"]["fail-fast"] is False
            upload = [s for s in images["steps"] if s.get("uses", "").startswith("actions/upload-artifact@")][0]
            assert upload["with"]["include-hidden-files"] is True and upload["with"]["path"] == "images", upload
            assert upload["if"] == "always()"
            assert combine["needs"] == "images" and combine["if"] == "always()"
            steps = combine["steps"]
            download = [i for i, s in enumerate(steps) if s.get("uses", "").startswith("actions/download-artifact@")][0]
            merged = steps[download]["with"]
            assert merged["merge-multiple"] is True and merged["pattern"] == upload["with"]["name"].split("$")[0] + "*", merged
            report = [i for i, s in enumerate(steps) if " report " + merged["path"] in s.get("run", "")][0]
            assert report > download
            print(images["strategy"]["matrix"]["shard"][-1] + 1)
            """
        let read = try ShellCommand.run("python3", ["-c", program], input: workflow)
        try #require(read.status == 0, "\(read.output)\(read.errors)")
        let shards = try #require(Int(read.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        let folder = try BatchTestSupport.temporaryFolder("workflow-merge")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("catalogue.ndjson")
        let records = 10
        try BatchTestSupport.write(BatchTestSupport.ndjson(count: records), to: manifest)
        for shard in 0..<shards {
            let result = try BinaryRunner.run(
                ["batch", manifest.path, "-o", folder.appendingPathComponent("shard-\(shard)").path, "--shard", "\(shard)/\(shards)", "--quiet", "--jobs", "1"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        // download-artifact with merge-multiple: every artifact's files into the one path.
        func merge(into name: String, hidden: Bool) throws -> URL {
            let merged = folder.appendingPathComponent(name)
            for shard in 0..<shards {
                let copied = try ShellCommand.run(
                    "sh", ["-c", hidden ? "mkdir -p \"$2\" && cp -R \"$1\"/. \"$2\"/" : "mkdir -p \"$2\" && cp -R \"$1\"/* \"$2\"/",
                    "sh", folder.appendingPathComponent("shard-\(shard)").path, merged.path])
                try #require(copied.status == 0, "\(copied.errors)")
            }
            return merged
        }
        let merged = try merge(into: "images", hidden: true)
        let pngs = try BatchTestSupport.files(merged, ext: "png")
        #expect(pngs.count == records)
        let report = try BinaryRunner.run("report", merged.path)
        #expect(report.status == 0, "\(report.stdout)\(report.stderr)")
        #expect(report.stdout.hasPrefix("rendered \(records), skipped 0, hidden 0, failed 0 (\(records) records in \(shards) shards)"), "\(report.stdout)")
        let withoutHidden = try merge(into: "no-hidden", hidden: false)
        let refused = try BinaryRunner.run("report", withoutHidden.path)
        #expect(refused.status == 2 && refused.stderr.contains(".breakdown-batch"), "\(refused.stdout)\(refused.stderr)")
    }
}
