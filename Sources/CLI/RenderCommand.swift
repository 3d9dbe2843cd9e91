import BreakdownBench
import BreakdownGallery
import BreakdownVerify
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownContent
import BreakdownEncode
import Foundation
import BreakdownIO

/// `breakdown render`: one image (PNG, SVG or PDF), and optionally its metadata.
public enum RenderCommand {
    /// The `render` subcommand.
    public static let subcommand = Subcommand(
        name: "render",
        overview: "Draw the price breakdown as a PNG, SVG or PDF image, as the iOS view shows it.",
        groups: [ContentOptions.group, RenderOptions.drawing, RenderOptions.output]
    ) { options, console throws(CLIError) in
        guard let output = options[RenderOptions.outputPath] else {
            throw .usage("missing \(options.name(of: RenderOptions.outputPath)) <path>: the image file to write (.png, .svg or .pdf, or - for standard output)")
        }
        let format = try outputFormat(output: output, options: options)
        let request = try CLIError.reading { () throws(RequestError) in try RenderRequest(options) }
        let image = try RenderersByResources().renderForCommand(request, format: format)
        var files: [(data: Data, path: String)] = []
        if output != "-" { files.append((image.bytes, output)) }
        if let metadataPath = options[RenderOptions.metadata] {
            do {
                files.append((try image.metadata.json(), metadataPath))
            } catch {
                throw .failure("cannot encode metadata: \(error)")
            }
        }
        try checkOutputsAreNotInputs(files.map(\.path), request: request, options: options)
        try AtomicWriter.write(files, devices: .writeDirectly)
        for warning in image.metadata.contrast.warnings { console.printWarning(ContrastWarning.prefix + warning) }
        for warning in image.warnings { console.printWarning(warning) }
        if output == "-" { console.writeOutputBytes(image.bytes) }
        return ExitStatus.success
    }

    /// `-o` and `--metadata` must be two different files (unless a device takes both), and neither may be a font file or lie in
    /// the artwork folder the image is drawn from: writing would destroy the input.
    static func checkOutputsAreNotInputs(_ outputs: [String], request: RenderRequest, options: ParsedOptions) throws(CLIError) {
        let resolved = outputs.map(OutputPath.resolved)
        // Two writes to one device (`/dev/null`) are fine; two files renamed onto one name lose the image.
        if resolved.count == 2, resolved[0] == resolved[1] || OutputPath.isSameFile(outputs[0], outputs[1]),
            (try? OutputPath.disposition(outputs[0], allowDevices: true)) == .replace
        {
            throw .usage("\(options.name(of: RenderOptions.outputPath)) and \(options.name(of: RenderOptions.metadata)) name the same file \(outputs[1]): give two paths")
        }
        for (output, path) in zip(outputs, resolved) {
            for font in request.fontFiles where OutputPath.resolved(font) == path || OutputPath.isSameFile(output, font) {
                throw .usage("cannot write \(output): it is the font file \(font) the text is drawn with")
            }
            if let assets = request.logoAssets {
                let folder = OutputPath.resolved(assets)
                if path.hasPrefix(folder == "/" ? "/" : folder + "/") {
                    throw .usage("cannot write \(output): it is inside the artwork folder \(assets) (\(options.name(of: RenderOptions.logoAssets)))")
                }
            }
        }
    }

    /// The format from `--format`, else from the output's extension (PNG for `-`); a conflict is an error.
    static func outputFormat(output: String, options: ParsedOptions) throws(CLIError) -> OutputFormat {
        let byExtension = OutputFormat(pathExtension: URL(fileURLWithPath: output).pathExtension)
        if let format = options[RenderOptions.format] {
            if let byExtension, byExtension != format {
                throw .usage("\(options.name(of: RenderOptions.format)) \(format.rawValue) does not match the output's extension .\(byExtension.rawValue)")
            }
            return format
        }
        // Standard output has no extension: PNG, the format a pipe most often wants.
        if output == "-", byExtension == nil { return .png }
        guard let byExtension else {
            throw .usage(
                "cannot tell the format of '\(output)': name it .png, .svg or .pdf, or give \(options.name(of: RenderOptions.format)) png|svg|pdf")
        }
        return byExtension
    }
}
