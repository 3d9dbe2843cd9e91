// swift-tools-version:6.0
// breakdown: renders the Afterpay price breakdown as PNG, SVG and PDF on Linux.
// Data flows one way, one target a stage: Content → Layout → Paint → Encode, then the front ends.
import PackageDescription

let package = Package(
    name: "breakdown",
    products: [
        .executable(name: "breakdown", targets: ["breakdown"]),
        .library(name: "BreakdownContent", targets: ["BreakdownContent"]),
        .library(name: "BreakdownRendering", targets: ["BreakdownEncode"]),
        .library(name: "BreakdownSnapshotTesting", targets: ["BreakdownSnapshotTesting"]),
    ],
    targets: [
        // C libraries from Debian, through pkg-config.
        .systemLibrary(
            name: "CPangoCairo", path: "Sources/CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "libfontconfig-dev"])]),
        .systemLibrary(
            name: "CRsvg", path: "Sources/CRsvg", pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(
            name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]),

        // Content: pure Swift, no C. Configuration, locale, currency, sentence, logo, link.
        .target(name: "BreakdownContent", path: "Sources/Content"),
        // Layout: Pango measures the sentence and places the logo and link as inline shapes.
        .target(name: "BreakdownLayout", dependencies: ["BreakdownContent", "CPangoCairo"], path: "Sources/Layout"),
        // Paint: Cairo draws a layout (text, artwork, colours) onto a surface.
        .target(name: "BreakdownPaint", dependencies: ["BreakdownLayout", "CPangoCairo", "CRsvg"], path: "Sources/Paint"),
        // Encode: PNG, SVG and PDF bytes, plus metadata.
        .target(name: "BreakdownEncode", dependencies: ["BreakdownPaint", "CPangoCairo", "CDeflate"], path: "Sources/Encode"),
        // Diff: decode PNGs, compare pixels, draw a difference image. Used by verify and the snapshot library.
        .target(name: "BreakdownDiff", dependencies: ["BreakdownEncode", "CPangoCairo"], path: "Sources/Diff"),
        // Snapshot testing for XCTest and Swift Testing; builds requests with the CLI's parser (BreakdownCLI).
        .target(
            name: "BreakdownSnapshotTesting", dependencies: ["BreakdownCLI", "BreakdownDiff", "BreakdownEncode"], path: "Sources/SnapshotTesting"),
        // Front end: the command line, over the same pipeline.
        .target(name: "BreakdownCLI", dependencies: ["BreakdownContent", "BreakdownEncode", "BreakdownDiff"], path: "Sources/CLI"),
        .executableTarget(name: "breakdown", dependencies: ["BreakdownCLI"], path: "Sources/breakdown"),

        .testTarget(name: "ContentTests", dependencies: ["BreakdownContent"], path: "Tests/ContentTests"),
        .testTarget(name: "RenderTests", dependencies: ["BreakdownEncode", "BreakdownDiff"], path: "Tests/RenderTests"),
        .testTarget(name: "CLITests", dependencies: ["BreakdownCLI"], path: "Tests/CLITests"),
        .testTarget(
            name: "SnapshotTests", dependencies: ["BreakdownSnapshotTesting"], path: "Tests/SnapshotTests",
            exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
