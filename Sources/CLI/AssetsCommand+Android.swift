import BreakdownIO
import BreakdownContent
import BreakdownLayout
import BreakdownOptions
import BreakdownPaint
import Foundation

/// `breakdown assets RES`: the Android SDK's `res` folder (or its `drawable` folder): each
/// drawable the Android view can need, converted to SVG, with its size, or why it cannot be.
extension AssetsCommand {
    /// The largest drawable file read (as for other artwork).
    static let androidFileLimit = 4 << 20

    /// The `drawable` folder of an Android `res` folder given as `path`, when it holds at least one
    /// of the view's drawables.
    static func androidDrawableFolder(_ path: String) -> URL? {
        ArtworkSource.androidDrawableFolder(URL(fileURLWithPath: path))
    }

    /// Lists the Android drawables; exit 1 when any is missing, does not convert or has another
    /// size than the SDK's.
    static func listAndroid(_ folder: URL, path: String, console: Console) -> Int32 {
        console.print("\(path): the Android SDK's res folder (VectorDrawable, converted to SVG)")
        let names = AndroidLogoSize.drawableSizes.keys.sorted()
        let width = names.map(\.count).max() ?? 0
        var missing = 0
        for name in names {
            let padded = name + String(repeating: " ", count: width - name.count)
            let file = folder.appendingPathComponent(name + ".xml").path
            do {
                let bytes = try RegularFile.read(file, limit: androidFileLimit)
                let svg = try VectorDrawable.svg(fromXML: String(decoding: bytes, as: UTF8.self))
                let size = try VectorDrawable.size(fromXML: String(decoding: bytes, as: UTF8.self))
                let expected = AndroidLogoSize.drawableSizes[name]!
                let shown = "\(number(size.width)) × \(number(size.height)) dp"
                if abs(size.width - expected.width) > 0.05 || abs(size.height - expected.height) > 0.05 {
                    missing += 1
                    console.print("  \(padded)  WRONG SIZE: \(shown), the SDK's is \(number(expected.width)) × \(number(expected.height)) dp")
                } else {
                    console.print("  \(padded)  \(name).xml  (\(shown), \(svg.utf8.count) bytes of SVG)")
                }
            } catch let problem as RegularFile.Problem {
                missing += 1
                console.print("  \(padded)  MISSING: \(problem.reason)")
            } catch {
                missing += 1
                console.print("  \(padded)  MISSING: \(error)")
            }
        }
        console.print("\(names.count) drawables: \(names.count - missing) found, \(missing) missing")
        return missing == 0 ? ExitStatus.success : ExitStatus.failure
    }
}
