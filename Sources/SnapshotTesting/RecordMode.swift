import BreakdownPipeline
import BreakdownOptions
/// When a snapshot assertion writes its reference image.
///
/// Writing a reference always fails the assertion (saying so), so a run that records can never
/// pass by accident; run again to compare.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Record a reference that does not exist yet; compare with those that do. The default.
    case missing
    /// Record every reference, replacing what is there.
    case all
    /// Never record: a missing reference fails. The default when the `CI` environment variable is set.
    case never

    /// The environment variable that sets the mode for every assertion: `all`, `missing` or `never`.
    public static let environmentKey = "BREAKDOWN_RECORD"

    /// The mode an assertion uses: `explicit` if given, else `BREAKDOWN_RECORD`, else `never` when
    /// `CI` is set (to anything but empty, `0`, `false` or `no`), else `missing`.
    /// Takes the environment as a value, so tests can try any environment without changing the
    /// process's own (shared by tests running in parallel).
    public static func resolve(_ explicit: RecordMode?, environment: [String: String]) throws(SnapshotError) -> RecordMode {
        if let explicit { return explicit }
        if let value = environment[environmentKey], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value.lowercased()) else {
                throw SnapshotError(
                    "\(environmentKey)=\(value) is not a record mode; use \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return mode
        }
        return isContinuousIntegration(environment) ? .never : .missing
    }

    /// Whether `CI` is set to something that means yes.
    public static func isContinuousIntegration(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false", "no"].contains(value)
    }
}
