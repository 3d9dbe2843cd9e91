import BreakdownEncode
import Foundation

/// How a batch runs: where it writes, how many workers, which share, and what beside the images.
struct BatchSettings: Sendable {
    var outputDirectory: String
    /// How the manifest is named in messages and the report.
    var manifestLabel: String
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var shard = Shard.whole
    /// Render every record even when its outputs are up to date.
    var force = false
    /// Stop at the first failed record.
    var failFast = false
    /// No progress and no summary.
    var quiet = false
    /// Write `NAME.FORMAT.json` beside each image.
    var writeMetadata = false
    /// Write `NAME.html`, an `<a><img></a>` snippet for the PNG (else the SVG).
    var writeHTML = false
    /// Put before the image's file name in snippets (e.g. `https://cdn.example.com/breakdowns/`).
    var htmlBaseURL = ""
    var reportPath: String?
    /// The command line's content and drawing options, under every record.
    var defaults: ParsedOptions
    var defaultFormats: [OutputFormat] = [.png]

    /// Where resume markers live: a hidden folder in the output folder.
    var markerDirectory: String { outputDirectory + "/" + BatchResumeMarker.folderName }
}
