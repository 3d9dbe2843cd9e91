import BreakdownPipeline
import BreakdownOptions

/// Builds a render request from the same words as the command line.
public enum SnapshotRequest {
    /// The option groups snapshot arguments may use: `breakdown render`'s content and drawing options.
    public static let groups = [ContentOptions.group, RenderOptions.drawing]

    /// Parses CLI-style arguments, e.g. `["--amount", "100", "--locale", "en_GB", "--scale", "2"]`,
    /// exactly as `breakdown render` does (without the output options).
    public static func request(arguments: [String]) throws(SnapshotError) -> RenderRequest {
        do throws(RequestError) {
            let options = try ParsedOptions(arguments: arguments, groups: groups)
            if options.helpRequested {
                throw .invalidInput("--help is not a snapshot option; see 'breakdown render --help' for the options")
            }
            if let extra = options.positionals.first {
                throw .invalidInput("unexpected argument '\(extra)'; give options such as --amount 100 --locale en_GB")
            }
            return try RenderRequest(options)
        } catch {
            throw SnapshotError("snapshot arguments: \(error.message)")
        }
    }
}
