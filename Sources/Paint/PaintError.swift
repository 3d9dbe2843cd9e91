/// A drawing failure: a Cairo or librsvg status, or artwork that cannot be read.
public struct PaintError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    /// The machine lacks something drawing needs (a library such as poppler-glib): a failure of
    /// the environment, not bad input.
    public var isEnvironment = false

    public init(_ message: String, isEnvironment: Bool = false) {
        self.message = message
        self.isEnvironment = isEnvironment
    }

    public var description: String { message }
}
