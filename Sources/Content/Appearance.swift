/// Light or dark appearance: picks the dynamic palette and the default text and link colours.
public enum Appearance: String, Sendable, CaseIterable, Codable {
    case light
    case dark
}
