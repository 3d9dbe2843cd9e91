import BreakdownLayout
import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import BreakdownEncode
import Foundation
import BreakdownIO

/// Does one job on a worker thread: skip it when the journal finds it up to date, else draw
/// each format and write the images, metadata and snippet (each whole under its final name, by
/// rename). The outcome carries the journal entry the group commit appends once they are durable.
/// One per thread: it owns the thread's renderers (fonts and artwork load once).
final class BatchRecordRenderer {
    private let cache: RenderersByResources
    private let settings: BatchSettings
    private let folder: BatchFolder
    /// This worker's spool folder in `folder`.
    private let spool: Int
    private let journal: BatchJournal

    /// - Parameter cache: this thread's renderers (see `warmUp`).
    init(settings: BatchSettings, folder: BatchFolder, spool: Int, journal: BatchJournal, cache: RenderersByResources = RenderersByResources()) {
        self.cache = cache
        self.settings = settings
        self.folder = folder
        self.spool = spool
        self.journal = journal
    }

    /// Makes the renderer the command line's options ask for, lays out the breakdown for an
    /// amount of 100 (unless one is given) and, when the image is of an ordinary size (at most
    /// `warmUpPixels`), draws it in the first default format; the image is thrown away and a
    /// failure ignored (the records meet it again and report it). What loads on first use (fonts,
    /// glyphs, artwork, the number formats) then loads before the first record, and a batch that
    /// ends without one (an empty or refused manifest) never waits for a huge image.
    static func warmUp(_ cache: RenderersByResources, settings: BatchSettings) {
        var options = settings.defaults
        if !options.isGiven(ContentOptions.amount) { try? options.set(ContentOptions.amount.name, to: "100") }
        guard let request = try? RenderRequest(options), !request.breakdown.isHidden, let renderer = try? cache.renderer(for: request),
            let layout = try? renderer.layout(request.view, style: request.settings.style, scale: request.settings.scale)
        else { return }
        let pixels = RenderMetadata.pixels(layout.size, scale: request.settings.scale.factor)
        guard pixels.width * pixels.height <= warmUpPixels else { return }
        _ = try? cache.render(request, format: settings.defaultFormats.first ?? .png)
    }

    /// The largest image `warmUp` draws: a badge at scale 3 is about 160,000 pixels.
    static let warmUpPixels = 400_000

    func process(_ job: BatchJob) -> BatchOutcome {
        switch job.work {
        case .problem(let problem):
            var outcome = BatchOutcome(job, .failed, name: problem.name)
            outcome.field = problem.field
            outcome.message = problem.message
            outcome.cause = problem.cause ?? .of(field: problem.field)
            if !problem.nameIsAnothers { removeStale(&outcome, fingerprint: nil) }
            return outcome
        case .duplicate(let name, let line, let otherOptions):
            var outcome = BatchOutcome(job, .duplicate, name: name)
            outcome.message =
                otherOptions
                ? "the record on line \(line) took the name with other options and is drawn under it; this one is not (--duplicate-names first)"
                : "the same options as the record on line \(line)"
            return outcome
        case .noPrice(let name, let reason):
            var outcome = BatchOutcome(job, .noPrice, name: name)
            outcome.message = reason + "; skipped (--empty-amount skip)"
            return outcome
        case .render(let plan):
            return render(plan, job: job)
        }
    }

    /// The files a plan writes, relative to the output folder.
    func files(for plan: BatchRenderPlan) -> [String] {
        let stems = plan.variants.isEmpty ? [plan.name] : plan.variants.map(\.name)
        var files = stems.flatMap { stem in plan.formats.map { "\(stem).\($0.rawValue)" } }
        if settings.writeMetadata { files += stems.flatMap { stem in plan.formats.map { "\(stem).\($0.rawValue).json" } } }
        if settings.writeHTML, let format = htmlFormat(plan) {
            files += plan.darkVariants.map { "\($0.name).\(format.rawValue)" }
            files.append("\(plan.htmlName ?? plan.name).html")
        }
        return files
    }

    private func htmlFormat(_ plan: BatchRenderPlan) -> OutputFormat? {
        plan.formats.contains(.png) ? .png : plan.formats.contains(.svg) ? .svg : nil
    }

