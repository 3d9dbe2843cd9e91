import BreakdownContent
import BreakdownLayout
import Foundation

/// Where logo artwork comes from (`--logo-assets`), recognised by what the folder holds:
/// - an Xcode asset catalog (`*.xcassets`, or a folder with a `Contents.json`): images found by
///   name in `NAME.imageset` folders anywhere under it, each file listed in its `Contents.json`;
/// - a folder of files named by the SDK's image names (`badge-afterpay-mint-on-black.pdf`,
///   `.svg`, `.png`, `@2x.png`, `@3x.png`), as made from the brand-asset downloads;
/// - the project's own artwork folder (`LogoAssets/`: `badge-afterpay.svg`, … recoloured by palette).
///
/// Official files (the first two forms) are drawn as they are; the project's are recoloured.
public struct ArtworkSource: Sendable, Hashable {
    /// The three forms.
    public enum Kind: String, Sendable, Hashable {
        case assetCatalog = "asset catalog"
        case imageFolder = "folder of image files"
        case projectArtwork = "project artwork"
        /// The Android SDK's `res` folder (or its `drawable` folder): VectorDrawables, for the
        /// Android view only.
        case androidResources = "Android res folder"
    }

    /// A file's kind, from its extension.
    public enum FileFormat: String, Sendable, Hashable {
        case pdf, svg, png
    }

    /// One file that can draw an image.
    public struct File: Sendable, Hashable {
        public var url: URL
        public var format: FileFormat
        /// A PNG's scale (1, 2 or 3 pixels per point); 1 for vectors.
        public var scale: Int
    }

    public let kind: Kind
    public let directory: URL
    /// Asset catalog: image name → its `.imageset` folder.
    private let imagesets: [String: URL]
    /// The folder of the Android view's VectorDrawables (`NAME.xml`): the Android res folder's
    /// `drawable`, or the project's look-alikes (`LogoAssets/android/drawable`); nil for iOS artwork.
    public let androidDrawables: URL?

    /// The project's own `LogoAssets/`.
    public static var project: ArtworkSource {
        ArtworkSource(kind: .projectArtwork, directory: ProjectResources.logoAssetsDirectory, imagesets: [:])
    }

    /// The folder as project artwork (the project's file names), without looking inside.
    public static func projectFolder(_ directory: URL) -> ArtworkSource {
        ArtworkSource(kind: .projectArtwork, directory: directory, imagesets: [:])
    }

    private init(kind: Kind, directory: URL, imagesets: [String: URL], androidDrawables: URL? = nil) {
        self.kind = kind
        self.directory = directory
        self.imagesets = imagesets
        self.androidDrawables =
            androidDrawables ?? (kind == .projectArtwork ? directory.appendingPathComponent("android/drawable", isDirectory: true) : nil)
    }

    /// The `drawable` folder of an Android `res` folder given as `directory` (the folder itself,
    /// its `drawable` or its `res/drawable`), when it holds at least one of the view's drawables.
    public static func androidDrawableFolder(_ directory: URL) -> URL? {
        for folder in [directory.appendingPathComponent("drawable"), directory.appendingPathComponent("res/drawable"), directory] {
            let any = AndroidLogoSize.drawableSizes.keys.contains {
                FileManager.default.fileExists(atPath: folder.appendingPathComponent($0 + ".xml").path)
            }
            if any { return folder }
        }
        return nil
    }

