import BreakdownContent
import BreakdownEncode
import BreakdownPipeline

extension RenderersByResources {
    /// `render`, its error worded as the command line words it, with its exit status (hidden 3,
    /// bad input 2, a failure 1): what the front ends call.
    package func renderForCommand(_ request: RenderRequest, format: OutputFormat) throws(CLIError) -> RenderedImage {
        do throws(BreakdownError) {
            return try render(request, format: format)
        } catch {
            var problem = CLIError(error)
            // The renderer's `.failed` is the machine's: a library it needs cannot be loaded.
            if case .failed = error { problem.isMachineFault = true }
            throw problem
        }
    }
}
