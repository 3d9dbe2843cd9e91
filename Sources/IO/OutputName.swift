/// Output names another program would misread, refused wherever a name is given (a record's
/// `name`, a `--name` template's result, a verify manifest's reference): every such name is
/// otherwise a plain file name of letters, digits, '.', '_' and '-'.
package enum OutputName {
    /// The device names Windows reserves in every folder, with any extension (a share served to
    /// Windows cannot hold `CON.png`).
    static let windowsDevices: Set<String> = Set(["CON", "PRN", "AUX", "NUL"] + (0...9).map { "COM\($0)" } + (0...9).map { "LPT\($0)" })

    /// Why `name` (without its extension) would be misread, and what to give instead; nil when
    /// it would not.
    package static func misreadProblem(_ name: String) -> String? {
        if name.hasPrefix("-") {
            return "starts with '-', which a shell command reads as an option ('rm \(name).png'); start it with a letter, digit or '_'"
        }
        // A name without '.' is its own stem and has no extension: of more than 4 scalars it is no
        // device name (uppercasing never makes a name shorter), so nothing else is to check.
        if name.unicodeScalars.count > 4, !name.utf8.contains(UInt8(ascii: ".")) { return nil }
        let stem = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? name
        if windowsDevices.contains(stem.uppercased()) {
            return "is a device name on Windows (CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9, with any extension), which a Windows share cannot hold; add to it (\(stem)-1)"
        }
        if let format = ["png", "svg", "pdf"].first(where: { name.lowercased().hasSuffix("." + $0) }) {
            return "ends with .\(format): the file would be \(name).\(format); give the name without its extension"
        }
        return nil
    }
}
