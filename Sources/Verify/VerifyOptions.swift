import BreakdownOptions

/// The options only `verify` has, declared once with their types.
package enum VerifyOptions {
    package static let reference = Option<String?>.value(
        "reference", "dir", help: "The folder of reference images: <name>.png for each record. Required.")
    package static let report = Option<String?>.value(
        "report", "dir", .outputPath,
        help: "Write an HTML report (index.html) there: reference, actual and difference images of every failure, one line a pass.")
    package static let record = Flag.flag(
        "record",
        help: "Write (or update) the reference of every record instead of comparing, with NAME.words.json (what it says, compared exactly before the pixels), NAME.versions.txt and NAME.metadata.json beside it; exits 0.")
    package static let tolerance = Option<Int>.value(
        "tolerance", "n", .integer(0...255), default: "0",
        help: "The largest difference of a channel (0-255) that does not make a pixel differ.")
    package static let allowedFraction = Option<Double>.value(
        "allowed-fraction", "f", .number(0...1), default: "0",
        help: "The fraction of pixels (0-1) that may differ while the images still match.")
    package static let perceptual = Option<Double?>.value(
        "perceptual", "delta-e", .number(0...100),
        help: "Compare colours as people see them: a pixel differs when its CIEDE2000 ΔE is above this (e.g. 2; instead of --tolerance). For references from another machine's Pango, Cairo, FreeType or HarfBuzz.")

    /// The group `verify --help` lists them under.
    package static let group = OptionGroup(title: "VERIFY OPTIONS", [reference, report, record, tolerance, allowedFraction, perceptual])
}
