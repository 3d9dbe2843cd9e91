/// Letter spacing for the text, as iOS sets the system font: SF Pro's size-specific tracking.
public enum Tracking: String, Sendable, Hashable, CaseIterable {
    /// SF Pro's tracking for the point size (Apple's table, `SFTracking`), on any font.
    case sf
    /// No letter spacing beyond the font's own (the output before tracking existed).
    case none
}

/// Apple's published tracking tables for SF Pro (Human Interface Guidelines, Typography,
/// "Tracking values", iOS/iPadOS), in thousandths of an em, by point size. Between listed sizes
/// the value is interpolated linearly (as the font's `trak` table is read); below the first
/// listed size it is the first value, above the last the last. docs/fidelity.md has the tables
/// and the sources.
public enum SFTracking {
    /// SF Pro (the variable font iOS uses since iOS 14, whose Text and Display designs are one
    /// optical-size axis), and SF Pro Text below 20 pt.
    public static let pro: [(size: Double, tracking: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16), (16, -20),
        (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3), (25, 6), (26, 8),
        (27, 11), (28, 14), (29, 14), (30, 14), (31, 13), (32, 13), (33, 12), (34, 12), (35, 11), (36, 10),
        (37, 10), (38, 10), (39, 10), (40, 10), (41, 9), (42, 9), (43, 9), (44, 8), (45, 8), (46, 8), (47, 8),
        (48, 8), (49, 7), (50, 7), (51, 7), (52, 6), (53, 6), (54, 6), (56, 6), (58, 5), (60, 4), (62, 4),
        (64, 4), (66, 3), (68, 2), (70, 2), (72, 2), (76, 1), (80, 0), (88, 0), (96, 0),
    ]

    /// The static SF Pro Display family's own table (20 pt and up), from the guidelines before the
    /// variable font: used when the user's font is the static "SF Pro Display" family.
    public static let display: [(size: Double, tracking: Double)] = [
        (20, 19), (21, 17), (22, 16), (23, 16), (24, 15), (25, 14), (26, 14), (27, 13), (28, 13), (29, 13),
        (30, 12), (31, 12), (32, 12), (33, 11), (34, 11), (35, 11), (36, 10), (40, 10), (41, 9), (43, 9),
        (44, 8), (48, 8), (49, 7), (51, 7), (52, 6), (55, 6), (56, 5), (59, 5), (60, 4), (65, 4), (66, 3),
        (67, 3), (68, 2), (75, 2), (76, 1), (79, 1), (80, 0),
    ]

    /// The tracking in thousandths of an em at `size` points, from `table`.
    public static func thousandths(at size: Double, table: [(size: Double, tracking: Double)] = pro) -> Double {
        guard let first = table.first, let last = table.last else { return 0 }
        if size <= first.size { return first.tracking }
        if size >= last.size { return last.tracking }
        var lower = first
        for entry in table.dropFirst() {
            if size <= entry.size {
                let fraction = (size - lower.size) / (entry.size - lower.size)
                return lower.tracking + fraction * (entry.tracking - lower.tracking)
            }
            lower = entry
        }
        return last.tracking
    }

    /// The tracking in points at `size` points: `size × thousandths / 1000`.
    public static func points(at size: Double, table: [(size: Double, tracking: Double)] = pro) -> Double {
        size * thousandths(at: size, table: table) / 1000
    }
}
