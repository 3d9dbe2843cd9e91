import BreakdownTestSupport
import Foundation
import Testing
@testable import CLITestSupport

/// `--shard auto` on a real scheduler: a one-node Slurm cluster of the test's own processes
/// (`Tools/slurm-cluster.sh`: munged, slurmctld and slurmd in a temporary folder), an array job of
/// four `breakdown batch … --shard auto` tasks, one of them killed mid-run with `scancel
/// --signal=KILL` and requeued as Slurm requeues a task (its own index, its array's count). The
/// folder then holds exactly what one unsharded run writes, and `breakdown report` says it is
/// complete. It needs root (slurmd runs each job as its submitter): as another user it is skipped,
/// and says so; as root without Slurm it fails (`make deps` installs it).
@Suite struct SlurmArrayTests {
    typealias Support = BatchTestSupport

    static let isRoot = getuid() == 0
    static let script = ProjectFolder.root.appendingPathComponent("Tools/slurm-cluster.sh").path

    /// Runs a Slurm client with the cluster's configuration.
    static func slurm(_ arguments: [String], conf: String) throws -> BinaryRunner.Result {
        let program = ["/usr/bin/" + arguments[0], "/usr/sbin/" + arguments[0]].first { FileManager.default.isExecutableFile(atPath: $0) }
        return try BinaryRunner.run(command: try #require(program, "\(arguments[0]) is not installed"), Array(arguments.dropFirst()), environment: ["SLURM_CONF": conf])
    }

    /// The array's tasks still queued or running (`squeue` lines), or nil when `squeue` could not
    /// answer (a busy controller times out): an answer that failed is never taken for "none left".
    static func queued(_ job: String, conf: String) throws -> [String]? {
        let listed = try slurm(["squeue", "-h", "-j", job, "-o", "%i %t"], conf: conf)
        guard listed.status == 0 else { return nil }
        return listed.stdout.split(separator: "\n").map(String.init)
    }

    /// What the cluster and the tasks wrote, for a failure's message: the end of each log.
    static func logs(_ folder: URL) -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".log") || $0 == "attempts.txt" }
        let cluster = ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cluster").path)) ?? []).filter { $0.hasSuffix(".log") }.map { "cluster/" + $0 }
        return (names + cluster).sorted().map { name in
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "(unreadable)"
            return "--- \(name):\n" + text.split(separator: "\n", omittingEmptySubsequences: false).suffix(15).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Waits (up to `seconds`) until `condition` holds.
    static func wait(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        // (Also used by other suites for a condition that comes true in time.)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(200_000)
        }
        return try condition()
    }

    @Test(
        .enabled(if: SlurmArrayTests.isRoot, "needs root: slurmd runs each job as its submitter (CI runs as root)"),
        .timeLimit(.minutes(15)))
    func anArrayWithAKilledTaskRequeuedWritesWhatOneRunWrites() throws {
        // A short name: slurmstepd makes Unix sockets in the cluster's spool folder, whose paths
        // may not pass 108 bytes (the script refuses a folder too long for them).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slurm-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cluster = folder.appendingPathComponent("cluster").path
        let started = try BinaryRunner.run(command: "/bin/bash", [Self.script, "start", cluster])
        try #require(started.status == 0, "the Slurm cluster did not come up: \(started.stderr)")
        defer { _ = try? BinaryRunner.run(command: "/bin/bash", [Self.script, "stop", cluster]) }
        let conf = cluster + "/slurm.conf"

        // Every task names its manifest `m.ndjson` in its own folder, as one command line would:
        // task 2's first attempt finds a FIFO there that stays open after the records, so it draws
        // its share, then waits, and is killed there; the requeued attempt reads the file.
        let input = folder.appendingPathComponent("in")
        let stalled = folder.appendingPathComponent("stalled")
        for made in [input, stalled] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        let manifest = input.appendingPathComponent("m.ndjson")
        try Support.write((0..<40).map { "{\"amount\": \"\(10 + $0).25\", \"name\": \"item-\($0)\"}" }.joined(separator: "\n") + "\n", to: manifest)
        let fifo = stalled.appendingPathComponent("m.ndjson")
        try #require(mkfifo(fifo.path, 0o644) == 0)
        let feeder = Process()
        feeder.executableURL = URL(fileURLWithPath: "/bin/bash")
        feeder.arguments = ["-c", "exec > '\(fifo.path)'; cat '\(manifest.path)'; exec sleep 600"]
        SpawnLog.note()
        try feeder.run()
        defer { if feeder.isRunning { kill(feeder.processIdentifier, SIGKILL) } }
        let whole = folder.appendingPathComponent("whole")
        let binary = try #require(BinaryRunner.executable).path
        let reference = try BinaryRunner.run(command: "/bin/bash", ["-c", "cd '\(input.path)' && exec '\(binary)' batch m.ndjson -o '\(whole.path)' --jobs 1 --quiet"])
        try #require(reference.status == 0, "\(reference.stderr)")

        let output = folder.appendingPathComponent("out")
        let job = folder.appendingPathComponent("job.sh")
        try Support.write(
            """
            #!/bin/bash
            echo "task $SLURM_ARRAY_TASK_ID of $SLURM_ARRAY_TASK_COUNT, attempt ${SLURM_RESTART_COUNT:-0}" >> '\(folder.path)/attempts.txt'
            folder='\(input.path)'
            if [ "$SLURM_ARRAY_TASK_ID" = 2 ] && [ "${SLURM_RESTART_COUNT:-0}" = 0 ]; then folder='\(stalled.path)'; fi
            cd "$folder" && exec '\(binary)' batch m.ndjson -o '\(output.path)' --shard auto --jobs 1 --quiet

            """, to: job)
        let submitted = try Self.slurm(["sbatch", "--parsable", "--array=0-3", "-o", folder.path + "/task-%a-%s.log", job.path], conf: conf)
        try #require(submitted.status == 0, "sbatch: \(submitted.stderr)")
        let id = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        // The other three finish; task 2 has drawn and journalled its share (the group commit's
        // second) and waits on its stream.
        let onlyTaskTwo = try Self.wait(120) { try Self.queued(id, conf: conf) == ["\(id)_2 R"] }
        let queue = try Self.queued(id, conf: conf)
        try #require(onlyTaskTwo, "the array did not come down to task 2 running: \(String(describing: queue))\n\(Self.logs(folder))")
        let drawnBeforeKill = try Self.wait(30) {
            let journalled = BatchProcess.entriesSoFar(output, all: true) ?? 0
            let drawn = (try? Support.files(output, ext: "png").count) ?? -1
            return journalled > 0 && journalled == drawn
        }
        #expect(drawnBeforeKill, "task 2's images were not all journalled before it was killed")
        // SIGKILL to the task's whole process tree (`--full`: its batch step too), not a SIGTERM it could handle.
        let killed = try Self.slurm(["scancel", "--full", "--signal=KILL", "\(id)_2"], conf: conf)
        #expect(killed.status == 0, "\(killed.stderr)")
        let ended = try Self.wait(60) { try Self.queued(id, conf: conf)?.isEmpty == true }
        try #require(ended, "task 2 did not end after SIGKILL\n\(Self.logs(folder))")

        // Requeued as Slurm does: the same array, its own index and count, a restart count of 1.
        let requeued = try Self.slurm(["scontrol", "requeue", "\(id)_2"], conf: conf)
        try #require(requeued.status == 0, "scontrol requeue: \(requeued.stderr)")
        // A requeued task waits for a begin time (Slurm's credential lifetime, about two minutes);
        // bring it forward rather than wait for it. The update is refused until the task is
        // pending again, and a busy controller may not answer: tried until it is taken.
        var broughtForward = try Self.slurm(["scontrol", "update", "JobId=\(id)_2", "StartTime=now"], conf: conf)
        let forward = try Self.wait(60) {
            if broughtForward.status == 0 { return true }
            broughtForward = try Self.slurm(["scontrol", "update", "JobId=\(id)_2", "StartTime=now"], conf: conf)
            return false
        }
        try #require(forward, "scontrol update StartTime=now: \(broughtForward.stderr)\n\(Self.logs(folder))")
        let attemptsFile = folder.appendingPathComponent("attempts.txt")
        let finished = try Self.wait(120) {
            let attempts = (try? String(contentsOf: attemptsFile, encoding: .utf8)) ?? ""
            let queue = try Self.queued(id, conf: conf)
            return attempts.contains("task 2 of 4, attempt 1") && queue?.isEmpty == true
        }
        let left = try Self.queued(id, conf: conf)
        try #require(finished, "the requeued task did not finish: \(String(describing: left))\n\(Self.logs(folder))")
        let attempts = try String(contentsOf: folder.appendingPathComponent("attempts.txt"), encoding: .utf8)
        #expect(attempts.contains("task 2 of 4, attempt 0") && attempts.contains("task 2 of 4, attempt 1"), "\(attempts)")

        let report = folder.appendingPathComponent("combined.json")
        let combined = try BinaryRunner.run(["report", output.path, "--report", report.path])
        #expect(combined.status == 0, "\(combined.stdout)\(combined.stderr)")
        #expect(combined.stdout.contains("(40 records in 4 shards)") && !combined.stdout.contains("no report"), "\(combined.stdout)")
        // The requeued task resumed: what the killed attempt finished was skipped, not drawn again.
        let entries = try #require(try Support.report(report)["records"] as? [[String: Any]])
        #expect(entries.contains { $0["status"] as? String == "skipped" }, "the requeued task drew everything again")
        #expect(entries.count == 40)
        #expect(try BatchTestSupport.images(output) == BatchTestSupport.images(whole), "the shards' folder differs from one run's")
    }
}
