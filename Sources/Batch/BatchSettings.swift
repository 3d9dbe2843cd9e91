import BreakdownLayout
import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import BreakdownEncode
import Foundation

/// How a batch runs: where it writes, how many workers, which share, and what beside the images.
package struct BatchSettings: Sendable {
    package var outputDirectory: String
    /// How the manifest is named in messages and the report.
    package var manifestLabel: String
    /// A digest of the manifest file's bytes when the run started (nil: standard input, or not a
    /// regular file): in the report, so `breakdown report` never combines shards of two contents
    /// of one manifest path.
    package var manifestDigest: String?
    package var jobs = ProcessInfo.processInfo.activeProcessorCount
    package var shard = Shard.whole
    /// Render every record even when its outputs are up to date.
    package var force = false
    /// Stop at the first failed record.
    package var failFast = false
    /// No progress and no summary.
    package var quiet = false
    /// Print low-contrast warnings on stderr (the gallery shows them on its page instead).
    package var printWarnings = true
    /// Write `NAME.FORMAT.json` beside each image.
    package var writeMetadata = false
    /// Write `NAME.html`, an `<a><img></a>` snippet for the PNG (else the SVG).
    package var writeHTML = false
    /// Put before the image's file name in snippets (e.g. `https://cdn.example.com/breakdowns/`).
    package var htmlBaseURL = ""
    package var reportPath: String?
    /// The command line's content and drawing options, under every record.
    package var defaults: ParsedOptions
    package var defaultFormats: [OutputFormat] = [.png]
    /// `--scale 1,2,3`: every record drawn at each scale, smallest first; empty for one scale
    /// (then `--scale` is one of the `defaults`).
    package var scales: [RenderScale] = []
    /// `--map`, `--extra-columns`: which column gives which key.
    package var columnMap = ColumnMap()
    package var emptyName = EmptyName.fail
    /// `--name TEMPLATE`: every record's name from its keys and columns.
    package var nameTemplate: NameTemplate?
    /// `--number-locale`: how prices are written (else `.` decimal, `,` thousands where unambiguous).
    package var numberLocale: String?
    /// `--as-of`: the instant sales are judged at (a sale price is drawn only while its dates
    /// hold it); by default the moment the run started. `asOfGiven`: the option gave it.
    package var asOf = Date()
    package var asOfGiven = false
    /// `--time-zone`: the zone of sale dates written without one (else they are refused).
    package var timeZone: TimeZone?
    /// `--empty-amount`: what a record without a price is (fails, drawn as 0, or skipped as "no price").
    package var emptyAmount = EmptyAmount.fail
    /// `--duplicate-names`: a later record taking an earlier one's name with other options fails,
    /// or is counted as a duplicate (the first record of a name is drawn).
    package var duplicateNames = DuplicateNames.fail
    /// `--fail-on`: outcomes that count as failures (`outside-limits`, `hidden`).
    package var failOn: Set<BatchOutcome.Status> = []
    /// `--fail-on none`: failed records are reported and counted, and the run exits 0.
    package var failuresExitZero = false
    /// `--prune`: remove the files of records no longer in the manifest (`BatchGoneRecords`).
    package var prune = false
    /// `--on-change`: what to do with an image an earlier run drew with other options.
    package var onChange = OnChange.replace

    package enum OnChange: String, Sendable, CaseIterable, OptionChoice {
        case keep, replace, fail
    }

    package enum EmptyAmount: String, Sendable, CaseIterable, OptionChoice {
        case fail, zero, skip
    }

    package enum DuplicateNames: String, Sendable, CaseIterable, OptionChoice {
        case fail, first
    }

    /// `--empty-name`: a record whose name (the `name` key, or the column `--map name=` reads) is
    /// empty fails, or is named from its options as a record without a name column is.
    package enum EmptyName: String, Sendable, CaseIterable, OptionChoice {
        case fail, generate
    }

    package init(outputDirectory: String, manifestLabel: String, defaults: ParsedOptions) {
        self.outputDirectory = outputDirectory
        self.manifestLabel = manifestLabel
        self.defaults = defaults
    }

    /// The batch's own folder (journal and temporary files), hidden in the output folder.
    package var ownDirectory: String { outputDirectory + "/" + BatchFolder.ownFolderName }
}
