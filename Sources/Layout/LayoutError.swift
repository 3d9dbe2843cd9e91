/// Something the layout stage could not do, with a message for a person.
public struct LayoutError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
