// One import for library users: `import Breakdown` gives the content model, the option
// vocabulary, the renderer, the output formats and the batch engine.
@_exported import BreakdownBatch
@_exported import BreakdownContent
@_exported import BreakdownEncode
@_exported import BreakdownLayout
@_exported import BreakdownOptions
@_exported import BreakdownPipeline
