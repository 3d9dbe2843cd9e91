import BreakdownContent
import BreakdownLayout
import CPangoCairo
import CRsvg
import Foundation

/// The logo and icon artwork. Logos come from an `ArtworkSource`: the project's SVGs in
/// `LogoAssets/`, recoloured by palette through a stylesheet on the classes `ground`, `mark` and
/// `accent`, or official files (PDF through poppler, SVG through librsvg, PNG scaled with Cairo's
/// good filter) drawn as they are. Icons are the project's SVGs. Each file is parsed once; each
/// (file, colours, size) is drawn once into a vector recording and replayed after that, and raster
/// output copies tiles drawn once per position within a pixel. Not thread-safe: one per thread.
public final class ArtworkLibrary {
    /// Where logos come from.
    public let source: ArtworkSource
    /// The folder of the icons (the source's folder for project artwork, else the project's `LogoAssets/`).
    public let iconDirectory: URL
    /// The folder `init(directory:)` was given: the source's folder.
    public var directory: URL { source.directory }
    /// `source.directory` and `iconDirectory` as paths ending in "/", made once: file paths are
    /// joined as text, since `URL.appendingPathComponent` asks the file system whether each
    /// result is a folder (two `stat`s an image).
    private let sourcePrefix: String
    private let iconPrefix: String
    /// The source's folder, standardized (no `.` or `..`), with a final `/`: what `drawables(of:)`
    /// takes off the front of a drawable's path. Worked out once: the folder never changes.
    private let standardizedRoot: String
    private var parsed: [ParsedKey: ParsedArtwork] = [:]
    private var logoFiles: [LogoFileKey: LogoArtwork] = [:]
    private var recordings: [RecordingKey: CairoSurface] = [:]

    /// How a file is coloured when it is parsed: a CSS stylesheet for SVG artwork (empty: as
    /// drawn), or an Android VectorDrawable's tint (nil: its own colours), converted to SVG.
    private enum Styling: Hashable {
        case stylesheet(String)
        case androidTint(RGBAColor?)

        static let none = Styling.stylesheet("")
    }

    private struct ParsedKey: Hashable {
        var path: String
        var styling: Styling
    }

    private struct LogoFileKey: Hashable {
        var imageName: String
        var scale: Double
    }

    /// Artwork already drawn into pixels, by recording, scale and position within a pixel.
    private var tiles: [TileKey: CairoSurface] = [:]

    private struct TileKey: Hashable {
        var recording: RecordingKey
        var scale: Double
        /// The artwork's offset within its first pixel, in sixteenths of a pixel.
        var phaseX: Int
        var phaseY: Int
    }

    /// The largest artwork file read, 4 MiB (the project's are a few KiB). Larger files, and
    /// anything but a regular file (a FIFO would block), are refused.
    public static let maximumFileSize = 4 << 20

    /// Raster images can hold this many drawn tiles before the cache starts afresh.
    private static let tileLimit = 256

    private struct RecordingKey: Hashable {
        var path: String
        var styling: Styling
        var width: Double
        var height: Double
    }

    /// Artwork from `source` (the project's own by default).
    public init(source: ArtworkSource = .project) {
        self.source = source
        iconDirectory = source.kind == .projectArtwork ? source.directory : ProjectResources.logoAssetsDirectory
        sourcePrefix = Self.prefix(source.directory)
        iconPrefix = Self.prefix(iconDirectory)
        standardizedRoot = source.directory.standardizedFileURL.path + "/"
    }

