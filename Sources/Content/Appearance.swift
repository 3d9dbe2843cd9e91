/// Light or dark appearance: picks the dynamic palette and the default text and link colours.
public enum Appearance: String, Sendable, CaseIterable, Codable {
    /// Light appearance: dark text on a light background.
    case light
    /// Dark appearance: light text on a dark background.
    case dark
}
