import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownDiff
import Foundation

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
        try AtomicWriter.write(files)
        return page
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
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
            h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 32px; }
            .settings { color: #555; }
            .failure { border: 2px solid #d0021b; border-radius: 6px; padding: 12px 16px; margin: 16px 0; }
            .failure h3 { margin: 0 0 4px; font-size: 16px; } .failure h3 small { color: #777; font-weight: normal; }
            .detail { font-family: ui-monospace, monospace; font-size: 13px; white-space: pre-wrap; margin: 4px 0 12px; }
            .row { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; align-items: start; }
            figure { margin: 0; } figcaption { font-weight: 600; margin-bottom: 4px; }
            .image { max-width: 100%; background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
            .frame { position: relative; display: inline-block; max-width: 100%; line-height: 0; }
            .marker { position: absolute; outline: 2px solid #d0021b; outline-offset: 4px; border-radius: 2px; }
            .zoom { background-repeat: no-repeat; image-rendering: pixelated; outline: 1px solid #999; max-width: 100%; }
            .passes { font-family: ui-monospace, monospace; font-size: 13px; list-style: none; padding: 0; }
            .passes li::before { content: "✓ "; color: #2a8a2a; }
            </style></head><body>
            <h1>\(escape(title))</h1>
            <p class="settings">manifest \(escape(manifest)) · references \(escape(referenceFolder)) · \(comparison.perceptualDeltaE.map { "perceptual ΔE₀₀ \($0)" } ?? "channel tolerance \(comparison.channelTolerance)") · allowed differing fraction \(comparison.allowedDifferingFraction)</p>

            """
        if !failures.isEmpty {
            page += "<h2>Failures (\(failures.count))</h2>\n"
            for outcome in failures { page += section(outcome) }
        }
        if !others.isEmpty {
            page += "<h2>Passed (\(others.count))</h2>\n<ul class=\"passes\">\n"
            for outcome in others {
                page += "<li>\(escape(outcome.record.name)) — \(outcome.status.rawValue): \(escape(outcome.detail))</li>\n"
            }
            page += "</ul>\n"
        }
        return page + "</body></html>\n"
    }

    private func section(_ outcome: VerifyOutcome) -> String {
        let name = outcome.record.name
        var html = """
            <section class="failure" id="\(escape(name))">
            <h3>\(escape(name)) <small>\(escape(outcome.record.position)) · \(outcome.status.rawValue) · \(escape(outcome.referencePath))</small></h3>
            <p class="detail">\(escape(outcome.detail))</p>
            <div class="row">

            """
        for (bytes, kind, caption) in [
            (outcome.referencePNG, "reference", "Reference"), (outcome.actualPNG, "actual", "Actual"),
            (outcome.differencePNG, "diff", "Difference (magenta)"),
        ] {
            html += "<figure><figcaption>\(caption)</figcaption>"
            if bytes != nil {
                html += "<div class=\"frame\"><img class=\"image\" src=\"\(escape(Self.imageName(outcome, kind)))\" alt=\"\(kind) of \(escape(name))\">"
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

    /// A ring around the differences' box, placed in percentages so it follows the scaled image.
    private func marker(_ outcome: VerifyOutcome) -> String {
        guard let box = outcome.differenceBounds, let canvas = outcome.differenceCanvas, canvas.width > 0, canvas.height > 0
        else { return "" }
        func percent(_ value: Int, _ whole: Int) -> String { String(format: "%.4f%%", Double(value) * 100 / Double(whole)) }
        return "<span class=\"marker\" style=\"left: \(percent(box.x, canvas.width)); top: \(percent(box.y, canvas.height)); "
            + "width: \(percent(box.width, canvas.width)); height: \(percent(box.height, canvas.height));\"></span>"
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
            html += """
                <div class="zoom" title="\(kind)" style="width: \(width * zoom)px; height: \(height * zoom)px; \
                background-image: url('\(escape(Self.imageName(outcome, kind)))'); \
                background-size: \(canvas.width * zoom)px \(canvas.height * zoom)px; \
                background-position: -\(x * zoom)px -\(y * zoom)px;"></div>

                """
        }
        return html + "</div>\n"
    }

    private func escape(_ text: String) -> String { HTMLText.escape(text) }
}
