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

    /// The running executable, identified once (`executableIdentity`).
    private static let executableHash: String = executableIdentity("/proc/self/exe")

    /// An executable's identity: its size, modification time, device and inode, and then its GNU
    /// build ID when the linker wrote one (`buildID`: a digest of the whole linked file, made by
    /// the linker, so read in a few hundred bytes), else a digest of all of its bytes (streamed:
    /// about 15 MB, a tenth of a process's start). Rebuilding writes a new file (new time and
    /// inode), so both change with every build; the build ID stands for the bytes against an
    /// edit in place that keeps the size and puts the old time back.
    package static func executableIdentity(_ path: String) -> String {
        var hash = Fingerprint()
        if let found = buildID(path) {
            let identity = found.identity, id = found.id
            hash.add("\(identity.size) \(identity.modified) \(identity.device) \(identity.inode)")
            hash.add("build-id " + id.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined())
        } else {
            addFile(path, to: &hash, limit: Int.max)
        }
        return hash.hex
    }

    /// The GNU build ID (`NT_GNU_BUILD_ID` in a `PT_NOTE` segment) of a 64-bit little-endian ELF
    /// file, with the file's identity; nil for anything else, for a file that cannot be read, or
    /// for an ID shorter than 8 bytes (the linker's own are 8 to 20 bytes: a hash of the file or
    /// a random UUID; a shorter one is a value given by hand and identifies nothing).
    package static func buildID(_ path: String) -> (identity: RegularFile.Identity, id: [UInt8])? {
        guard let (descriptor, identity) = try? RegularFile.open(path) else { return nil }
        defer { close(descriptor) }
        func read(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard offset >= 0, count > 0, count <= 1 << 16, offset <= identity.size - count else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return nil }
                done += got
            }
            return bytes
        }
        func number(_ bytes: [UInt8], _ at: Int, _ width: Int) -> Int {
            var value: UInt64 = 0
            for index in (at..<(at + width)).reversed() { value = value << 8 | UInt64(bytes[index]) }
            return Int(clamping: value)
        }
        // The ELF header: magic, 64-bit (class 2), little-endian (data 1); the program headers' place.
        guard let header = read(0, 64), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1 else { return nil }
        let tableOffset = number(header, 0x20, 8), entrySize = number(header, 0x36, 2), entries = number(header, 0x38, 2)
        guard entrySize >= 56, (1...512).contains(entries), let table = read(tableOffset, entrySize * entries) else { return nil }
        for entry in 0..<entries {
            let base = entry * entrySize
            guard number(table, base, 4) == 4 else { continue }  // PT_NOTE
            // In an 8-aligned segment a note's description and the next note start at multiples
            // of 8 from the segment's start, else of 4.
            let align = number(table, base + 48, 8) == 8 ? 8 : 4
            func padded(_ offset: Int) -> Int { (offset + align - 1) / align * align }
            guard let notes = read(number(table, base + 8, 8), number(table, base + 32, 8)) else { continue }
            var at = 0
            while at + 12 <= notes.count {
                let nameSize = number(notes, at, 4), idSize = number(notes, at + 4, 4), type = number(notes, at + 8, 4)
                let name = at + 12, id = padded(name + nameSize)
                guard id <= notes.count, idSize <= notes.count - id else { break }
                if type == 3, nameSize == 4, notes[name..<(name + 4)] == [0x47, 0x4E, 0x55, 0], idSize >= 8 {  // NT_GNU_BUILD_ID, "GNU"
                    return (identity, Array(notes[id..<(id + idSize)]))
                }
                at = padded(id + idSize)
            }
        }
        return nil
    }

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
