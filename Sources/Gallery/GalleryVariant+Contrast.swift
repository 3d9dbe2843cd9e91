import BreakdownBatch
import BreakdownContent
import BreakdownOptions
import BreakdownPipeline

extension GalleryVariant {
    /// True when the variant's logo, text or link is below 3:1 against what is behind it (WCAG),
    /// as some SDK palettes are on some pages. Computed from the options, so an image that was up
    /// to date (not drawn again) is marked too.
    package var hasLowContrast: Bool {
        var record: [String: String] = [:]
        for (key, value) in options { record[key] = value }
        guard let options = try? ParsedOptions(record: record, groups: BatchRecordPlanner.groups),
            let request = try? RenderRequest(options), !request.breakdown.isHidden
        else { return false }
        return request.breakdown.contrast(background: request.settings.background).isLow
    }
}
