import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownPaint
import BreakdownBatch
import Foundation

/// Draws every gallery variant as a 2x PNG with the batch engine, then writes `index.html`, a
/// contact sheet with a placeholder for each hidden variant.
package enum GalleryRun {
    /// Draws into `output` (created if missing) with `jobs` workers (nil: every core); `force`
    /// redraws up-to-date images; `quiet` prints no progress or summary; `logoAssets` is the
    /// artwork folder or catalog (nil: the project's look-alike `LogoAssets/`); `defaults` are the
    /// options under every variant. Returns the exit status.
    package static func run(
        output: String, jobs: Int?, force: Bool, quiet: Bool, logoAssets: String?, defaults: ParsedOptions, console: Console
    ) throws(CLIError) -> Int32 {
        let variants = GalleryCatalog.variants
        let artwork: String
        if let path = logoAssets {
            do throws(PaintError) {
                let source = try ArtworkSource(directory: URL(fileURLWithPath: path))
                artwork = "Logo artwork: \(source.kind.rawValue) \(path)" + (source.isOfficial ? " (official files, drawn as they are)." : ".")
            } catch {
                throw .usage(error.message)
            }
        } else {
            artwork = "Logo artwork: the project's look-alike LogoAssets/ (for tests and previews; give --logo-assets for the official artwork)."
        }
        var settings = BatchSettings(outputDirectory: output, manifestLabel: "gallery", defaults: defaults)
        settings.printWarnings = false
        if let jobs { settings.jobs = jobs }
        settings.force = force
        settings.quiet = quiet

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
