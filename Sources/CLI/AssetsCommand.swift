import BreakdownBatch
import BreakdownContent
import BreakdownOptions
import BreakdownPipeline
import BreakdownPaint
import Foundation
import BreakdownIO

/// `breakdown assets PATH`: which file each image name the view can need would be drawn from, or
/// why it cannot be, so a folder can be checked before a long batch. Exit 1 when any is missing
/// or does not load, 2 when the path is no artwork folder at all.
public enum AssetsCommand {
    static let scale = Option<RenderScale>.choice(
        "scale", "n", default: .x3, help: "The output scale PNG files are chosen for (the nearest @1x, @2x, @3x).")
    static let options = OptionGroup(title: "ASSETS OPTIONS", [scale])

    /// The `assets` subcommand.
    public static let subcommand = Subcommand(
        name: "assets",
        overview: "List, for every logo image name the view can need, the file --logo-assets PATH would draw it from, or that it is missing.",
        groups: [options],
        positional: PositionalSpec(
            name: "path",
            help: "An asset catalog (Assets.xcassets), a folder of files named by the SDK's image names, a folder with the project's file names, or the Android SDK's res folder (its drawables are converted and their sizes checked).")
    ) { options, console throws(CLIError) in
        let path = options.positionals[0]
        if let drawables = androidDrawableFolder(path) { return listAndroid(drawables, path: path, console: console) }
        let source: ArtworkSource
        do throws(PaintError) {
            source = try ArtworkSource(directory: URL(fileURLWithPath: path))
        } catch {
            throw .usage(error.message)
        }
        let library = ArtworkLibrary(source: source)
        let scale = options[AssetsCommand.scale].factor
        console.print("\(path): \(source.kind.rawValue)\(source.isOfficial ? ", drawn as it is" : ", recoloured by palette")")
        let names = source.allImageNames
        let width = names.map(\.count).max() ?? 0
        var missing = 0
        library.tryAtOnce(names, scale: scale)
        for name in names {
            let padded = name + String(repeating: " ", count: width - name.count)
            do {
                let artwork = try library.artwork(named: name, scale: scale)
                console.print("  \(padded)  \(relative(artwork.file, to: source.directory.path))  (\(number(artwork.width)) × \(number(artwork.height)))")
            } catch {
                missing += 1
                console.print("  \(padded)  MISSING: \(error)")
            }
        }
        console.print("\(names.count) image names: \(names.count - missing) found, \(missing) missing")
        return missing == 0 ? ExitStatus.success : ExitStatus.failure
    }

    private static func relative(_ file: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    static func number(_ value: Double) -> String { value.shortText }
}
