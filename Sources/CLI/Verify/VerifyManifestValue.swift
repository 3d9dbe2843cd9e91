import Foundation

/// One JSON value of a verify manifest, as far as a record needs: an object (a record), a value
/// an option accepts (text, number as text, or a boolean), or something it does not accept.
enum VerifyManifestValue: Decodable {
    case object([String: VerifyManifestValue])
    case value(RecordValue)
    /// What it was, for the error line: `null` or `an array`.
    case unsupported(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .unsupported("null")
        } else if let flag = try? container.decode(Bool.self) {
            self = .value(.bool(flag))
        } else if let text = try? container.decode(String.self) {
            self = .value(.string(text))
        } else if let whole = try? container.decode(Int.self) {
            self = .value(.string(String(whole)))
        } else if let number = try? container.decode(Decimal.self) {
            self = .value(.string(number.description))
        } else if let members = try? container.decode([String: VerifyManifestValue].self) {
            self = .object(members)
        } else {
            self = .unsupported("an array")
        }
    }
}
