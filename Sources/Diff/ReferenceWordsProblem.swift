/// Why a reference's words file could not be used: one line naming the file and what is wrong.
public struct ReferenceWordsProblem: Error, Sendable, Equatable {
    /// The line.
    public var message: String
    /// A problem saying `message`.
    public init(_ message: String) { self.message = message }
}
