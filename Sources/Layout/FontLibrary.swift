import CPangoCairo
import Foundation

/// The fonts rendering may use, and nothing else: a private fontconfig configuration
/// (`Fonts/fonts.conf`: Inter and any files in `Fonts/`) plus font files the user adds, behind a
/// Pango font map with fixed font options (no hinting, no hint metrics, grayscale antialiasing),
/// so layout does not change with scale and output does not change with the machine.
///
/// Pango font maps are not thread-safe: use one library per thread.
package final class FontLibrary {
    private let config: OpaquePointer
    package let fontMap: OpaquePointer
    package let context: OpaquePointer
    /// The families this library can draw, sorted (the fallback files' own families left out:
    /// they draw what the others lack, and are not offered as the text's font).
    package let families: [String]
    /// The families only the fallback files have (`DigitFonts`), sorted.
    package let fallbackFamilies: [String]

    /// - Parameters:
    ///   - fontFiles: extra font files (`--font-file`), each must be readable.
    ///   - fallbackFiles: installed fonts that draw what the others lack (`DigitFonts`), added
    ///     after `fontFiles`; files that are missing are skipped.
    ///   - configuration: the fontconfig file; by default `Fonts/fonts.conf` of the project.
    package init(
        fontFiles: [String] = [], fallbackFiles: [String] = [],
        configuration: URL = ProjectResources.fontsDirectory.appendingPathComponent("fonts.conf")
    ) throws(LayoutError) {
        LibraryMessages.install
        // Only regular files: a FIFO or a device would block fontconfig's open, a folder would
        // add every font under it. Checked without blocking, before fontconfig sees the path.
        for file in fontFiles {
            do throws(RegularFile.Problem) {
                // An empty "file" is no font, and may be a kernel file that blocks when read (/proc/kmsg).
                guard try RegularFile.check(file).size > 0 else { throw RegularFile.Problem(reason: "is empty") }
            } catch {
                throw LayoutError("cannot read font file \(file): it \(error.reason); give a TrueType or OpenType font file")
            }
        }
        // Checked here, so that a missing one is our one line, not fontconfig's two before it.
        do throws(RegularFile.Problem) {
            _ = try RegularFile.check(configuration.path)
        } catch {
            throw LayoutError(
                "cannot read the font configuration \(configuration.path): it \(error.reason) (the project's Fonts/ folder, or BREAKDOWN_HOME's, holds fonts.conf)")
        }
        guard let config = FcConfigCreate() else { throw LayoutError("cannot create a fontconfig configuration") }
        guard FcConfigParseAndLoadFromMemory(config, Self.configurationText(including: configuration), FcTrue) == FcTrue else {
            FcConfigDestroy(config)
            throw LayoutError("cannot read the font configuration \(configuration.path)")
        }
        for file in fontFiles {
            guard FcConfigAppFontAddFile(config, file) == FcTrue else {
                FcConfigDestroy(config)
                throw LayoutError("cannot read font file \(file): not a readable font file (TrueType, OpenType or Type 1)")
            }
        }
        for file in fallbackFiles where FileManager.default.fileExists(atPath: file) {
            _ = FcConfigAppFontAddFile(config, file)
        }
        guard FcConfigBuildFonts(config) == FcTrue else {
            FcConfigDestroy(config)
            throw LayoutError("cannot build the font list from \(configuration.path)")
        }
        let fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)!
        // A Pango font map made for FreeType fonts is a PangoFcFontMap: give it our configuration.
        pango_fc_font_map_set_config(fontMap, config)
        let context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        // One layout unit is one point: the iOS view's coordinate space.
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, pango_language_from_string("en"))

        self.config = config
        self.fontMap = fontMap
        self.context = context
        // Pango lists fontconfig's generic aliases (Sans, Serif, Monospace, System-ui) as families;
        // they would silently draw Inter. Only families some font file in the set really has count.
        let faces = Self.faces(config)
        let fallbacks = Set(fallbackFiles)
        let real = Set(faces.filter { $0.file.map { !fallbacks.contains($0) } ?? true }.flatMap { $0.families.map { $0.lowercased() } })
        let fallbackOnly = Set(faces.flatMap { $0.families.map { $0.lowercased() } }).subtracting(real)
        let listed = Self.listFamilies(fontMap)
        self.families = listed.filter { real.contains($0.lowercased()) }
        self.fallbackFamilies = listed.filter { fallbackOnly.contains($0.lowercased()) }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        // Pango before 1.54 (Debian 12 has 1.50.12) never drops the reference to the configuration
        // that `pango_fc_font_map_set_config` took: its font map's finalize forgets it (fixed
        // upstream in 1.54, "Fix leak of fontconfig configuration"). So every freed library left
        // its configuration, with its application fonts' patterns, allocated and unreachable
        // (LeakSanitizer: FcConfigCreate, about 2 KB, more with --font-file). Giving the font map
        // no configuration makes Pango drop its reference now, on every version; Pango's own
        // match and sort threads hold references of their own. Proof:
        // Tools/sanitize/pango-app-font.c.
        pango_fc_font_map_set_config(fontMap, nil)
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        FcConfigDestroy(config)
    }

    /// The project's configuration, plus a cache folder of its own (`cacheFolder`), so fontconfig
    /// never prints "No writable cache directories" (it does so whenever it has none it can write).
    static func configurationText(including configuration: URL) -> String {
        var text = "<?xml version=\"1.0\"?><fontconfig><include ignore_missing=\"no\">\(xmlEscaped(configuration.path))</include>"
        if let cache = cacheFolder { text += "<cachedir>\(xmlEscaped(cache))</cachedir>" }
        return text + "</fontconfig>"
    }

    /// The private font cache: `$XDG_CACHE_HOME/breakdown-fontconfig` (else
    /// `~/.cache/breakdown-fontconfig`); when that cannot be made or written (no home, a
    /// read-only one), `$TMPDIR/breakdown-fontconfig-UID` (else under /tmp), made private (0700)
    /// and used only when it is this user's own folder. Nil when neither works.
    static let cacheFolder: String? = {
        let environment = ProcessInfo.processInfo.environment
        var bases: [String] = []
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            bases.append(xdg)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            bases.append(home + "/.cache")
        }
        for base in bases {
            let folder = base + "/breakdown-fontconfig"
            _ = mkdir(base, 0o755)
            _ = mkdir(folder, 0o755)
            var info = stat()
            if lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, access(folder, W_OK | X_OK) == 0 { return folder }
        }
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        let folder = temporary + "/breakdown-fontconfig-\(geteuid())"
        _ = mkdir(folder, 0o700)
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(),
            info.st_mode & 0o022 == 0, access(folder, W_OK | X_OK) == 0
        else { return nil }
        return folder
    }()

    private static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The family name as the library spells it, or nil when no such family is available.
    package func family(named name: String) -> String? {
        families.first { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The file of the family's regular face (style `Regular`, else the first face found), for
    /// what Pango does not give: the font's bounding box (`FontBoundingBox`).
    package func file(ofFamily family: String) -> String? {
        var first: String?
        for face in Self.faces(config) where face.families.contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame }) {
            guard let file = face.file else { continue }
            if face.style == "Regular" { return file }
            if first == nil { first = file }
        }
        return first
    }

    /// Each font face of the configuration's application and system sets (in that order): its
    /// family names, style and file, as fontconfig's patterns give them.
    private static func faces(_ config: OpaquePointer) -> [(families: [String], style: String?, file: String?)] {
        var faces: [(families: [String], style: String?, file: String?)] = []
        for setName in [FcSetApplication, FcSetSystem] {
            guard let set = FcConfigGetFonts(config, setName) else { continue }
            for index in 0..<Int(set.pointee.nfont) {
                guard let pattern = set.pointee.fonts[index] else { continue }
                func string(_ property: String, _ position: Int32 = 0) -> String? {
                    var value: UnsafeMutablePointer<FcChar8>?
                    guard FcPatternGetString(pattern, property, position, &value) == FcResultMatch, let value else { return nil }
                    return String(cString: value)
                }
                var families: [String] = []
                while let name = string(FC_FAMILY, Int32(families.count)) { families.append(name) }
                faces.append((families, string(FC_STYLE), string(FC_FILE)))
            }
        }
        return faces
    }

    private static func listFamilies(_ fontMap: OpaquePointer) -> [String] {
        var list: UnsafeMutablePointer<OpaquePointer?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &list, &count)
        defer { g_free(list) }
        var names: [String] = []
        for index in 0..<Int(count) {
            if let family = list?[index], let name = pango_font_family_get_name(family) {
                names.append(String(cString: name))
            }
        }
        return Array(Set(names)).sorted()
    }
}
