import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownLayout
import Foundation

/// What the pixels depend on besides the options: the renderer's code (the running executable's
/// bytes), the artwork folder's files, the project's font configuration and the font files in use.
/// Resume only skips a record when this is the same as when its outputs were written, so a
/// rebuilt renderer, new artwork or a new font re-renders everything.
enum RendererVersion {
    /// A short hex identity for images drawn with these font files and artwork folder.
    static func identity(fontFiles: [String], logoAssets: String?) -> String {
        var hash = Fingerprint()
        hash.add("breakdown-renderer")
        hash.add(executableHash)
        addFolder(logoAssets.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? ProjectResources.logoAssetsDirectory, to: &hash)
        addFolder(ProjectResources.fontsDirectory, to: &hash)
        // The system's Inter: by name, size and date (its files are large; a package upgrade changes these).
        let inter = URL(fileURLWithPath: "/usr/share/fonts/opentype/inter", isDirectory: true)
        for file in files(in: inter) {
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            hash.add(file.lastPathComponent)
            hash.add("\(attributes?[.size] ?? 0) \((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        }
        for file in fontFiles {
            hash.add(file)
            hash.add(FileManager.default.contents(atPath: file) ?? Data())
        }
        return hash.hex
    }

    /// The running executable's bytes, hashed once.
    private static let executableHash: String = {
        var hash = Fingerprint()
        hash.add(FileManager.default.contents(atPath: "/proc/self/exe") ?? Data())
        return hash.hex
    }()

    /// Every file under the folder (an asset catalog nests its images), by relative path and bytes.
    private static func addFolder(_ folder: URL, to hash: inout Fingerprint, depth: Int = 0) {
        for file in files(in: folder) {
            hash.add(file.lastPathComponent)
            hash.add(FileManager.default.contents(atPath: file.path) ?? Data())
        }
        guard depth < 12 else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            hash.add("folder " + name)
            addFolder(url, to: &hash, depth: depth + 1)
        }
    }

    private static func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }.filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }
}
