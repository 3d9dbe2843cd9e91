/// How `render` and `batch` word a low-contrast warning on stderr.
public enum ContrastWarning {
    /// Before each of the metadata's contrast warnings.
    public static let prefix = "low contrast, drawn as the SDK shows it: "
}