    private func render(_ plan: BatchRenderPlan, job: BatchJob) -> BatchOutcome {
        var outcome = BatchOutcome(job, .rendered, name: plan.name)
        let files = files(for: plan)
        let request = plan.request
        // `--fail-on` judges every record, also those already drawn.
        if !settings.failOn.isEmpty, var failure = failOn(request, outcome, amount: plan.options.text(of: ContentOptions.amount.spec) ?? "0") {
            removeStale(&failure, fingerprint: nil)
            return failure
        }
        if !settings.force, journal.upToDate(name: plan.name, fingerprint: plan.fingerprint, files: files) != nil {
            outcome.status = .skipped
            outcome.files = files
            outcome.message = "up to date"
            // What the image in place shows, from the record itself: the same options and
            // renderer drew it (the fingerprint says so), so its outcome is this record's, known
            // even when the run that drew it left no report (killed by SIGKILL).
            switch request.view.outcome {
            case .inRange: outcome.earlier = BatchOutcome.Status.rendered.rawValue
            case .outsideLimits: outcome.earlier = BatchOutcome.Status.outsideLimits.rawValue
            case .hidden: break
            }
            return outcome
        }
        if let earlier = journal.earlierFingerprint(name: plan.name), earlier != plan.fingerprint {
            outcome.changedFromEarlier = true
            switch settings.onChange {
            case .replace:
                outcome.replacedChanged = true
            case .keep:
                outcome.status = .skipped
                outcome.kept = true
                outcome.message = "kept: an earlier run drew it with other options or another renderer (--on-change keep)"
                return outcome
            case .fail:
                outcome.status = .failed
                outcome.field = "name"
                outcome.message =
                    "\(plan.name): an earlier run drew it with other options or another renderer; not replaced (--on-change fail; give --name '{…}-{locale}' to keep both, or --on-change replace)"
                outcome.cause = .changed
                return outcome
            }
        }
        do throws(CLIError) {
            switch request.view.outcome {
            case .hidden(let reason):
                try cache.checkHiddenRequestForCommand(request)
                outcome.status = .hidden
                outcome.message = reason
                outcome.replacedChanged = false
                removeStale(&outcome, fingerprint: nil)
                return outcome
            case .outsideLimits:
                outcome.status = .outsideLimits
                outcome.message = "the amount is outside the limits: drawn as the limits sentence"
            case .inRange:
                break
            }
            var writes: [(name: String, data: Data)] = []
            let drawn = plan.variants.isEmpty ? [BatchScaleVariant(scale: request.settings.scale, name: plan.name, request: request)] : plan.variants
            // The snippet's images, one a scale: its srcset.
            var sources: [(scale: RenderScale, url: String)] = []
            var snippetMetadata: RenderMetadata?
            for (number, variant) in drawn.enumerated() {
                for format in plan.formats {
                    let image = try cache.renderForCommand(variant.request, format: format)
                    if number == 0, format == plan.formats.first { outcome.warnings = image.metadata.contrast.warnings }
                    let file = "\(variant.name).\(format.rawValue)"
                    writes.append((file, image.bytes))
                    if settings.writeMetadata {
                        do {
                            writes.append((file + ".json", try image.metadata.json()))
                        } catch {
                            throw CLIError.failure("cannot encode the metadata: \(error)")
                        }
                    }
                    if settings.writeHTML, format == htmlFormat(plan) {
                        if snippetMetadata == nil { snippetMetadata = image.metadata }
                        sources.append((variant.scale, HTMLSnippet.join(settings.htmlBaseURL, file)))
                    }
                }
            }
            var darkSources: [(scale: RenderScale, url: String)] = []
            if settings.writeHTML, let format = htmlFormat(plan) {
                for variant in plan.darkVariants {
                    let image = try cache.renderForCommand(variant.request, format: format)
                    let file = "\(variant.name).\(format.rawValue)"
                    writes.append((file, image.bytes))
                    darkSources.append((variant.scale, HTMLSnippet.join(settings.htmlBaseURL, file)))
                }
            }
            if let snippetMetadata {
                // A vector image needs no srcset: the first scale's SVG serves every screen.
                let listed = htmlFormat(plan) == .png ? sources : Array(sources.prefix(1))
                let darkListed = htmlFormat(plan) == .png ? darkSources : Array(darkSources.prefix(1))
                let snippet = HTMLSnippet.snippet(sources: listed, dark: darkListed, metadata: snippetMetadata)
                writes.append(("\(plan.htmlName ?? plan.name).html", Data(snippet.utf8)))
            }
            // What earlier runs drew under this name and this run does not write (other formats,
            // a snippet or metadata no longer asked for): read before the new files land.
            let earlierFiles = journal.earlierEntries(name: plan.name).flatMap(\.files)
            let leftovers = earlierFiles.filter { !files.contains($0.name) }
            var replacedUnknown: [String] = []
            let written = try folder.write(writes, spool: spool, known: earlierFiles, replacedUnknown: &replacedUnknown)
            outcome.replacedUnknown = replacedUnknown
            outcome.files = files
            // Removed while each is still the very file the batch wrote (`removeIfStill`: a plain
            // name in the output folder, the recorded inode, size, time and owner); else left.
            var removed: [String] = []
            for file in leftovers where !removed.contains(file.name) && folder.removeIfStill(file) { removed.append(file.name) }
            outcome.removedLeftovers = removed
            outcome.journalEntry = JournalEntry(name: plan.name, fingerprint: plan.fingerprint, files: written)
            return outcome
        } catch {
            // An image an earlier run drew with this very fingerprint is what the record asks for:
            // a failure to draw or write it again leaves it.
            var failure = failed(outcome, error)
            removeStale(&failure, fingerprint: plan.fingerprint)
            return failure
        }
    }