    private static func prefix(_ folder: URL) -> String {
        let path = folder.path
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// The project's artwork in `directory` (a folder with the project's file names), unchecked.
    public convenience init(directory: URL) {
        self.init(source: (try? ArtworkSource(directory: directory)) ?? .projectFolder(directory))
    }

    deinit {
        for artwork in parsed.values { artwork.release() }
        // A recording drawn onto an SVG or PDF surface keeps a snapshot of itself that refers
        // back to it, so dropping the last reference of ours leaves the pair alive (LeakSanitizer
        // found them at the end of every batch). Finishing the recording detaches its snapshots.
        for recording in recordings.values { cairo_surface_finish(recording.pointer) }
    }

    /// The stylesheet that colours a mark in a palette.
    public static func stylesheet(_ colors: LogoColors) -> String {
        var rules = [rule("mark", colors.mark)]
        rules.append(colors.ground.map { rule("ground", $0) } ?? ".ground{fill:none}")
        rules.append(colors.accent.map { rule("accent", $0) } ?? ".accent{fill:none}")
        return rules.joined()
    }

    /// The stylesheet that tints an icon.
    public static func stylesheet(tint: RGBAColor) -> String { rule("mark", tint) }

    /// `stylesheet(_:)` made once for each palette this library draws in (a batch draws thousands
    /// of images in a few), and `stylesheet(tint:)` for each tint.
    package func stylesheet(_ colors: LogoColors) -> String {
        if let known = stylesheets[colors] { return known }
        let made = Self.stylesheet(colors)
        if stylesheets.count >= Self.stylesheetsKept { stylesheets.removeAll(keepingCapacity: true) }
        stylesheets[colors] = made
        return made
    }

    package func stylesheet(tint: RGBAColor) -> String {
        if let known = tintStylesheets[tint] { return known }
        let made = Self.stylesheet(tint: tint)
        if tintStylesheets.count >= Self.stylesheetsKept { tintStylesheets.removeAll(keepingCapacity: true) }
        tintStylesheets[tint] = made
        return made
    }

    private var stylesheets: [LogoColors: String] = [:]
    private var tintStylesheets: [RGBAColor: String] = [:]
    /// How many stylesheets of each kind are kept; past it, they are made again.
    static let stylesheetsKept = 256

    /// `alpha / 255` to four significant digits (`%.4g`) for each alpha, formatted once: the
    /// stylesheet is made for every drawing, and `String(format:)` was 0.7% of a batch.
    private static let opacities: [String] = (0...255).map { String(format: "%.4g", Double($0) / 255) }

    private static func rule(_ name: String, _ color: RGBAColor) -> String {
        let opaque = RGBAColor(red8: color.red, green8: color.green, blue8: color.blue)
        let opacity = color.alpha == 255 ? "" : ";fill-opacity:" + opacities[Int(color.alpha)]
        return ".\(name){fill:\(opaque)\(opacity)}"
    }

    /// The file that draws `logo` at `scale` pixels per point, with its own size (parsed once).
    /// Throws a one-line error naming the image, the file and the folder.
    public func logoArtwork(for logo: LogoChoice, scale: Double) throws(PaintError) -> LogoArtwork {
        try artwork(named: source.imageName(for: logo), scale: scale)
    }

    /// The file that draws the image `imageName` (an SDK name, or the project's stem for its own
    /// artwork) at `scale`, parsed, with its own size. Throws when it is missing or does not load.
    public func artwork(named imageName: String, scale: Double) throws(PaintError) -> LogoArtwork {
        let key = LogoFileKey(imageName: imageName, scale: scale)
        if let known = logoFiles[key] { return known }
        let file = try source.file(for: imageName, scale: scale)
        let artwork = try parse(file.url.path, format: file.format, styling: .none, imageName: imageName)
        // Its size is checked (`ArtworkGeometry`) as it is parsed, before anything uses it.
        let size = artwork.size
        // Recorded relative to the artwork folder, so metadata does not depend on where it lives.
        let root = source.directory.standardizedFileURL.path + "/"
        let full = file.url.standardizedFileURL.path
        let relative = full.hasPrefix(root) ? String(full.dropFirst(root.count)) : file.url.lastPathComponent
        let result = LogoArtwork(
            imageName: imageName, file: relative, width: size.width, height: size.height, isRecoloured: !source.isOfficial)
        logoFiles[key] = result
        return result
    }

    /// Tries the files of `names` at `scale` in one child process (`ArtworkTrial`), so that
    /// drawing them one by one afterwards (`assets` lists every name) does not start a child for
    /// each. Problems are left for the drawing of each name to report.
    public func tryAtOnce(_ names: [String], scale: Double) {
        try? tryAtOnce(names.compactMap { name in
            (try? source.file(for: name, scale: scale)).map { ($0.url.path, $0.format, Styling.none, name) }
        })
    }

    /// Checks that every named artwork file exists and parses, so a bad `--logo-assets` fails early.
    public func validate(_ names: [String]) throws(PaintError) {
        try tryAtOnce(names.compactMap { name in
            (try? source.file(for: name, scale: 1)).map { ($0.url.path, $0.format, Styling.none, name) }
        })
        for name in names {
            let file = try source.file(for: name, scale: 1)
            _ = try parse(file.url.path, format: file.format, styling: .none, imageName: name)
        }
    }

    /// The icon files (`icon-*.svg` in `iconDirectory`) a link can draw: the circled i, for fonts
    /// without ⓘ. (The circled question mark and circled logo links draw the SDK's image from
    /// `--logo-assets` or nothing, as the phone does: `LinkContent.sdkImageName`.)
    public static var iconNames: [String] { ["icon-circled-info"] }

    /// Checks the whole source before a long-lived process relies on it (`serve`): every logo
    /// image the source can be asked for (`source.allImageNames`: the SDK's names for official
    /// artwork, the project's stems for its own) that it holds is found and parsed at every scale
    /// (a catalog's PNGs differ by scale), and every icon parses. Throws the same one-line error a
    /// drawing would for the first file that does not load, and for any missing image of the
    /// project's own artwork (which has them all). Returns the official image names the source
    /// does not hold: a catalog or folder may hold a subset, as `render` accepts; a drawing that
    /// needs one of those fails naming it.
    @discardableResult
    public func checkAll() throws(PaintError) -> [String] {
        let missing = source.missingImageNames
        var files: [(path: String, format: ArtworkSource.FileFormat, styling: Styling, imageName: String)] = []
        for name in source.allImageNames where !missing.contains(name) {
            for scale in [1.0, 2.0, 3.0] {
                if let file = try? source.file(for: name, scale: scale) { files.append((file.url.path, file.format, .none, name)) }
            }
        }
        for icon in Self.iconNames { files.append((iconPrefix + icon + ".svg", .svg, .none, icon)) }
        try tryAtOnce(files)
        for name in source.allImageNames where !missing.contains(name) {
            for scale in [1.0, 2.0, 3.0] {
                let file = try source.file(for: name, scale: scale)
                let artwork = try parse(file.url.path, format: file.format, styling: .none, imageName: name)
                // Drawn once, so that what a first drawing costs (poppler decoding the file's
                // images and streams) is paid here, before a server listens.
                do throws(PaintError) {
                    let surface = try CairoSurface.recording(width: 8, height: 8)
                    let context = try CairoContext(surface: surface)
                    try artwork.draw(width: 8, height: 8, in: context.pointer)
                    try context.check()
                } catch {
                    throw failure(name, file.url.path, error.message)
                }
            }
        }
        for icon in Self.iconNames {
            _ = try parse(iconPrefix + icon + ".svg", format: .svg, styling: .none, imageName: icon)
        }
        return missing
    }

    /// Draws the logo from its file filling `frame`: the project's artwork in the palette's colours,
    /// official files as they are.
    func drawLogo(_ logo: LogoChoice, artwork: LogoArtwork, frame: Rect, in context: CairoContext) throws(PaintError) {
        let stylesheet = artwork.isRecoloured ? stylesheet(logo.colors) : ""
        // `artwork.file` is relative to the artwork folder (metadata records it so).
        let path = artwork.file.hasPrefix("/") ? artwork.file : sourcePrefix + artwork.file
        try draw(path: path, imageName: artwork.imageName, styling: .stylesheet(stylesheet), frame: frame, in: context)
    }

    /// Draws an official file (an image link of `--logo-assets`) as it is, filling `frame`.
    func drawFile(_ artwork: LogoArtwork, frame: Rect, in context: CairoContext) throws(PaintError) {
        let path = artwork.file.hasPrefix("/") ? artwork.file : sourcePrefix + artwork.file
        try draw(path: path, imageName: artwork.imageName, styling: .none, frame: frame, in: context)
    }

    /// Draws the Android VectorDrawable `name` (`NAME.xml` of `source.androidDrawables`) stretched
    /// to fill `frame`, tinted (SRC_IN) or in its own colours, converted to SVG once per tint.
    func drawAndroidDrawable(_ name: String, tint: RGBAColor?, frame: Rect, in context: CairoContext) throws(PaintError) {
        do {
            try draw(path: try androidDrawablePath(name), imageName: name, styling: .androidTint(tint), frame: frame, in: context)
        } catch {
            throw androidFailure(error)
        }
    }

    /// The Android drawables `layout` draws, in order, each with its file relative to the
    /// artwork folder (as a logo's file is: metadata does not depend on where the folder lives),
    /// for the metadata; nil when it draws none (the iOS view). A drawable whose file cannot be
    /// told fails to draw.
    public func drawables(of layout: BreakdownLayout) -> [(name: String, file: String)]? {
        let root = standardizedRoot
        let records = layout.elements.compactMap { element -> (name: String, file: String)? in
            guard case .drawable(let name, _, _) = element, let path = try? androidDrawablePath(name) else { return nil }
            let full = URL(fileURLWithPath: path).standardizedFileURL.path
            return (name, full.hasPrefix(root) ? String(full.dropFirst(root.count)) : URL(fileURLWithPath: path).lastPathComponent)
        }
        return records.isEmpty ? nil : records
    }

    /// The file of the Android drawable `name`; throws for iOS artwork, which has none.
    func androidDrawablePath(_ name: String) throws(PaintError) -> String {
        guard let folder = source.androidDrawables else {
            throw PaintError(
                "logo assets \(source.directory.path) is iOS artwork (\(source.kind.rawValue)): the Android view draws the Android SDK's res folder (its VectorDrawables) or, without --logo-assets, the project's look-alikes")
        }
        let path = Self.prefix(folder) + name + ".xml"
        // A drawable linked from outside the res folder is refused, as a catalog's file is.
        try source.checkInside(URL(fileURLWithPath: path), imageName: name)
        return path
    }

    /// A drawable that failed: for a copy of the project's folder without `android/drawable`,
    /// the line that says so instead of the missing file's.
    private func androidFailure(_ error: PaintError) -> PaintError {
        guard source.kind == .projectArtwork, let folder = source.androidDrawables, !FileManager.default.fileExists(atPath: folder.path)
        else { return error }
        return PaintError(
            "logo assets \(source.directory.path) holds the project's iOS artwork and no android/drawable folder: the Android view draws the Android SDK's res folder or, without --logo-assets, the project's look-alikes (LogoAssets/android)")
    }

    /// Checks that every Android drawable the view can need is in the folder and converts.
    public func checkAndroidDrawables() throws(PaintError) {
        try tryAtOnce(AndroidLogoSize.drawableSizes.keys.sorted().compactMap { name in
            (try? androidDrawablePath(name)).map { ($0, .svg, Styling.androidTint(nil), name) }
        })
        for name in AndroidLogoSize.drawableSizes.keys.sorted() {
            do {
                _ = try parse(try androidDrawablePath(name), format: .svg, styling: .androidTint(nil), imageName: name)
            } catch {
                throw androidFailure(error)
            }
        }
    }

    /// Draws the icon or project artwork `name` (an SVG file stem) filling `frame` (points, in the
    /// context's current user space).
    func draw(_ name: String, stylesheet: String, frame: Rect, in context: CairoContext) throws(PaintError) {
        let path = iconPrefix + name + ".svg"
        try draw(path: path, imageName: name, styling: .stylesheet(stylesheet), frame: frame, in: context)
    }

    private func draw(path: String, imageName: String, styling: Styling, frame: Rect, in context: CairoContext) throws(PaintError) {
        let key = RecordingKey(path: path, styling: styling, width: frame.width, height: frame.height)
        let recording = try recording(key, imageName: imageName)
        let cr = context.pointer
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        if cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE, matrix.xy == 0, matrix.yx == 0,
            matrix.xx == matrix.yy, matrix.xx > 0
        {
            try blitTile(of: recording, key: key, frame: frame, matrix: matrix, in: cr)
            return
        }
        cairo_save(cr)
        cairo_set_source_surface(cr, recording.pointer, frame.x, frame.y)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Raster output: the artwork is drawn once into a small image per position within a pixel
    /// (in sixteenths of a pixel, so at most 1/32 px from the exact place) and copied onto the
    /// image at a whole-pixel offset, like a glyph cache. Replaying the vector recording for
    /// every image was a third of the drawing time in a batch.
    private func blitTile(of recording: CairoSurface, key: RecordingKey, frame: Rect, matrix: cairo_matrix_t, in cr: OpaquePointer) throws(PaintError) {
        let scale = matrix.xx
        func split(_ device: Double) -> (whole: Double, sixteenths: Int) {
            let snapped = (device * 16).rounded() / 16
            let whole = snapped.rounded(.down)
            return (whole, Int(((snapped - whole) * 16).rounded()))
        }
        let x = split(matrix.x0 + frame.x * scale), y = split(matrix.y0 + frame.y * scale)
        let tileKey = TileKey(recording: key, scale: scale, phaseX: x.sixteenths, phaseY: y.sixteenths)
        let tile: CairoSurface
        if let cached = tiles[tileKey] {
            tile = cached
        } else {
            let offsetX = Double(x.sixteenths) / 16, offsetY = Double(y.sixteenths) / 16
            tile = try CairoSurface.image(
                width: Int((offsetX + frame.width * scale).rounded(.up)), height: Int((offsetY + frame.height * scale).rounded(.up)))
            let context = try CairoContext(surface: tile)
            cairo_translate(context.pointer, offsetX, offsetY)
            cairo_scale(context.pointer, scale, scale)
            cairo_set_source_surface(context.pointer, recording.pointer, 0, 0)
            cairo_paint(context.pointer)
            try context.check()
            cairo_surface_flush(tile.pointer)
            if tiles.count >= Self.tileLimit { tiles.removeAll(keepingCapacity: true) }
            tiles[tileKey] = tile
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        if !Self.copyOntoClear(tile, x: x.whole, y: y.whole, in: cr) {
            cairo_set_source_surface(cr, tile.pointer, x.whole, y.whole)
            cairo_paint(cr)
        }
        cairo_restore(cr)
    }

    /// Copies the image `tile` onto the image `cr` draws into, its top left at whole pixel
    /// (`x`, `y`), when that is exactly what painting it with OVER would do: the context's matrix
    /// is the identity, its operator OVER, no group is pushed, the target has no device offset or
    /// scale, the clip leaves the tile's pixels whole, and every pixel the tile covers is still
    /// transparent (OVER onto a zero pixel leaves the tile's own premultiplied pixel, in Cairo's
    /// and pixman's arithmetic). The badge and the icon are drawn where nothing was drawn before
    /// (without a background), and pixman's OVER, which tests each source pixel, cost about 3% of
    /// a batch's CPU; a copy of rows costs a tenth of that. Returns false, having written nothing,
    /// when any condition does not hold: the caller paints the tile then.
    static func copyOntoClear(_ tile: CairoSurface, x: Double, y: Double, in cr: OpaquePointer) -> Bool {
        let target = cairo_get_target(cr)!
        guard cairo_get_group_target(cr) == target, cairo_get_operator(cr) == CAIRO_OPERATOR_OVER,
            cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE, cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
            cairo_surface_get_type(tile.pointer) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(tile.pointer) == CAIRO_FORMAT_ARGB32,
            Swift.abs(x) < 16_777_216, Swift.abs(y) < 16_777_216, x == x.rounded(), y == y.rounded()
        else { return false }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        var offsetX = 0.0, offsetY = 0.0, scaleX = 0.0, scaleY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        cairo_surface_get_device_scale(target, &scaleX, &scaleY)
        guard matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0, matrix.x0 == 0, matrix.y0 == 0,
            offsetX == 0, offsetY == 0, scaleX == 1, scaleY == 1
        else { return false }
        let left = Int(x), top = Int(y)
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        let tileWidth = Int(cairo_image_surface_get_width(tile.pointer)), tileHeight = Int(cairo_image_surface_get_height(tile.pointer))
        // The pixels the tile covers on the target.
        let x0 = max(left, 0), y0 = max(top, 0), x1 = min(left + tileWidth, width), y1 = min(top + tileHeight, height)
        guard x0 < x1, y0 < y1 else { return false }
        // The clip, as whole-pixel rectangles (Cairo says when it is not): one must hold them all.
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS, let rectangles = list.pointee.rectangles else { return false }
        let holds = (0..<Int(list.pointee.num_rectangles)).contains { index in
            let r = rectangles[index]
            return r.x <= Double(x0) && r.y <= Double(y0) && r.x + r.width >= Double(x1) && r.y + r.height >= Double(y1)
        }
        guard holds else { return false }
        cairo_surface_flush(target)
        cairo_surface_flush(tile.pointer)
        guard let targetData = cairo_image_surface_get_data(target), let tileData = cairo_image_surface_get_data(tile.pointer) else {
            return false
        }
        let stride = Int(cairo_image_surface_get_stride(target)), tileStride = Int(cairo_image_surface_get_stride(tile.pointer))
        let rowBytes = (x1 - x0) * 4
        // Still transparent: every covered byte zero.
        for row in y0..<y1 {
            let words = UnsafeRawPointer(targetData + row * stride + x0 * 4)
            var any: UInt32 = 0
            for index in 0..<(x1 - x0) { any |= words.load(fromByteOffset: index * 4, as: UInt32.self) }
            if any != 0 { return false }
        }
        for row in y0..<y1 {
            let from = UnsafeRawPointer(tileData + (row - top) * tileStride + (x0 - left) * 4)
            UnsafeMutableRawPointer(targetData + row * stride + x0 * 4).copyMemory(from: from, byteCount: rowBytes)
        }
        cairo_surface_mark_dirty_rectangle(target, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
        return true
    }

    private func recording(_ key: RecordingKey, imageName: String) throws(PaintError) -> CairoSurface {
        if let cached = recordings[key] { return cached }
        let format = ArtworkSource.FileFormat(rawValue: URL(fileURLWithPath: key.path).pathExtension.lowercased()) ?? .svg
        let artwork = try parse(key.path, format: format, styling: key.styling, imageName: imageName)
        let surface = try CairoSurface.recording(width: key.width, height: key.height)
        let context = try CairoContext(surface: surface)
        do {
            try artwork.draw(width: key.width, height: key.height, in: context.pointer)
        } catch {
            throw failure(imageName, key.path, error.message)
        }
        try context.check()
        recordings[key] = surface
        return surface
    }

    /// The file parsed once (per stylesheet, for the project's SVGs; per tint, for drawables).
    private func parse(_ path: String, format: ArtworkSource.FileFormat, styling: Styling, imageName: String) throws(PaintError) -> ParsedArtwork {
        let key = ParsedKey(path: path, styling: styling)
        if let cached = parsed[key] { return cached }
        let data: Data
        do throws(RegularFile.Problem) {
            data = Data(try RegularFile.read(path, limit: Self.maximumFileSize))
        } catch {
            throw failure(imageName, path, error.isMissing ? "the file does not exist" : "it \(error.reason)")
        }
        let artwork: ParsedArtwork
        do throws(PaintError) {
            switch styling {
            case .androidTint(let tint):
                // An Android VectorDrawable: converted to SVG (tinted) and drawn by librsvg.
                let svg: String
                do throws(VectorDrawable.ConversionError) {
                    svg = try VectorDrawable.svg(fromXML: String(decoding: data, as: UTF8.self), tint: tint)
                } catch {
                    throw PaintError(error.description)
                }
                if !Self.isProjectFile(path) {
                    let trial = try trialInput(data, format: format, styling: styling)
                    try ArtworkTrial.check(trial.data, format: trial.format)
                }
                artwork = try ParsedArtwork(Data(svg.utf8), format: .svg, stylesheet: "")
            case .stylesheet(let stylesheet):
                // Drawn first in a child process (when the binary turned trials on), bounded in
                // time and memory, so a file no library can draw safely is refused in one line;
                // in a library user's process, drawn here first, so a blank or a speck is refused too.
                if !Self.isProjectFile(path) {
                    let trial = try trialInput(data, format: format, styling: styling)
                    try ArtworkTrial.check(trial.data, format: trial.format)
                }
                artwork = try ParsedArtwork(data, format: format, stylesheet: stylesheet)
            }
        } catch {
            var failure = failure(imageName, path, error.message)
            failure.isEnvironment = error.isEnvironment
            throw failure
        }
        parsed[key] = artwork
        return artwork
    }

    /// The project's own artwork folder as the file system resolves it (links and `..` followed),
    /// with a trailing `/`; nil when it cannot be resolved.
    private static let projectFolder: String? = resolved(ProjectResources.logoAssetsDirectory.path).map { $0.hasSuffix("/") ? $0 : $0 + "/" }

    /// `path` with every link and `..` resolved, or nil when it does not exist.
    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Whether `path` is one of the project's own artwork files, installed with the binary (the
    /// default artwork and the link icons): those are not tried in a child process (they are the
    /// tool's own, drawn by every render, and a child for each would add a process to every
    /// `render`). Decided on the resolved path, so `--logo-assets` naming a folder through a link or
    /// `..` into the project's is the project's files, and nothing outside it passes for them.
    static func isProjectFile(_ path: String) -> Bool {
        guard let projectFolder, let file = resolved(path) else { return false }
        return file.hasPrefix(projectFolder)
    }

    /// What a trial (`ArtworkTrial`) draws for a file: the file itself (a stylesheet only
    /// recolours it), or a drawable's SVG untinted (a tint only recolours it), so each file is
    /// tried once whatever the colours asked for.
    private func trialInput(_ data: Data, format: ArtworkSource.FileFormat, styling: Styling) throws(PaintError) -> (data: Data, format: ArtworkSource.FileFormat) {
        guard case .androidTint = styling else { return (data, format) }
        do throws(VectorDrawable.ConversionError) {
            return (Data(try VectorDrawable.svg(fromXML: String(decoding: data, as: UTF8.self), tint: nil).utf8), .svg)
        } catch {
            throw PaintError(error.description)
        }
    }

    /// Tries files not parsed yet in one child process before they are parsed one by one (a
    /// folder checked at once: one child for each file made `serve`'s start three times
    /// longer). A file that cannot be read or converted is left to `parse`, which says why.
    private func tryAtOnce(_ files: [(path: String, format: ArtworkSource.FileFormat, styling: Styling, imageName: String)]) throws(PaintError) {
        var inputs: [(data: Data, format: ArtworkSource.FileFormat)] = []
        var owners: [(path: String, imageName: String)] = []
        for file in files where parsed[ParsedKey(path: file.path, styling: file.styling)] == nil && !Self.isProjectFile(file.path) {
            guard let bytes = try? RegularFile.read(file.path, limit: Self.maximumFileSize),
                let input = try? trialInput(Data(bytes), format: file.format, styling: file.styling)
            else { continue }
            inputs.append(input)
            owners.append((file.path, file.imageName))
        }
        for (index, problem) in ArtworkTrial.checkAll(inputs).enumerated() {
            guard let problem else { continue }
            var failure = failure(owners[index].imageName, owners[index].path, problem.message)
            failure.isEnvironment = problem.isEnvironment
            throw failure
        }
    }

    private func failure(_ imageName: String, _ path: String, _ problem: String) -> PaintError {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path == iconDirectory.path && !path.hasPrefix(source.directory.path)
            ? "the artwork folder \(iconDirectory.path)" : "the \(source.kind.rawValue) \(source.directory.path)"
        return PaintError("cannot draw logo image \(imageName) from \(path) in \(folder): \(problem)")
    }
}
