import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownDiff
import Foundation
import BreakdownIO

/// The HTML report of `breakdown verify --report DIR`: `index.html` with, for every failure, the
/// reference, actual and difference images side by side (and a close-up of the differences), then
/// one line for every record that passed. The images are written next to it.
package struct VerifyReport {
    var manifest: String
    var referenceFolder: String
    var comparison: ImageComparison
    var outcomes: [VerifyOutcome]

    package init(manifest: String, referenceFolder: String, comparison: ImageComparison, outcomes: [VerifyOutcome]) {
        self.manifest = manifest
        self.referenceFolder = referenceFolder
        self.comparison = comparison
        self.outcomes = outcomes
    }

    /// Writes the images and `index.html` into `folder` (made if needed); returns the page's path.
    package func write(to folder: String) throws(CLIError) -> String {
        try OutputPath.createFolder(folder, what: "the report folder")
        let directory = URL(fileURLWithPath: folder, isDirectory: true)
        var files: [(data: Data, path: String)] = []
        for outcome in outcomes where outcome.status.isFailure {
            let images = [(outcome.referencePNG, "reference"), (outcome.actualPNG, "actual"), (outcome.differencePNG, "diff")]
            for case (let bytes?, let kind) in images {
                files.append((Data(bytes), directory.appendingPathComponent(Self.imageName(outcome, kind)).path))
            }
        }
        let page = directory.appendingPathComponent("index.html").path
        files.append((Data(html.utf8), page))
        // The images an earlier report here showed and this one does not (a record that failed
        // then and passes now): removed, so the folder holds this run's report only.
        let stale = Self.earlierImages(inPage: page).filter { name in !files.contains { $0.path == directory.appendingPathComponent(name).path } }
        try AtomicWriter.write(files)
        for name in stale { unlink(directory.appendingPathComponent(name).path) }
        return page
    }

    /// How every report's page begins its title: a page without it is someone else's.
    static let titlePrefix = "<title>breakdown verify: "

    /// Whether the file at `page` is missing or a page a report of `verify` wrote.
    static func isReportPage(_ page: String) -> Bool { OutputPath.page(at: page, marker: titlePrefix) != .someoneElses }

    /// The image files the report page at `page` shows (plain names of this report's own kinds).
    static func earlierImages(inPage page: String) -> [String] {
        guard case .ours(let text) = OutputPath.page(at: page, marker: titlePrefix) else { return [] }
        var names: [String] = []
        for match in text.matches(of: /src="([A-Za-z0-9._-]+\.(?:reference|actual|diff)\.png)"/) where !names.contains(String(match.1)) {
            names.append(String(match.1))
        }
        return names
    }

    static func imageName(_ outcome: VerifyOutcome, _ kind: String) -> String { "\(outcome.record.name).\(kind).png" }

    var html: String {
        let failures = outcomes.filter { $0.status.isFailure }
        let others = outcomes.filter { !$0.status.isFailure }
        let title =
            failures.isEmpty
            ? "breakdown verify: all \(outcomes.count) records pass"
            : "breakdown verify: \(failures.count) of \(outcomes.count) records fail"
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>\(Self.style)</style></head><body>
            <h1>\(escape(title))</h1>
            <p class="settings">manifest \(escape(manifest)) · references \(escape(referenceFolder)) · \(comparison.perceptualDeltaE.map { "perceptual ΔE₀₀ \($0)" } ?? "channel tolerance \(comparison.channelTolerance)") · allowed differing fraction \(comparison.allowedDifferingFraction)</p>

            """
        if !failures.isEmpty {
            page += """
                <p class="settings">Each image is shown at its size in points (scaled down only when wider than its column) on its \
                appearance's page colour (white for light, black for dark), as an app shows it; the red box marks the pixels that \
                differ, and the close-up shows them pixel by pixel.</p>
                <p class="controls"><label><input type="checkbox" id="checker"> Checkerboard behind the images \
                (shows which pixels are transparent)</label></p>
                <h2>Failures (\(failures.count))</h2>

                """
            for outcome in failures { page += section(outcome) }
        }
        if !others.isEmpty {
            page += "<h2>Passed (\(others.count))</h2>\n<ul class=\"passes\">\n"
            for outcome in others {
                page += "<li>\(escape(outcome.record.name)) — \(outcome.status.rawValue): \(escape(outcome.detail))</li>\n"
            }
            page += "</ul>\n"
        }
        return page + (failures.isEmpty ? "" : "<script>\(HTMLText.copyButtonScript)</script>\n") + "</body></html>\n"
    }

    private func section(_ outcome: VerifyOutcome) -> String {
        let name = outcome.record.name
        let appearance = outcome.isDark ? "dark" : "light"
        var html = """
            <section class="failure" id="\(escape(name))">
            <h3>\(escape(name)) <small>\(escape(outcome.record.position)) · \(outcome.status.rawValue) · \(escape(outcome.referencePath))</small></h3>
            <p class="detail">\(escape(outcome.detail))</p>

            """
        if let command = outcome.command {
            html += "<div class=\"command\"><code>\(escape(command))</code><button type=\"button\" class=\"copy\">Copy</button></div>\n"
        }
        html += texts(outcome)
        html += "<div class=\"row\">\n"
        for (bytes, kind, caption) in [
            (outcome.referencePNG, "reference", "Reference"), (outcome.actualPNG, "actual", "Actual"),
            (outcome.differencePNG, "diff", "Difference (magenta, over the faded reference)"),
        ] {
            html += "<figure class=\"\(kind)\"><figcaption>\(caption)</figcaption>"
            if let bytes {
                // At its size in points (pixels / scale), never wider than the column.
                let size = PNGDecoder.headerSize(of: bytes)
                let width = size.map { " width=\"\(Self.points(Double($0.width) / outcome.scale))\"" } ?? ""
                // The difference image is drawn on the faded reference: it has its own ground.
                let ground = kind == "diff" ? "" : " swatch \(appearance)"
                html += "<div class=\"frame\(ground)\"><img class=\"image\" src=\"\(escape(Self.imageName(outcome, kind)))\"\(width) alt=\"\(kind) of \(escape(name))\">"
                html += marker(outcome) + "</div>"
            } else {
                html += "<p>(none)</p>"
            }
            html += "</figure>\n"
        }
        html += "</div>\n"
        if let bounds = outcome.differenceBounds, let canvas = outcome.differenceCanvas {
            html += closeUps(outcome, bounds: bounds, canvas: canvas)
        }
        return html + "</section>\n"
    }

    /// The reference's and the actual's sentences, the words that differ marked in each, and
    /// any other recorded word that changed (accessibility label, alt text, link, logo, view).
    private func texts(_ outcome: VerifyOutcome) -> String {
        guard let actualWords = outcome.actualWords else { return "" }
        let actual = actualWords.sentence
        let wordsFile = ReferenceWords.sidecarPath(forReference: outcome.referencePath)
        guard let referenceWords = outcome.referenceWords else {
            let why =
                outcome.status == .missing
                ? "there is no reference"
                : outcome.wordsChecked
                    ? "\(escape(wordsFile)) cannot be read (record it again with --record)"
                    : "no \(escape(wordsFile)): the reference was recorded before verify stored its words, so they were not checked (record it again with --record to add them)"
            // An older reference's sentence from its metadata file, shown (never compared).
            guard let reference = outcome.referenceText else {
                return """
                    <dl class="texts"><dt>Reference text</dt><dd class="unknown">unknown: \(why)</dd>\
                    <dt>Actual text</dt><dd class="actual-text">\(escape(actual))</dd></dl>

                    """
            }
            return rows([("Reference text", "reference-text", reference, "del"), ("Actual text", "actual-text", actual, "ins")])
                .replacingOccurrences(of: "</dl>", with: "<dt></dt><dd class=\"unknown\">\(why); the reference text is from its metadata file</dd></dl>")
        }
        var lines: [(String, String, String, String)] = [
            ("Reference text", "reference-text", referenceWords.sentence, "del"), ("Actual text", "actual-text", actual, "ins"),
        ]
        for ((key, old), (_, new)) in zip(referenceWords.fields, actualWords.fields) where key != "sentence" && old != new {
            lines += [("Reference \(key)", "reference-word", old, "del"), ("Actual \(key)", "actual-word", new, "ins")]
        }
        return rows(lines)
    }

    /// Pairs of rows (reference, then actual), the words only one of each pair has marked.
    private func rows(_ lines: [(title: String, kind: String, text: String, tag: String)]) -> String {
        var html = "<dl class=\"texts\">"
        for pair in stride(from: 0, to: lines.count, by: 2) {
            let reference = lines[pair], actual = lines[pair + 1]
            let changes = WordChanges(from: reference.text, to: actual.text)
            let same = pair == 0 && changes.removed.isEmpty && changes.added.isEmpty ? " <small>(the same words)</small>" : ""
            for (line, changed, note) in [(reference, changes.removed, ""), (actual, changes.added, same)] {
                // Every word escaped: the marks are the only markup.
                let escaped = WordChanges.words(line.text).enumerated().map { index, word in
                    changed.contains(index) ? "<\(line.tag)>\(escape(String(word)))</\(line.tag)>" : escape(String(word))
                }.joined(separator: " ")
                html += "<dt>\(escape(line.title))\(note)</dt><dd class=\"\(line.kind)\">\(escaped)</dd>"
            }
        }
        return html + "</dl>\n"
    }

    /// A box around the differing pixels, placed in percentages so it follows the scaled image.
    private func marker(_ outcome: VerifyOutcome) -> String {
        guard let box = outcome.differenceBounds, let canvas = outcome.differenceCanvas, canvas.width > 0, canvas.height > 0
        else { return "" }
        func percent(_ value: Int, _ whole: Int) -> String { String(format: "%.4f%%", Double(value) * 100 / Double(whole)) }
        return "<span class=\"marker\" style=\"left: \(percent(box.x, canvas.width)); top: \(percent(box.y, canvas.height)); "
            + "width: \(percent(box.width, canvas.width)); height: \(percent(box.height, canvas.height));\"></span>"
    }

    private static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }

    /// The region around the differences, enlarged with square pixels, in all three images.
    private func closeUps(_ outcome: VerifyOutcome, bounds: PixelRect, canvas: PixelSize) -> String {
        let margin = 12
        let x = max(0, bounds.x - margin), y = max(0, bounds.y - margin)
        let width = min(canvas.width, bounds.x + bounds.width + margin) - x
        let height = min(canvas.height, bounds.y + bounds.height + margin) - y
        let zoom = max(1, min(12, 420 / max(width, height)))
        var html = "<p>Close-up ×\(zoom) of x \(x)…\(x + width - 1), y \(y)…\(y + height - 1):</p>\n<div class=\"row\">\n"
        for (bytes, kind) in [(outcome.referencePNG, "reference"), (outcome.actualPNG, "actual"), (outcome.differencePNG, "diff")] {
            guard bytes != nil else {
                html += "<div></div>\n"
                continue
            }
            let ground = kind == "diff" ? "" : " swatch \(outcome.isDark ? "dark" : "light")"
            html += """
                <div class="zoom\(ground)" title="\(kind)" style="width: \(width * zoom)px; height: \(height * zoom)px; \
                --picture: url('\(escape(Self.imageName(outcome, kind)))'); \
                --picture-size: \(canvas.width * zoom)px \(canvas.height * zoom)px; \
                --picture-position: -\(x * zoom)px -\(y * zoom)px;"></div>

                """
        }
        return html + "</div>\n"
    }

    private func escape(_ text: String) -> String { HTMLText.escape(text) }

    private static let style = """

        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
        h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 32px; }
        .settings { color: #555; }
        .controls label { display: inline-block; padding: 4px 8px; border: 1px solid #bbb; border-radius: 6px; cursor: pointer; }
        .failure { border: 2px solid #d0021b; border-radius: 6px; padding: 12px 16px; margin: 16px 0; }
        .failure h3 { margin: 0 0 4px; font-size: 16px; overflow-wrap: anywhere; } .failure h3 small { color: #777; font-weight: normal; }
        .detail { font-family: ui-monospace, monospace; font-size: 13px; white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0 12px; }
        .command { display: flex; gap: 6px; align-items: flex-start; margin: 8px 0; }
        .command code { flex: 1; min-width: 0; font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; user-select: all;
          background: #f2f2f2; padding: 4px 6px; border-radius: 4px; }
        .copy { font-size: 12px; padding: 2px 8px; cursor: pointer; }
        .texts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0 12px; }
        .texts dt { font-weight: 600; } .texts dd { margin: 0; }
        .texts del { background: #ffd7d5; color: #82071e; text-decoration: line-through; padding: 0 2px; }
        .texts ins { background: #ccffd8; color: #055d20; text-decoration: none; font-weight: 600; padding: 0 2px; }
        .texts .unknown { color: #777; font-style: italic; }
        .row { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr)); gap: 12px; align-items: start; }
        figure { margin: 0; min-width: 0; } figcaption { font-weight: 600; margin-bottom: 4px; }
        .frame { position: relative; display: inline-block; max-width: 100%; line-height: 0; }
        .image { display: block; max-width: 100%; height: auto; }
        .swatch.light { background-color: #ffffff; outline: 1px solid #ccc; }
        .swatch.dark { background-color: #000000; }
        body:has(#checker:checked) .swatch { background-image: repeating-conic-gradient(#999 0 25%, #ddd 0 50%); background-size: 16px 16px; }
        body:has(#checker:checked) .zoom.swatch { background-image: var(--picture), repeating-conic-gradient(#999 0 25%, #ddd 0 50%);
          background-size: var(--picture-size), 16px 16px; background-position: var(--picture-position), 0 0; background-repeat: no-repeat, repeat; }
        .marker { position: absolute; outline: 2px solid #ff2d55; outline-offset: 3px; border-radius: 2px; }
        .zoom { background: var(--picture) no-repeat; background-size: var(--picture-size); background-position: var(--picture-position);
          image-rendering: pixelated; outline: 1px solid #999; max-width: 100%; }
        .zoom.swatch.light { background-color: #ffffff; } .zoom.swatch.dark { background-color: #000000; }
        .passes { font-family: ui-monospace, monospace; font-size: 13px; list-style: none; padding: 0; }
        .passes li::before { content: "✓ "; color: #2a8a2a; }
        @media (max-width: 600px) { body { margin: 8px; } .failure { padding: 8px; } }

        """
}