    /// A record that ends failed or hidden leaves no image of its name that an earlier run drew:
    /// it would show a price the manifest no longer gives. Removes the files the journal's latest
    /// entry for the name lists, while each is still the very file the batch wrote (else it is
    /// someone else's: left, and said); `--on-change keep` keeps them, and says so.
    /// - Parameter fingerprint: when the earlier entry has this fingerprint, its files are what
    ///   the record asks for (a failure to write them again): they stay.
    private func removeStale(_ outcome: inout BatchOutcome, fingerprint: String?) {
        guard let name = outcome.name else { return }
        let entry = journal.earlierEntry(name: name)
        if let fingerprint, entry?.fingerprint == fingerprint { return }
        let recorded = (entry?.files ?? []).filter { folder.regularFile($0.name) == $0 }
        let ours = recorded.map(\.name)
        // With several scales, the first scale's stem and (said by the journal) the others'.
        let candidates = OutputFormat.allCases.flatMap { ["\(name).\($0.rawValue)", "\(name).\($0.rawValue).json"] } + ["\(name).html"]
        // Files of the name the batch did not draw (someone's file, a link): left, and said.
        outcome.foreignFiles = candidates.filter { !ours.contains($0) && folder.exists($0) }
        guard !ours.isEmpty else { return }
        if settings.onChange == .keep {
            outcome.keptFiles = ours
        } else {
            outcome.removedFiles = recorded.filter { folder.removeIfStill($0) }.map(\.name)
        }
    }

    private func failed(_ outcome: BatchOutcome, _ error: CLIError) -> BatchOutcome {
        var outcome = outcome
        outcome.status = .failed
        outcome.message = error.message
        // The option a problem is about (an option's value, or a drawing refused for one, such as
        // a width too narrow); any other failure of rendering or writing concerns no one field.
        var field = error.problem?.option
        if field == nil, case .invalidOption(let option, _) = error.reason { field = option }
        outcome.field = field
        let diskFull = error.stopsBatch && error.exitStatus == ExitStatus.temporaryFailure
        outcome.cause = error.isMachineFault ? .machine : diskFull ? .diskFull : field.map { FailureCause.of(field: $0) } ?? .drawing
        outcome.stopsBatch = error.stopsBatch
        return outcome
    }

    /// `--fail-on hidden` / `outside-limits`: the failure the outcome becomes, if any.
    private func failOn(_ request: RenderRequest, _ outcome: BatchOutcome, amount: String) -> BatchOutcome? {
        var failure = outcome
        failure.status = .failed
        switch request.view.outcome {
        case .hidden(let reason):
            guard settings.failOn.contains(.hidden) else { return nil }
            failure.cause = .hidden
            failure.message = "hidden (\(reason)); a failure under --fail-on hidden"
            return failure
        case .outsideLimits where settings.failOn.contains(.outsideLimits):
            failure.field = "amount"
            failure.cause = .outsideLimits
            failure.message = "amount \(amount) is outside the configuration's limits, so the image would be the limits sentence; a failure under --fail-on outside-limits"
            return failure
        case .outsideLimits, .inRange:
            return nil
        }
    }
}
