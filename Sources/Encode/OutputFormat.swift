/// The image formats the renderer writes.
public enum OutputFormat: String, Sendable, CaseIterable, Codable {
    case png
    case svg
    case pdf

    /// The format a file name's extension asks for (case-insensitive), or nil.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }
}
