import BreakdownBatch
import BreakdownGallery
import BreakdownOptions
import BreakdownIO

/// `breakdown gallery [-o DIR] [drawing options]`: every variant worth seeing, as 2x PNGs and an
/// `index.html` contact sheet. Runs the batch engine on a built-in list of records.
public enum GalleryCommand {
    /// The options only `gallery` has.
    public static let options = GalleryOptions.group

    /// The `gallery` subcommand: its options, help and the call into the Gallery library.
    public static let subcommand = Subcommand(
        name: "gallery",
        overview: "Draw every variant (brands, logos, palettes, appearances, texts, links, sizes) and an index.html contact sheet.",
        groups: [options, RenderOptions.drawing]
    ) { options, console throws(CLIError) in
        try GalleryRun.run(options: options, console: console)
    }
}
