import BreakdownContent

/// Something the layout stage could not do, with a message for a person.
public struct LayoutError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The one-line message.
    public var message: String
    /// The style value it is about, named as the option that sets it (`width`), when one is.
    public var option: String?

    /// An error with a one-line message, about `option` when one is named.
    public init(_ message: String, option: String? = nil) {
        self.message = message
        self.option = option
    }

    /// The library's error: a problem with the named option, else a failure to render.
    public var breakdownError: BreakdownError {
        option.map { BreakdownError.invalidOption(option: $0, message: message) } ?? .renderingFailed(message)
    }

    /// The one-line message.
    public var description: String { message }
}
