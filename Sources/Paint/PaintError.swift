/// A drawing failure: a Cairo or librsvg status, or artwork that cannot be read.
public struct PaintError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
