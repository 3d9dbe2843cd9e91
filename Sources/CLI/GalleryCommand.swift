import BreakdownBench
import BreakdownPaint
import BreakdownGallery
import BreakdownVerify
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import Foundation

/// `breakdown gallery [-o DIR]`: every variant worth seeing, as 2x PNGs and an `index.html`
/// contact sheet. Runs the batch engine on a built-in list of records.
public enum GalleryCommand {
    public static let options = OptionGroup(
        title: "GALLERY OPTIONS",
        options: [
            .value("output", "dir", default: "Output", help: "The folder to write the images and index.html to.").short("o"),
            .value("jobs", "n", .integer(1...256), defaultHelp: "the number of cores", help: "How many images to draw at once."),
            .flag("force", help: "Draw every image, even when it is up to date."),
            .flag("quiet", help: "Print no progress and no summary."),
            .value(
                "logo-assets", "path", defaultHelp: "the project's LogoAssets/ (look-alike artwork)",
                help: "The logo artwork for every tile: the SDK's asset catalog (Assets.xcassets), a folder of files named by the SDK's image names, or a folder with the project's file names."),
        ])

    public static let subcommand = Subcommand(
        name: "gallery",
        overview: "Draw every variant (brands, logos, palettes, appearances, texts, links, sizes) and an index.html contact sheet.",
        groups: [options]
    ) { options, console throws(CLIError) in
        let output = options.string("output") ?? "Output"
        let variants = GalleryCatalog.variants
        let artwork: String
        if let path = options.string("logo-assets") {
            do throws(PaintError) {
                let source = try ArtworkSource(directory: URL(fileURLWithPath: path))
                artwork = "Logo artwork: \(source.kind.rawValue) \(path)" + (source.isOfficial ? " (official files, drawn as they are)." : ".")
            } catch {
                throw .usage(error.message)
            }
        } else {
            artwork = "Logo artwork: the project's look-alike LogoAssets/ (for tests and previews; give --logo-assets for the official artwork)."
        }
        var settings = BatchSettings(
            outputDirectory: output, manifestLabel: "gallery", defaults: BatchRecordPlanner.defaults(from: options))
        settings.printWarnings = false
        if let jobs = options.integer("jobs") { settings.jobs = jobs }
        settings.force = options.flag("force")
        settings.quiet = options.flag("quiet")

        let outcomes = OutcomeList()
        let summary = try BatchEngine.run(
            settings: settings, console: console, openManifest: { RecordListReader(variants.map(\.record)) },
            onOutcome: { outcomes.append($0) })

        var tiles: [GalleryTile] = []
        for (variant, outcome) in zip(variants, outcomes.all) {
            var tile = GalleryTile(variant: variant)
            if variant.hasLowContrast { tile.warnings = ["low contrast — as the SDK shows it"] }
            let file = variant.name + ".png"
            if outcome.status == .rendered || outcome.status == .skipped,
                let size = PNGSize.read(output + "/" + file)
            {
                tile.file = file
                tile.width = Double(size.width) / Double(GalleryCatalog.scale)!
                tile.height = Double(size.height) / Double(GalleryCatalog.scale)!
            } else {
                tile.note = outcome.status == .hidden ? "hidden: \(outcome.message ?? "")" : "failed: \(outcome.message ?? "")"
            }
            tiles.append(tile)
        }
        let drawn = tiles.filter { $0.file != nil }.count
        let page = GalleryPage.html(tiles, summary: "\(tiles.count) variants: \(drawn) images, \(tiles.count - drawn) hidden placeholders. \(artwork)")
        try AtomicWriter.write([(Data(page.utf8), output + "/index.html")])
        if !settings.quiet {
            console.print("gallery: " + summary.line)
            console.print("open \(output)/index.html")
        }
        return summary.exitStatus
    }
}

/// Outcomes collected from the engine's callback (in manifest order).
private final class OutcomeList: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [BatchOutcome] = []

    func append(_ outcome: BatchOutcome) {
        lock.lock()
        outcomes.append(outcome)
        lock.unlock()
    }

    var all: [BatchOutcome] {
        lock.lock()
        defer { lock.unlock() }
        return outcomes
    }
}
