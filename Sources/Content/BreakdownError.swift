/// Why breakdown could not do what it was asked, as cases a caller can switch on. Every case's
/// `description` is one line for a person: what was wrong and what is accepted.
public enum BreakdownError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An option (a command-line flag, a manifest key or a snapshot argument) is unknown, was given
    /// twice, or has a value it does not accept. `option` is its name without dashes.
    case invalidOption(option: String, message: String)
    /// Input that is wrong as a whole: options that cannot be used together, a missing or extra
    /// argument, an unreadable manifest or a bad record in it.
    case invalidInput(String)
    /// The merchant configuration (minimum, maximum, currency, locale) was rejected. `message` is
    /// the configuration's own message, with the option it came from when known.
    case invalidConfiguration(ConfigurationError, message: String)
    /// The breakdown is hidden (no configuration, or the consumer's language is not offered in the
    /// merchant's region): the view draws nothing, so there is no image.
    case hidden(reason: String)
    /// A file or folder could not be read or written; `path` names it.
    case file(path: String, message: String)
    /// A stage of rendering failed: an unknown font family, unreadable font files or artwork,
    /// link markup Pango rejects, a surface or encoder error.
    case renderingFailed(String)
    /// Anything else that failed while running (a batch record that failed, a difference found).
    case failed(String)

    /// The one-line message.
    public var description: String {
        switch self {
        case .invalidOption(_, let message), .invalidInput(let message), .invalidConfiguration(_, let message),
            .file(_, let message), .renderingFailed(let message), .failed(let message):
            message
        case .hidden(let reason): "the breakdown is hidden, so nothing is drawn: \(reason)"
        }
    }
}
