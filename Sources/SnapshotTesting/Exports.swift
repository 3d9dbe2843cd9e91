// One import gives a test everything it needs to describe a snapshot: the `Breakdown` library's
// documented surface (inputs, settings, the command line's words) and the pixel comparison. The
// snapshot API itself is this module's: assertBreakdownSnapshot, assertBreakdownHidden,
// SnapshotStrategy, RecordMode and the `.breakdownSnapshots` trait (docs/api.md).
@_exported import Breakdown
@_exported import struct BreakdownDiff.ImageComparison
