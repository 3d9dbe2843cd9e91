import Foundation

/// The options only one view takes (the iOS view or the Android view), with the words the other
/// view's refusal must contain; for ViewOptionDoorsTests and ViewOptionDoorsEndToEndTests.
public enum ViewOptionTable {
    /// (option, value, the view that takes it, words the other view's refusal must contain).
    public static let viewOptions: [(name: String, value: String, view: String, words: String)] = [
        ("dark-palette", "alt", "ios", "is an iOS option (the Android view has a static style only)"),
        ("content-size", "large", "ios", "is iOS's Dynamic Type"),
        ("tracking", "none", "ios", "is iOS's letter spacing"),
        ("environment", "sandbox", "android", "is an Android configuration option"),
        ("font-scale", "1.5", "android", "is Android's font size setting"),
        // Flags (no value on the command line; true in a record or a query): iOS's accessibility
        // settings, which the Android view does not read (issue 48).
        ("increase-contrast", "", "ios", "is iOS's accessibility setting"),
        ("bold-text", "", "ios", "is iOS's accessibility setting"),
    ]

    /// The option as command-line words: `--name value`, or `--name` for a flag.
    public static func words(_ option: (name: String, value: String, view: String, words: String)) -> [String] {
        ["--\(option.name)"] + (option.value.isEmpty ? [] : [option.value])
    }

    /// The option's value in a record or a query: a flag's is true.
    public static func recordValue(_ option: (name: String, value: String, view: String, words: String)) -> String {
        option.value.isEmpty ? "true" : option.value
    }

    public static func otherView(_ view: String) -> String { view == "ios" ? "android" : "ios" }

    /// The arguments asking for `view` (iOS is the default: nothing to give).
    public static func platformArguments(_ view: String) -> [String] { view == "android" ? ["--platform", "android"] : [] }
}
