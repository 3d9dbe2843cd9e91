import BreakdownEncode
/// Why the renderer made no image.
public enum RenderError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The breakdown is hidden (no configuration, or no display language): the view draws nothing.
    case hidden(reason: String)
    /// Bad input or a failure in a stage, with a message for a person.
    case failed(String)

    public var description: String {
        switch self {
        case .hidden(let reason): "the breakdown is hidden, so nothing is drawn: \(reason)"
        case .failed(let message): message
        }
    }
}
