import BreakdownPipeline

extension RenderersByResources.Key {
    /// The key of the renderer the drawing options of `options` ask for.
    public init(_ options: ParsedOptions) {
        self.init(fontFiles: options[RenderOptions.fontFile], logoAssets: options[RenderOptions.logoAssets])
    }
}
