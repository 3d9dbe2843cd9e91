import BreakdownPipeline
import BreakdownOptions
// One import gives a test everything it needs to describe a snapshot: the inputs
// (BreakdownContent), the drawing settings (BreakdownLayout, BreakdownEncode), the request the
// command line builds (BreakdownCLI) and the comparison settings (BreakdownDiff).
@_exported import BreakdownOptions
@_exported import BreakdownPipeline
@_exported import BreakdownContent
@_exported import BreakdownDiff
@_exported import BreakdownEncode
@_exported import BreakdownLayout
