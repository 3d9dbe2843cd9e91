import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownContent
import BreakdownIO
/// `--shard K/N`: this process takes the records whose manifest index i has i % N == K
/// (K from 0). The N shards together take every record exactly once, whatever the manifest.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
    var index: Int
    var count: Int

    static let whole = Shard(index: 0, count: 1)

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 0 <= K < N.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (0..<count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    func contains(_ recordIndex: Int) -> Bool { recordIndex % count == index }

    /// A planned record belongs to the shard its output name hashes to; a record with no name
    /// (it failed before one was made) to the shard of its index.
    func contains(_ job: BatchJob) -> Bool {
        guard count > 1 else { return true }
        switch job.work {
        case .render(let plan): return contains(name: plan.name)
        case .duplicate(let name, _, _): return contains(name: name)
        case .noPrice(let name, _): return name.map(contains(name:)) ?? contains(job.index)
        case .problem(let problem): return problem.name.map(contains(name:)) ?? contains(job.index)
        }
    }

    func contains(name: String) -> Bool { Int(Fingerprint(name).value % UInt64(count)) == index }

    package var description: String { "\(index)/\(count)" }
}

extension Shard {
    /// Job engines and the variables that give a task its index (and the task count).
    /// `--shard auto` takes the first engine whose index variable is set; `auto/N` gives the
    /// count where the engine does not (Kubernetes) or checks it where it does.
    package static let engines: [(name: String, index: String, count: String?, base: Int)] = [
        ("Kubernetes Indexed Job", "JOB_COMPLETION_INDEX", nil, 0),
        ("AWS Batch array job", "AWS_BATCH_JOB_ARRAY_INDEX", "AWS_BATCH_JOB_ARRAY_SIZE", 0),
        ("Cloud Run job", "CLOUD_RUN_TASK_INDEX", "CLOUD_RUN_TASK_COUNT", 0),
        ("Slurm job array", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", 0),
        ("GitLab parallel job", "CI_NODE_INDEX", "CI_NODE_TOTAL", 1),
    ]

    /// The variables beside an engine's index that move it (Slurm's first index and step).
    package static func offsetVariables(_ index: String) -> [String] {
        index == "SLURM_ARRAY_TASK_ID" ? ["SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP"] : []
    }

    /// `--shard auto` or `auto/N`: this task's shard from the engine that started the process.
    package static func fromEnvironment(_ environment: [String: String], given: String) throws(CLIError) -> Shard {
        var count: Int?
        if given != "auto" {
            guard let number = Int(given.dropFirst("auto/".count)), number >= 1 else {
                throw .usage("--shard: \(QuotedValue.quoted(given)) is not valid; expected auto or auto/N with N >= 1")
            }
            count = number
        }
        guard let engine = engines.first(where: { environment[$0.index] != nil }) else {
            throw .usage(
                "--shard auto: no job engine's task index is set (\(engines.map(\.index).joined(separator: ", "))); give --shard K/N")
        }
        let text = environment[engine.index] ?? ""
        guard var index = Int(text.trimmingASCIISpaces) else {
            throw .usage("--shard auto: \(engine.index)=\(QuotedValue.quoted(text)) (\(engine.name)) is not a whole number")
        }
        index -= engine.base
        var engineCount: Int?
        if let variable = engine.count, let value = environment[variable] {
            guard let number = Int(value.trimmingASCIISpaces), number >= 1 else {
                throw .usage("--shard auto: \(variable)=\(QuotedValue.quoted(value)) (\(engine.name)) is not a count of 1 or more")
            }
            engineCount = number
        }
        if engine.index == "SLURM_ARRAY_TASK_ID" {
            // Slurm numbers tasks from --array's first value, in its steps.
            let minimum = Int(environment["SLURM_ARRAY_TASK_MIN"] ?? "") ?? 0
            let step = max(1, Int(environment["SLURM_ARRAY_TASK_STEP"] ?? "") ?? 1)
            guard (index - minimum) % step == 0 else {
                throw .usage("--shard auto: SLURM_ARRAY_TASK_ID=\(index) is not SLURM_ARRAY_TASK_MIN=\(minimum) plus a multiple of SLURM_ARRAY_TASK_STEP=\(step)")
            }
            index = (index - minimum) / step
        }
        if let count, let engineCount, count != engineCount {
            throw .usage("--shard auto/\(count): the \(engine.name) says there are \(engineCount) tasks (\(engine.count!)); give auto alone or the same count")
        }
        guard let total = count ?? engineCount else {
            // Each engine's word for the number of tasks.
            let what =
                switch engine.index {
                case "JOB_COMPLETION_INDEX": "the Job's completions"
                case "SLURM_ARRAY_TASK_ID": "the array's tasks (--array)"
                case "AWS_BATCH_JOB_ARRAY_INDEX": "the array job's size"
                default: "the number of tasks"
                }
            throw .usage("--shard auto: \(engine.name) gives the index (\(engine.index)) but not the count; give --shard auto/N, N \(what)")
        }
        guard (0..<total).contains(index) else {
            throw .usage(
                "--shard auto: \(engine.name) task \(text) (\(engine.index)) is shard \(index) counted from 0, but there are \(total) shards (0 to \(total - 1))")
        }
        return Shard(index: index, count: total)
    }
}
