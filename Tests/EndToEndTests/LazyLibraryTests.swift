@testable import BreakdownPaint
@testable import BreakdownServer
import BreakdownSharedLibrary
import Foundation
import Testing
import BreakdownTestSupport

/// poppler-glib, libmicrohttpd and libcrypto are opened with dlopen when first needed, not
/// linked: the names opened are the libraries' SONAMEs (read from the `-dev` packages' links, so a
/// new version of a library fails here, not on a user's machine), the binary does not link them,
/// a command that does not need them runs without them, and one that does fails with one line
/// naming the library, what needs it and the package to install.
@Suite struct LazyLibraryTests {
    /// Each library as the code opens it, and the unversioned link its `-dev` package installs.
    static let libraries: [(need: SharedLibrary.Need, developmentLink: String)] = [
        (Poppler.library, "libpoppler-glib.so"), (MicroHTTPD.library, "libmicrohttpd.so"), (LibCrypto.library, "libcrypto.so"),
    ]

    /// The path the C compiler links `name` from (`cc -print-file-name`), nil when it has none.
    static func linkerPath(_ name: String) throws -> String? {
        let result = try BinaryRunner.run(command: "/usr/bin/env", ["cc", "-print-file-name=\(name)"])
        let path = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return result.status == 0 && path.hasPrefix("/") ? path : nil
    }

