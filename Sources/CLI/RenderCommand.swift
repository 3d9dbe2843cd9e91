import BreakdownBench
import BreakdownGallery
import BreakdownVerify
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownContent
import BreakdownEncode
import Foundation

/// `breakdown render`: one image (PNG, SVG or PDF), and optionally its metadata.
public enum RenderCommand {
    public static let subcommand = Subcommand(
        name: "render",
        overview: "Draw the price breakdown as a PNG, SVG or PDF image, as the iOS view shows it.",
        groups: [ContentOptions.group, RenderOptions.drawing, RenderOptions.output]
    ) { options, console throws(CLIError) in
        guard let output = options.string("output") else {
            throw .usage("missing \(options.display("output")) <path>: the image file to write (.png, .svg or .pdf, or - for standard output)")
        }
        let format = try outputFormat(output: output, options: options)
        let request = try RenderRequest(options)
        let image = try RendererCache().render(request, format: format)
        var files: [(data: Data, path: String)] = []
        if output != "-" { files.append((image.bytes, output)) }
        if let metadataPath = options.string("metadata") {
            do {
                files.append((try image.metadata.json(), metadataPath))
            } catch {
                throw .failure("cannot encode metadata: \(error)")
            }
        }
        try AtomicWriter.write(files)
        for warning in image.metadata.contrast.warnings { console.printWarning(ContrastWarning.prefix + warning) }
        if output == "-" { FileHandle.standardOutput.write(image.bytes) }
        return ExitStatus.success
    }

    /// The format from `--format`, else from the output's extension; a conflict is an error.
    static func outputFormat(output: String, options: ParsedOptions) throws(CLIError) -> OutputFormat {
        let byExtension = OutputFormat(pathExtension: URL(fileURLWithPath: output).pathExtension)
        if let name = options.string("format"), let format = OutputFormat(rawValue: name) {
            if let byExtension, byExtension != format {
                throw .usage("\(options.display("format")) \(name) does not match the output's extension .\(byExtension.rawValue)")
            }
            return format
        }
        guard let byExtension else {
            throw .usage(
                "cannot tell the format of '\(output)': name it .png, .svg or .pdf, or give \(options.display("format")) png|svg|pdf")
        }
        return byExtension
    }
}
