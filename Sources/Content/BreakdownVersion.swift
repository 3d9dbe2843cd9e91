/// The version of this package, its command-line tool and its renderer, in one place: shown by
/// `breakdown --version` and part of the identity that decides whether a batch may skip a record.
public enum BreakdownVersion {
    /// The semantic version of this release, e.g. `0.3.0`.
    public static let current = "0.3.0"
}