    /// Recognises the folder at `directory`; throws when it is none of the three forms.
    public init(directory: URL) throws(PaintError) {
        let fileManager = FileManager.default
        let path = directory.path
        let accepted =
            "give an asset catalog (.xcassets), a folder of files named by the SDK's image names (e.g. badge-afterpay-mint-on-black.pdf, .svg or .png) or the project's LogoAssets folder"
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PaintError("logo assets \(path) does not exist or is not a folder: \(accepted)")
        }
        guard let entries = try? fileManager.contentsOfDirectory(atPath: path) else {
            throw PaintError("logo assets \(path) cannot be read: \(accepted)")
        }
        if directory.pathExtension == "xcassets" || entries.contains("Contents.json") {
            self.init(kind: .assetCatalog, directory: directory, imagesets: try Self.findImagesets(in: directory))
            return
        }
        let officialNames = Set(LogoChoice.allImageNames)
        if entries.contains(where: { Self.imageName(ofFile: $0).map(officialNames.contains) ?? false }) {
            self.init(kind: .imageFolder, directory: directory, imagesets: [:])
            return
        }
        let projectFiles = Set(LogoChoice.allArtworkNames.map { $0 + ".svg" })
        if entries.contains(where: projectFiles.contains) {
            self.init(kind: .projectArtwork, directory: directory, imagesets: [:])
            return
        }
        if let drawables = Self.androidDrawableFolder(directory) {
            self.init(kind: .androidResources, directory: directory, imagesets: [:], androidDrawables: drawables)
            return
        }
        throw PaintError("logo assets \(path) holds no logo artwork: \(accepted), or the Android SDK's res folder for --platform android")
    }

    /// True for official artwork, drawn as it is.
    public var isOfficial: Bool { kind != .projectArtwork }

    /// Whether this source holds the artwork of `view`: iOS artwork (an asset catalog, a folder
    /// of image files) has none for the Android view, the Android SDK's res folder none for the
    /// iOS view; the project's look-alikes are both views'.
    public func draws(_ view: Platform) -> Bool {
        switch kind {
        case .projectArtwork: true
        case .androidResources: view == .android
        case .assetCatalog, .imageFolder: view == .ios
        }
    }

    /// The one-line refusal of an iOS drawing from the Android SDK's res folder.
    var androidOnlyProblem: PaintError {
        PaintError(
            "logo assets \(directory.path) is the Android SDK's res folder: it draws the Android view only (give --platform android, or iOS artwork: an asset catalog, a folder of the SDK's image files or the project's LogoAssets)")
    }

    /// The image name this source looks up for `logo`: the SDK's name for official artwork, the
    /// project's file stem for its own.
    public func imageName(for logo: LogoChoice) -> String {
        isOfficial ? logo.imageName : logo.artworkName
    }

    /// Every image name this source can be asked for, in order.
    public var allImageNames: [String] {
        kind == .androidResources ? [] : isOfficial ? LogoChoice.allImageNames : LogoChoice.allArtworkNames
    }

    /// The official image names this source does not hold (none for the project's artwork,
    /// which must hold them all): a catalog or folder of a subset is accepted, as by `render`.
    public var missingImageNames: [String] {
        isOfficial ? allImageNames.filter { !contains($0) } : []
    }

    /// True when the source has a file (or an imageset) for `imageName`; whether it draws is
    /// another question (`file(for:scale:)` and parsing answer it).
    public func contains(_ imageName: String) -> Bool {
        switch kind {
        case .projectArtwork:
            return FileManager.default.fileExists(atPath: directory.appendingPathComponent(imageName + ".svg").path)
        case .imageFolder:
            let manager = FileManager.default
            return ["pdf", "svg", "png"].contains { manager.fileExists(atPath: directory.appendingPathComponent("\(imageName).\($0)").path) }
                || ["@1x", "@2x", "@3x"].contains { manager.fileExists(atPath: directory.appendingPathComponent("\(imageName)\($0).png").path) }
        case .assetCatalog:
            return imagesets[imageName] != nil
        case .androidResources:
            return false
        }
    }

    /// The file that draws `imageName` at `scale` pixels per point: a vector file if there is one,
    /// else the PNG whose scale is nearest (the larger on a tie). Throws a one-line error naming
    /// the image, the file and the folder when it is missing or its `Contents.json` is bad.
    public func file(for imageName: String, scale: Double) throws(PaintError) -> File {
        let file = try unresolvedFile(for: imageName, scale: scale)
        try checkInside(file.url, imageName: imageName)
        return file
    }

    /// A file the source names must be inside its folder once links are resolved (a link to a
    /// file elsewhere, or a linked imageset folder, is refused as a `../` name is): the folder the
    /// user named is all that is read.
    func checkInside(_ url: URL, imageName: String) throws(PaintError) {
        guard kind != .projectArtwork else { return }
        func real(_ path: String) -> String? {
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }
        guard let folder = real(directory.path), let file = real(url.path) else { return }
        guard file.hasPrefix(folder == "/" ? "/" : folder + "/") else {
            throw PaintError(
                "logo image \(imageName): \(url.path) resolves to \(file), outside the \(kind.rawValue) \(directory.path); only files inside it are read (copy the file in instead of linking it)")
        }
    }

    private func unresolvedFile(for imageName: String, scale: Double) throws(PaintError) -> File {
        switch kind {
        case .projectArtwork:
            let url = directory.appendingPathComponent(imageName + ".svg")
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw PaintError("logo image \(imageName) is missing: no file \(url.lastPathComponent) in the artwork folder \(directory.path)")
            }
            return File(url: url, format: .svg, scale: 1)
        case .imageFolder:
            var candidates: [File] = []
            let fileManager = FileManager.default
            for format in [FileFormat.pdf, .svg] {
                let url = directory.appendingPathComponent("\(imageName).\(format.rawValue)")
                if fileManager.isReadableFile(atPath: url.path) { candidates.append(File(url: url, format: format, scale: 1)) }
            }
            if let vector = candidates.first { return vector }
            for (suffix, pngScale) in [("", 1), ("@1x", 1), ("@2x", 2), ("@3x", 3)] {
                let url = directory.appendingPathComponent("\(imageName)\(suffix).png")
                if fileManager.isReadableFile(atPath: url.path) { candidates.append(File(url: url, format: .png, scale: pngScale)) }
            }
            guard let chosen = Self.nearest(candidates, scale: scale) else {
                throw PaintError(
                    "logo image \(imageName) is missing: no \(imageName).pdf, .svg or .png (@2x, @3x) in the image folder \(directory.path)")
            }
            return chosen
        case .assetCatalog:
            guard let imageset = imagesets[imageName] else {
                throw PaintError("logo image \(imageName) is missing: no \(imageName).imageset in the asset catalog \(directory.path)")
            }
            return try Self.file(inImageset: imageset, imageName: imageName, catalog: directory, scale: scale)
        case .androidResources:
            throw androidOnlyProblem
        }
    }

    // MARK: - Asset catalogs

    /// Walks the catalog's folders (groups) for `NAME.imageset` folders. Bounded: 12 levels, 20,000 entries.
    private static func findImagesets(in catalog: URL) throws(PaintError) -> [String: URL] {
        var found: [String: URL] = [:]
        var pending: [(URL, Int)] = [(catalog, 0)]
        var seen = 0
        let fileManager = FileManager.default
        while let (folder, depth) = pending.popLast() {
            let names = ((try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            for name in names {
                seen += 1
                guard seen <= 20_000 else {
                    throw PaintError("asset catalog \(catalog.path) has more than 20000 entries: give the catalog of the logo images")
                }
                let url = folder.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                if url.pathExtension == "imageset" {
                    let imageName = url.deletingPathExtension().lastPathComponent
                    if let other = found[imageName] {
                        throw PaintError(
                            "logo image \(imageName) is in the asset catalog \(catalog.path) twice: \(other.path) and \(url.path); keep one")
                    }
                    found[imageName] = url
                } else if depth < 12 {
                    pending.append((url, depth + 1))
                }
            }
        }
        return found
    }

    /// The imageset's file: its `Contents.json` `images` of the universal idiom, a PDF or SVG first,
    /// else the PNG of the nearest scale.
    private static func file(inImageset imageset: URL, imageName: String, catalog: URL, scale: Double) throws(PaintError) -> File {
        let contents = imageset.appendingPathComponent("Contents.json")
        func failure(_ problem: String) -> PaintError {
            PaintError("logo image \(imageName): \(problem) (\(contents.path) in the asset catalog \(catalog.path))")
        }
        let data: Data
        do throws(RegularFile.Problem) {
            // Only a regular file, opened without blocking, at most 1 MiB.
            data = Data(try RegularFile.read(contents.path, limit: 1 << 20))
        } catch {
            throw failure(error.isMissing ? "there is no Contents.json" : "Contents.json \(error.reason)")
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw failure("Contents.json does not parse as a JSON object")
        }
        guard let images = root["images"] as? [[String: Any]] else {
            throw failure("Contents.json has no \"images\" array")
        }
        var vectors: [File] = [], bitmaps: [File] = []
        for image in images {
            guard (image["idiom"] as? String ?? "universal") == "universal", let filename = image["filename"] as? String else { continue }
            guard !filename.contains("/"), filename != "..", filename != "." else {
                throw failure("the file name \"\(filename)\" is not a file in the imageset")
            }
            let url = imageset.appendingPathComponent(filename)
            guard let format = FileFormat(rawValue: url.pathExtension.lowercased()) else {
                throw failure("\(filename) is not a PDF, SVG or PNG file")
            }
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw failure("\(filename), listed in Contents.json, is missing")
            }
            if format == .png {
                let scaleText = image["scale"] as? String ?? "1x"
                guard let pngScale = Int(scaleText.dropLast()), scaleText.hasSuffix("x"), (1...3).contains(pngScale) else {
                    throw failure("\(filename) has scale \"\(scaleText)\"; expected 1x, 2x or 3x")
                }
                bitmaps.append(File(url: url, format: format, scale: pngScale))
            } else {
                vectors.append(File(url: url, format: format, scale: 1))
            }
        }
        if let vector = vectors.first { return vector }
        guard let chosen = nearest(bitmaps, scale: scale) else {
            throw failure("Contents.json lists no universal PDF, SVG or PNG file")
        }
        return chosen
    }

    private static func nearest(_ files: [File], scale: Double) -> File? {
        files.min { a, b in
            let da = abs(Double(a.scale) - scale), db = abs(Double(b.scale) - scale)
            return da != db ? da < db : a.scale > b.scale
        }
    }

    /// The image name a file in an image folder stands for: `NAME.pdf`, `NAME.svg`, `NAME.png`, `NAME@2x.png`.
    static func imageName(ofFile file: String) -> String? {
        let url = URL(fileURLWithPath: file)
        guard FileFormat(rawValue: url.pathExtension.lowercased()) != nil else { return nil }
        var stem = url.deletingPathExtension().lastPathComponent
        for suffix in ["@1x", "@2x", "@3x"] where stem.hasSuffix(suffix) { stem.removeLast(suffix.count) }
        return stem
    }
}
