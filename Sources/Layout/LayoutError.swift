/// Something the layout stage could not do, with a message for a person.
public struct LayoutError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The one-line message.
    public var message: String

    /// An error with a one-line message.
    public init(_ message: String) {
        self.message = message
    }

    /// The one-line message.
    public var description: String { message }
}
