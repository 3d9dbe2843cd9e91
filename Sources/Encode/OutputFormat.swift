/// The image formats the renderer writes.
public enum OutputFormat: String, Sendable, CaseIterable, Codable {
    /// A PNG image, in pixels.
    case png
    /// An SVG document, in points, with a title and a link.
    case svg
    /// A PDF page, in points, with a link annotation.
    case pdf

    /// The format a file name's extension asks for (case-insensitive), or nil.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }
}
