import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
/// A value in a manifest record as written: JSON keeps numbers as their literal text (`100.10`
/// stays `100.10`, never a `Double`); CSV cells are always text.
package enum ManifestValue: Sendable, Hashable {
    case text(String)
    /// A JSON number, exactly as written.
    case number(String)
    case bool(Bool)
    case null
    case list([ManifestValue])
    case object

    /// How error messages name the value's kind.
    package var kindName: String {
        switch self {
        case .text: "a text"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .list: "a list"
        case .object: "an object"
        }
    }
}
