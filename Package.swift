// swift-tools-version:6.0
// breakdown: renders the Afterpay price breakdown as PNG, SVG and PDF on Linux.
// Data flows one way, one target a stage: Content → Layout → Paint → Encode, then the front ends.
import PackageDescription

let package = Package(
    name: "breakdown",
    products: [
        .executable(name: "breakdown", targets: ["breakdown"]),
        .library(name: "Breakdown", targets: ["Breakdown"]),
        .library(name: "BreakdownSnapshotTesting", targets: ["BreakdownSnapshotTesting"]),
    ],
    targets: [
        // C libraries from Debian. Pango/Cairo, librsvg and poppler come with declaration headers of
        // our own (only the API we call, checked against the real headers by
        // Tools/check-c-declarations.py), not through pkg-config: its Cflags for them carry
        // `-pthread`, which SwiftPM refuses ("prohibited flag") in every package depending on this one.
        .systemLibrary(
            name: "CPangoCairo", path: "Sources/CPangoCairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CRsvg", path: "Sources/CRsvg", providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CPoppler", path: "Sources/CPoppler", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(
            name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]),
        // poppler, libmicrohttpd and libcrypto are not linked: they are opened with dlopen when
        // first needed (PDF artwork; `serve` and signed URLs), so that no other process loads them
        // and their 24 dependencies. So no pkg-config for the last two (it would add `-l` flags):
        // their shims include the real headers from /usr/include, the default search path.
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CLibCrypto", path: "Sources/CLibCrypto", providers: [.apt(["libssl-dev"])]),
        // SharedLibrary: a C library opened with dlopen, its functions looked up with dlsym. A target
        // of its own: Paint (poppler) and Server (libmicrohttpd, libcrypto) both need it, and the
        // only modules below both are Content (the pure-Swift content model) and Layout (Pango).
        .target(name: "BreakdownSharedLibrary", path: "Sources/SharedLibrary"),

        // Locking: `Locked`, the project's one lock (a value behind an NSCondition that threads can
        // also wait on). A module of its own: every stage and front end shares it, and it is no
        // part of the content model.
        .target(name: "BreakdownLocking", path: "Sources/Locking"),
        // Content: pure Swift, no C. Configuration, locale, currency, sentence, logo, link.
        .target(name: "BreakdownContent", dependencies: ["BreakdownLocking"], path: "Sources/Content"),
        // Layout: Pango measures the sentence and places the logo and link as inline shapes.
        .target(name: "BreakdownLayout", dependencies: ["BreakdownContent", "CPangoCairo"], path: "Sources/Layout"),
        // Paint: Cairo draws a layout (text, artwork, colours) onto a surface.
        .target(name: "BreakdownPaint", dependencies: ["BreakdownLayout", "BreakdownLocking", "BreakdownSharedLibrary", "CPangoCairo", "CRsvg", "CPoppler", "CDeflate"], path: "Sources/Paint"),
        // Encode: PNG, SVG and PDF bytes, metadata and JSON.
        // The PNG encoder's inner loops in C, with an AVX2 version chosen at run time (issue 36).
        .target(name: "CPNGKernels", path: "Sources/CPNGKernels"),
        .target(name: "BreakdownEncode", dependencies: ["BreakdownPaint", "CPangoCairo", "CDeflate", "CPNGKernels"], path: "Sources/Encode"),
        // Pipeline: BreakdownRenderer runs layout → paint → encode for one thread.
        .target(name: "BreakdownPipeline", dependencies: ["BreakdownEncode", "CPangoCairo"], path: "Sources/Pipeline"),
        // Options: the one option vocabulary (argv, manifest records, query strings) → a render request.
        .target(name: "BreakdownOptions", dependencies: ["BreakdownPipeline"], path: "Sources/Options"),
        // Diff: decode PNGs, compare pixels, draw a difference image. Used by verify and the snapshot library.
        .target(name: "BreakdownDiff", dependencies: ["BreakdownEncode", "CPangoCairo", "CDeflate"], path: "Sources/Diff"),
        // IO: the command line's file helpers the front ends share: the console, the atomic
        // writer, output paths (what may be replaced, folders made, files compared).
        .target(name: "BreakdownIO", dependencies: ["BreakdownOptions"], path: "Sources/IO"),
        // File system calls the Glibc module does not declare (renameat2), in C.
        .target(name: "CFileCalls", path: "Sources/CFileCalls"),
        // Batch: manifests, planning, the work queue, resume, reports.
        .target(name: "BreakdownBatch", dependencies: ["BreakdownOptions", "BreakdownIO", "CFileCalls"], path: "Sources/Batch"),
        // Verify: render a manifest and compare each image with its reference.
        .target(name: "BreakdownVerify", dependencies: ["BreakdownBatch", "BreakdownDiff", "BreakdownIO"], path: "Sources/Verify"),
        // Gallery: every variant and an HTML index.
        .target(name: "BreakdownGallery", dependencies: ["BreakdownBatch", "BreakdownIO"], path: "Sources/Gallery"),
        // Bench: the batch workload beside the naive C baseline.
        .target(name: "BreakdownBench", dependencies: ["BreakdownBatch", "BreakdownIO"], path: "Sources/Bench"),
        // Server: `breakdown serve`, the breakdown over HTTP (libmicrohttpd; HMAC from libcrypto).
        .target(
            name: "BreakdownServer", dependencies: ["BreakdownOptions", "BreakdownIO", "BreakdownSharedLibrary", "CMicroHTTPD", "CLibCrypto"],
            path: "Sources/Server"),
        // Breakdown: the one import for library users.
        .target(name: "Breakdown", dependencies: ["BreakdownOptions"], path: "Sources/Breakdown"),
        // Snapshot testing for XCTest and Swift Testing; builds requests with the shared option vocabulary.
        .target(
            name: "BreakdownSnapshotTesting", dependencies: ["Breakdown", "BreakdownOptions", "BreakdownDiff", "BreakdownPipeline", "BreakdownIO"],
            path: "Sources/SnapshotTesting"),
        // Front end: the command line maps subcommands to the libraries above.
        .target(
            name: "BreakdownCLI",
            dependencies: [
                "BreakdownOptions", "BreakdownIO", "BreakdownBatch", "BreakdownVerify", "BreakdownGallery", "BreakdownBench", "BreakdownServer",
            ],
            path: "Sources/CLI"),
        // A release build links the Swift runtime and Foundation into the binary, as `make install`
        // does (`--static-swift-stdlib`): each process starts without the dynamic linker binding
        // 15,000 symbols across 14 Swift libraries, and calls into the runtime (retain, release)
        // are direct (0.94× the CPU of a 2,000-record batch). So `.build/release/breakdown`, what
        // `bench` times, is the binary users install. Only the link changes (the modules were
        // compiled against the shared Foundation, whose libraries name fewer of their own: the
        // four static ones below are named here); only this executable target carries the flags,
        // so a package depending on the libraries never builds it.
        .executableTarget(
            name: "breakdown", dependencies: ["BreakdownCLI"], path: "Sources/breakdown",
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-lCoreFoundation", "-l_FoundationCollections", "-l_FoundationCShims", "-l_FoundationICU"],
                    .when(configuration: .release))
            ]),
        // Fuzz harnesses: built with libFuzzer and ASan by Tools/fuzz-harnesses.sh (`make fuzz`); a plain
        // build is a replayer of saved inputs (`breakdown-fuzz HARNESS FILE…`) for the regression tests.
        .executableTarget(
            name: "breakdown-fuzz", dependencies: ["BreakdownBatch", "BreakdownServer", "BreakdownDiff", "BreakdownPaint", "CDeflate"],
            path: "Fuzz/Harnesses"),

        // What the test targets share (not a product; built by `swift build -c release` too, so
        // public API only, no `@testable import`): reading a child process's output safely,
        // running the built binary (`BinaryRunner`), a server on a socket (`ServerProcess`),
        // scratch folders and manifests (`BatchTestSupport`), the file system's clock.
        .target(name: "BreakdownTestSupport", path: "Tests/Support"),
        // What CLITests and EndToEndTests share that needs `@testable import`: the command line
        // and the HTTP service run in the test process (`InProcessCLI`, `InProcessService`), the
        // batch journal read as its format says (`BatchProcess`). A test target with no tests, so
        // only test builds compile it; its users `@testable import CLITestSupport`.
        .testTarget(name: "CLITestSupport", dependencies: ["BreakdownCLI", "BreakdownTestSupport"], path: "Tests/CLITestSupport"),
        .testTarget(name: "ContentTests", dependencies: ["BreakdownContent", "BreakdownLocking", "BreakdownTestSupport"], path: "Tests/ContentTests"),
        // What RenderTests and EndToEndTests share of the drawing stages' test helpers (breakdowns
        // made by hand, PNG test images and surfaces); its users `@testable import RenderTestSupport`.
        .testTarget(
            name: "RenderTestSupport", dependencies: ["BreakdownPipeline", "BreakdownDiff", "BreakdownTestSupport"],
            path: "Tests/RenderTestSupport"),
        .testTarget(
            name: "RenderTests", dependencies: ["BreakdownPipeline", "BreakdownDiff", "BreakdownTestSupport", "RenderTestSupport"],
            path: "Tests/RenderTests"),
        // In-process tests of the command line, batch, verify, gallery and the HTTP service: no
        // child process, no socket (the command line through `InProcessCLI`, the service through
        // `InProcessService`). A test that needs a process goes to EndToEndTests.
        .testTarget(
            name: "CLITests", dependencies: ["BreakdownCLI", "Breakdown", "BreakdownTestSupport", "CLITestSupport"], path: "Tests/CLITests"),
        // End-to-end tests: each needs a process, so each starts one — the built binary (exit
        // statuses, signals, crashes, descriptors, memory and address-space limits, a batch killed
        // or run twice at once), a server on a socket (floods, slow clients, the wire's bytes),
        // Slurm, Chromium, Schemathesis, the sanitizers and fuzz harnesses, compilers (the C
        // declarations, a README example package), external checkers (pngcheck, pdfinfo,
        // rsvg-convert, nm). What the test process can check by calling the code (options, plans,
        // reports, journals, what the service answers a request) belongs in CLITests, RenderTests
        // or ContentTests, not here; a suite with a few process tests keeps the rest there and
        // has its process tests here as `<Suite>EndToEndTests`.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "BreakdownCLI", "Breakdown", "BreakdownPipeline", "BreakdownDiff", "BreakdownTestSupport", "CLITestSupport", "RenderTestSupport",
                "BreakdownSnapshotTesting", "SnapshotTestSupport",
            ],
            path: "Tests/EndToEndTests"),
        // The snapshot tests' throwaway folder (`SnapshotSandbox`), for SnapshotTests and EndToEndTests.
        .testTarget(name: "SnapshotTestSupport", dependencies: ["BreakdownSnapshotTesting"], path: "Tests/SnapshotTestSupport"),
        .testTarget(
            name: "SnapshotTests",
            dependencies: [
                "BreakdownSnapshotTesting", "BreakdownDiff", "BreakdownEncode", "BreakdownOptions", "BreakdownPipeline", "BreakdownTestSupport",
                "SnapshotTestSupport",
            ],
            path: "Tests/SnapshotTests",
            exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
