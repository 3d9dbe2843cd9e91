import BreakdownContent
import BreakdownEncode
import BreakdownLayout
import BreakdownPaint
import Foundation

/// What the pixels depend on besides the options: the renderer's version and code (the running
/// executable's bytes), the artwork folder's files, the project's font configuration and the font files in use.
/// Resume only skips a record when this is the same as when its outputs were written, so a
/// rebuilt renderer, new artwork or a new font re-renders everything.
///
/// Files are identified cheaply and soundly, never read whole: by name, size, modification time
/// (ns), device and inode, plus a streamed `ContentDigest` of at most `hashedBytes` of them (all of any
/// artwork file the renderer can load, which is capped at that size). A 3 GB font file or a
/// stray 2 GB file in the artwork folder costs one `stat` and a few MiB of reading, in 64 KiB
/// pieces.
package enum RendererVersion {
    /// The most bytes of one file that are hashed (the head of a font file; all of an SVG,
    /// since `ArtworkLibrary` refuses larger ones).
    package static let hashedBytes = ArtworkLibrary.maximumFileSize

    /// A short hex identity for images drawn with these font files and artwork folder.
    package static func identity(fontFiles: [String], logoAssets: String?) -> String {
        identity(fontFiles: fontFiles, logoAssets: logoAssets, version: BreakdownVersion.current)
    }

    /// The same for another version of the renderer.
    package static func identity(fontFiles: [String], logoAssets: String?, version: String) -> String {
        var hash = Fingerprint()
        hash.add("breakdown-renderer " + version)
        hash.add(executableHash)
        addFolder(logoAssets.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? ProjectResources.logoAssetsDirectory, to: &hash)
        addFolder(ProjectResources.fontsDirectory, to: &hash)
        // The system's Inter: by name, size and date (its files are large; a package upgrade changes these).
        let inter = URL(fileURLWithPath: "/usr/share/fonts/opentype/inter", isDirectory: true)
        for file in files(in: inter) {
            hash.add(file.lastPathComponent)
            addMetadata(of: file.path, to: &hash)
        }
        // The Android view's Roboto and fallback font, the same way.
        for file in BreakdownRenderer.androidFontFiles {
            hash.add(file)
            addMetadata(of: file, to: &hash)
        }
        // The fallback fonts of non-Latin digits (DigitFonts), the same way.
        for file in DigitFonts.allFiles {
            hash.add(file)
            addMetadata(of: file, to: &hash)
        }
        for file in fontFiles {
            hash.add(file)
            addFile(file, to: &hash)
        }
        return hash.hex
    }

    /// The running executable, hashed once (streamed, at most `hashedBytes` besides its identity).
    private static let executableHash: String = {
        var hash = Fingerprint()
        addFile("/proc/self/exe", to: &hash, limit: Int.max)
        return hash.hex
    }()

    /// Every file under the folder (an asset catalog nests its images), by relative path and bytes.
    private static func addFolder(_ folder: URL, to hash: inout Fingerprint, depth: Int = 0) {
        for file in files(in: folder) {
            hash.add(file.lastPathComponent)
            addFile(file.path, to: &hash)
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

    /// Size, time, device and inode, then the first `limit` bytes, streamed. A file that cannot
    /// be opened (a FIFO, no permission) adds what `lstat` says, without opening it.
    private static func addFile(_ path: String, to hash: inout Fingerprint, limit: Int = hashedBytes) {
        var local = ContentDigest()
        do throws(RegularFile.Problem) {
            let identity = try RegularFile.stream(path, limit: limit) { local.add($0) }
            hash.add("\(identity.size) \(identity.modified) \(identity.device) \(identity.inode)")
            hash.add(Fingerprint.hex(local.value))
        } catch {
            addMetadata(of: path, to: &hash)
        }
    }

    private static func addMetadata(of path: String, to hash: inout Fingerprint) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            hash.add("missing")
            return
        }
        hash.add("\(info.st_mode) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_dev) \(info.st_ino)")
    }

    private static func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }.filter {
            var info = stat()
            return lstat($0.path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
        }
    }
}
