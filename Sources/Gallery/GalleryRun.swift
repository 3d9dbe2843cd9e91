import BreakdownLocking
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownPaint
import BreakdownBatch
import Foundation
import BreakdownIO

/// Draws every gallery variant as a 2x PNG with the batch engine, then writes `index.html`, a
/// contact sheet with a placeholder for each hidden variant.
package enum GalleryRun {
    /// Draws every variant into `-o` (default `Output`, created if missing) with the drawing
    /// options given (they go under every tile; a tile's own size, text size or width wins),
    /// then writes `index.html`. Returns the exit status.
    package static func run(options: ParsedOptions, console: Console) throws(CLIError) -> Int32 {
        let output = options[GalleryOptions.output]
        // Someone's own page is never replaced by the contact sheet.
        if !GalleryPage.isGalleryPage(output + "/index.html") {
            throw .usage(
                "\(options.name(of: GalleryOptions.output)) \(output) holds an index.html that is not a page of breakdown gallery, which the gallery would replace: give a new or empty folder, or an earlier gallery's")
        }
        // The drawing options given (`--font-size 20`, `--font-file F`, `--logo-assets DIR`…) go under every tile.
        var drawing: [(key: String, value: String)] = []
        for spec in RenderOptions.drawing.options where options.isGiven(spec) {
            drawing += options.texts(of: spec).map { (key: spec.name, value: $0) }
        }
        var platforms: Set<Platform> = [.ios, .android]
        let artwork: String
        if let path = options[RenderOptions.logoAssets] {
            do throws(PaintError) {
                let source = try ArtworkSource(directory: URL(fileURLWithPath: path))
                artwork = "Logo artwork: \(source.kind.rawValue) \(path)" + (source.isOfficial ? " (official files, drawn as they are)." : ".")
                // Official artwork draws one platform's view: the other's tiles are left out, and said so.
                if source.kind == .androidResources {
                    platforms = [.android]
                } else if source.isOfficial {
                    platforms = [.ios]
                } else if let drawables = source.androidDrawables, !FileManager.default.fileExists(atPath: drawables.path) {
                    // A folder of the project's file names without the look-alikes' android/drawable
                    // (a copy of LogoAssets' SVGs): iOS artwork too, so likewise.
                    platforms = [.ios]
                }
            } catch {
                throw .usage(error.message)
            }
        } else {
            artwork = "Logo artwork: the project's look-alike LogoAssets/ (for tests and previews; give --logo-assets for the official artwork)."
        }
        // An Android density (`--scale 1.5`) draws the Android view only: the iOS tiles are left
        // out, and said so (each of them was a failed record, one line each).
        let givenScale = options[RenderOptions.scale]
        let androidDensity = options.isGiven(RenderOptions.scale) && !givenScale.isIOS
        if androidDensity {
            guard platforms.contains(.android) else {
                throw .usage(
                    "\(options.name(of: RenderOptions.scale)) \(givenScale.text) is an Android density, and this artwork draws the iOS view only, which takes 1, 2 or 3")
            }
            platforms = [.android]
        }
        let variants = GalleryCatalog.variants(drawing: drawing, platforms: platforms)
        let leftOut =
            platforms == [.ios]
            ? " The Android tiles are left out: iOS artwork has no Android drawables (give the Android SDK's res folder as --logo-assets for them)."
            : androidDensity
                ? " The iOS tiles are left out: \(options.name(of: RenderOptions.scale)) \(givenScale.text) is an Android density (the iOS view takes 1, 2 or 3)."
                : platforms == [.android] ? " The iOS tiles are left out: the Android SDK's res folder draws the Android view only." : ""
        if !leftOut.isEmpty, !options[GalleryOptions.quiet] { console.print("gallery:" + leftOut) }
        // Each tile's record carries the single-valued options; font files go under every record.
        var fontFiles = ParsedOptions(groups: BatchRecordPlanner.groups)
        for file in options[RenderOptions.fontFile] {
            try CLIError.reading { () throws(RequestError) in try fontFiles.set(RenderOptions.fontFile.name, to: file) }
        }
        var settings = BatchSettings(
            outputDirectory: output, manifestLabel: "gallery", defaults: BatchRecordPlanner.defaults(from: fontFiles))
        settings.printWarnings = false
        if let jobs = options[GalleryOptions.jobs] { settings.jobs = jobs }
        settings.force = options[GalleryOptions.force]
        settings.quiet = options[GalleryOptions.quiet]
        let scale = options.isGiven(RenderOptions.scale) ? options[RenderOptions.scale].factor : GalleryCatalog.scale.factor

        let outcomes = OutcomeList()
        let summary = try BatchEngine.run(
            settings: settings, console: console, openManifest: { RecordListReader(variants.map(\.record)) },
            onOutcome: { outcomes.append($0) })

        var tiles: [GalleryTile] = []
        for (variant, outcome) in zip(variants, outcomes.all) {
            var tile = GalleryTile(variant: variant)
            if variant.hasLowContrast { tile.warnings = ["low contrast — as the SDK shows it"] }
            let file = variant.name + ".png"
            if outcome.status == .rendered || outcome.status == .outsideLimits || outcome.status == .skipped,
                let size = PNGSize.read(output + "/" + file)
            {
                tile.file = file
                tile.width = Double(size.width) / scale
                tile.height = Double(size.height) / scale
                tile.altText = variant.altText
            } else {
                tile.note = outcome.status == .hidden ? "hidden: \(outcome.message ?? "")" : "failed: \(outcome.message ?? "")"
            }
            tiles.append(tile)
        }
        let drawn = tiles.filter { $0.file != nil }.count
        let page = GalleryPage.html(
            tiles, summary: "\(tiles.count) variants: \(drawn) images, \(tiles.count - drawn) hidden placeholders. \(artwork)\(leftOut)")
        let index = output + "/index.html"
        // The summary first: what was drawn is said even when the page cannot be written (a full
        // disk stops the batch, and then the page).
        if !settings.quiet { console.print("gallery: " + summary.line) }
        do throws(CLIError) {
            try AtomicWriter.write([(Data(page.utf8), index)])
        } catch {
            console.printError(error.message)
            // The batch's own status when it already failed (75 for the full disk), else the page's.
            return summary.exitStatus != ExitStatus.success ? summary.exitStatus : error.exitStatus
        }
        if !settings.quiet {
            let path = URL(fileURLWithPath: index).standardizedFileURL.path
            // The page's path (not macOS `open`); with xdg-open on the PATH, the command that opens it.
            console.print("index: \(path)")
            if let opener = opener() { console.print("\(opener) \(GalleryVariant.shellQuoted(path))") }
        }
        return summary.exitStatus
    }

    /// `xdg-open` when it is on the PATH.
    static func opener(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/xdg-open") } ? "xdg-open" : nil
    }
}

/// Outcomes collected from the engine's callback (in manifest order).
private final class OutcomeList: Sendable {
    private let outcomes = Locked<[BatchOutcome]>([])

    func append(_ outcome: BatchOutcome) { outcomes.withLock { $0.append(outcome) } }

    var all: [BatchOutcome] { outcomes.withLock { $0 } }
}
