import BreakdownContent
import BreakdownEncode
import BreakdownPipeline

extension RenderersByResources {
    /// `render`, its error worded as the command line words it, with its exit status (hidden 3,
    /// bad input 2, a failure 1): what the front ends call.
    package func renderForCommand(_ request: RenderRequest, format: OutputFormat) throws(CLIError) -> RenderedImage {
        try commanding { () throws(BreakdownError) in try render(request, format: format) }
    }

    /// Lays the request's view out without drawing it (`describe`: what it describes can be
    /// drawn, with no character no font has), its error worded as `renderForCommand` words it.
    /// A hidden view is not laid out (it draws nothing).
    package func layOutForCommand(_ request: RenderRequest) throws(CLIError) {
        guard !request.breakdown.isHidden else { return try checkHiddenRequestForCommand(request) }
        try commanding { () throws(BreakdownError) in
            _ = try renderer(for: request).layout(request.view, style: request.settings.style, scale: request.settings.scale)
        }
    }

    /// Refuses of a hidden view's request what its layout would refuse
    /// (`BreakdownRenderer.checkHiddenRequest`), worded as `renderForCommand` words it: for the
    /// front ends that answer a hidden view without drawing it.
    package func checkHiddenRequestForCommand(_ request: RenderRequest) throws(CLIError) {
        try commanding { () throws(BreakdownError) in
            try renderer(for: request).checkHiddenRequest(of: request.view.platform, breakdown: request.breakdown, style: request.settings.style)
        }
    }

    /// Runs a step of the renderer, its error as the command line words it.
    private func commanding<T>(_ step: () throws(BreakdownError) -> T) throws(CLIError) -> T {
        do throws(BreakdownError) {
            return try step()
        } catch {
            var problem = CLIError(error)
            // The renderer's `.failed` is the machine's: a library it needs cannot be loaded.
            if case .failed = error { problem.isMachineFault = true }
            throw problem
        }
    }
}