    /// The SONAME in an ELF file's dynamic section, read by `readelf` (binutils).
    static func soname(of path: String) throws -> String? {
        let result = try BinaryRunner.run(command: "/usr/bin/env", ["readelf", "--dynamic", path])
        guard let line = result.stdout.split(separator: "\n").first(where: { $0.contains("(SONAME)") }),
            let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]")
        else { return nil }
        return String(line[line.index(after: open)..<close])
    }

    /// The shared libraries an ELF file names as NEEDED.
    static func needed(by path: String) throws -> [String] {
        let result = try BinaryRunner.run(command: "/usr/bin/env", ["readelf", "--dynamic", path])
        return result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    @Test func theNamesOpenedAreTheSONAMEsOfTheInstalledLibrariesAndTheirPackages() throws {
        for (need, link) in Self.libraries {
            let path = try #require(try Self.linkerPath(link), "no \(link): install its -dev package (make deps)")
            #expect(try Self.soname(of: path) == need.soname, "\(path)")
            // The package the install hint names is the one that holds the library (dpkg's word).
            let library = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(need.soname).resolvingSymlinksInPath().path
            let owner = try BinaryRunner.run(command: "/usr/bin/dpkg", ["-S", library])
            #expect(owner.status == 0, "\(owner.stderr)")
            #expect(owner.stdout.hasPrefix(need.debianPackage + ":"), "\(library): \(owner.stdout)")
        }
    }

    @Test func theBinaryLinksNoneOfThem() throws {
        let executable = try #require(BinaryRunner.executable, "build the breakdown executable first (swift build)")
        let needed = try Self.needed(by: executable.path)
        #expect(needed.contains { $0.hasPrefix("libcairo.so") }, "\(needed)")  // readelf read the binary
        for (need, _) in Self.libraries { #expect(!needed.contains(need.soname), "\(need.soname) in \(needed)") }
    }

    @Test func eachLibraryLoadsWithEveryFunctionItNeeds() throws {
        _ = try Poppler.load()
        _ = try MicroHTTPD.load()
        // A known answer: SHA-256 of "abc" (FIPS 180-2).
        #expect(try LibCrypto.load().sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aLibraryThatIsNotThereIsOneLine() {
        let need = SharedLibrary.Need(soname: "libbreakdown-absent.so.1", neededFor: "the tests (nothing)", debianPackage: "no-such-package")
        let error = #expect(throws: SharedLibrary.LoadError.self) { try SharedLibrary(need) }
        #expect(
            error?.message
                == "cannot load libbreakdown-absent.so.1, needed for the tests (nothing): libbreakdown-absent.so.1: cannot open shared object file: No such file or directory; install no-such-package")
    }

    @Test func aFunctionTheLibraryLacksIsOneLine() throws {
        let library = try SharedLibrary(LibCrypto.library)
        let error = #expect(throws: SharedLibrary.LoadError.self) {
            try library.function("breakdown_no_such_function", as: (@convention(c) () -> Void).self)
        }
        let message = error?.message ?? ""
        #expect(message.hasPrefix("cannot load libcrypto.so.3, needed for breakdown serve (signed URLs and ETags): "), "\(message)")
        #expect(message.contains("undefined symbol: breakdown_no_such_function"), "\(message)")
        #expect(message.hasSuffix("; install libssl3") && !message.contains("\n"), "\(message)")
    }

    /// A folder for LD_LIBRARY_PATH holding broken copies of the three: an empty file (not a
    /// library) as poppler and libcrypto, a real library without libmicrohttpd's functions
    /// (libdeflate) as libmicrohttpd.
    static func brokenLibraries(in folder: URL) throws -> URL {
        let broken = folder.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data().write(to: broken.appendingPathComponent(Poppler.library.soname))
        try Data().write(to: broken.appendingPathComponent(LibCrypto.library.soname))
        let deflate = try #require(try Self.linkerPath("libdeflate.so"))
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: deflate).resolvingSymlinksInPath(), to: broken.appendingPathComponent(MicroHTTPD.library.soname))
        return broken
    }

    @Test func withoutPopplerOnlyPDFArtworkFailsInOneLine() throws {
        let folder = try BatchTestSupport.temporaryFolder("lazy-poppler")
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = try Self.brokenLibraries(in: folder)
        let artwork = folder.appendingPathComponent("brand-assets")
        try FileManager.default.createDirectory(at: artwork, withIntermediateDirectories: true)
        try ServeOfficialArtworkTests.pdf(for: "badge-afterpay-mint-on-black", at: artwork.appendingPathComponent("badge-afterpay-mint-on-black.pdf"))
        let executable = try #require(BinaryRunner.executable).path
        let output = folder.appendingPathComponent("x.png").path
        let render = ["render", "--amount", "100", "-o", output]

        // With the real poppler, the PDF draws.
        #expect(try BinaryRunner.run(render + ["--logo-assets", artwork.path]).status == 0)
        try FileManager.default.removeItem(atPath: output)
        // Without it, what needs no PDF runs as before (the binary starts: nothing it links is missing)…
        let plain = try BinaryRunner.run(command: executable, render, environment: ["LD_LIBRARY_PATH": broken.path])
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        try FileManager.default.removeItem(atPath: output)
        // …and the PDF is one line: the image and file, then poppler's reason; exit 1, a failure of
        // the machine, not of the input (unreadable artwork is exit 2).
        let pdf = try BinaryRunner.run(command: executable, render + ["--logo-assets", artwork.path], environment: ["LD_LIBRARY_PATH": broken.path])
        #expect(pdf.status == 1)
        let lines = pdf.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(pdf.stderr)")
        let line = String(lines.first ?? "")
        #expect(line.hasPrefix("error: cannot draw logo image badge-afterpay-mint-on-black from "), "\(line)")
        #expect(
            line.contains(
                ": cannot load libpoppler-glib.so.8, needed for PDF artwork (--logo-assets with PDFs): \(broken.path)/libpoppler-glib.so.8: file too short; install libpoppler-glib8"),
            "\(line)")
        #expect(line.hasSuffix("; install libpoppler-glib8"), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: output))

        // A batch on such a node: its records fail as the machine's fault, and the batch exits
        // 75 (EX_TEMPFAIL), which a scheduler may retry on another node; 1 would say the
        // manifest is wrong.
        let manifest = folder.appendingPathComponent("m.ndjson")
        try BatchTestSupport.write("{\"amount\": \"100\", \"name\": \"a\"}\n", to: manifest)
        let batch = try BinaryRunner.run(
            command: executable, ["batch", manifest.path, "-o", folder.appendingPathComponent("out").path, "--logo-assets", artwork.path],
            environment: ["LD_LIBRARY_PATH": broken.path])
        #expect(batch.status == 75, "\(batch.stdout)\(batch.stderr)")
        #expect(batch.stdout.hasPrefix("rendered 0, skipped 0, hidden 0, failed 1 (1 fault of the machine (a library missing))"), "\(batch.stdout)")
    }

    @Test func withoutLibmicrohttpdOrLibcryptoServeFailsInOneLine() throws {
        let folder = try BatchTestSupport.temporaryFolder("lazy-serve")
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = try Self.brokenLibraries(in: folder)
        let executable = try #require(BinaryRunner.executable).path
        let serve = ["serve", "--port", "0", "--threads", "1"]
        let withoutKey: [String: String?] = ["BREAKDOWN_KEY": nil, "BREAKDOWN_SALT": nil]

        // Both broken: libcrypto is the first needed, by the signer a key makes, or by the ETags.
        for (arguments, key) in [(["--allow-unsigned"], withoutKey), ([], ["BREAKDOWN_KEY": "00ff", "BREAKDOWN_SALT": "01"])] {
            let result = try BinaryRunner.run(command: executable, serve + arguments, environment: key.merging(["LD_LIBRARY_PATH": broken.path]) { $1 })
            #expect(result.status == 1 && result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(
                result.stderr
                    == "error: cannot load libcrypto.so.3, needed for breakdown serve (signed URLs and ETags): \(broken.path)/libcrypto.so.3: file too short; install libssl3\n",
                "\(arguments)")
        }
        // libcrypto found (the real one), libmicrohttpd without its functions: the first one missing is named.
        try FileManager.default.removeItem(at: broken.appendingPathComponent(LibCrypto.library.soname))
        let result = try BinaryRunner.run(
            command: executable, serve + ["--allow-unsigned"], environment: withoutKey.merging(["LD_LIBRARY_PATH": broken.path]) { $1 })
        #expect(result.status == 1 && result.stdout.isEmpty, "\(result.stdout)")
        #expect(
            result.stderr
                == "error: cannot load libmicrohttpd.so.12, needed for breakdown serve (the HTTP server): \(broken.path)/libmicrohttpd.so.12: undefined symbol: MHD_start_daemon; install libmicrohttpd12\n")
    }
}
