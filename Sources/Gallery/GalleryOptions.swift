import BreakdownOptions

/// The options only `gallery` has, declared once with their types.
package enum GalleryOptions {
    package static let output = Option<String>.value(
        "output", "dir", default: "Output", help: "The folder to write the images and index.html to.").short("o")
    package static let jobs = Option<Int?>.value(
        "jobs", "n", .integer(1...256), defaultHelp: "the number of cores", help: "How many images to draw at once.")
    package static let force = Flag.flag("force", help: "Draw every image, even when it is up to date.")
    package static let quiet = Flag.flag("quiet", help: "Print no progress and no summary.")

    /// The group `gallery --help` lists them under; --logo-assets (the artwork for every tile)
    /// is one of the drawing options.
    package static let group = OptionGroup(title: "GALLERY OPTIONS", [output, jobs, force, quiet])
}
