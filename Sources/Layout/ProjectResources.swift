import Foundation

/// Where the project's own resources live: `Fonts/` (the private fontconfig configuration) and
/// `LogoAssets/` (the artwork, with the Android look-alike drawables in `LogoAssets/android/`).
/// Found from any working directory:
/// 1. the `BREAKDOWN_HOME` environment variable, if set, naming a folder that holds both;
/// 2. `../share/breakdown` from the running executable's folder (`make install`:
///    `PREFIX/bin/breakdown` with `PREFIX/share/breakdown/{Fonts,LogoAssets}`);
/// 3. the folder of the running executable and its parents (a copy beside the binary, or
///    `.build/<config>/breakdown` inside a checkout);
/// 4. the checkout this file was compiled from.
public enum ProjectResources {
    /// The `Fonts/` folder: the private fontconfig configuration and extra font files.
    public static var fontsDirectory: URL { home.appendingPathComponent("Fonts") }
    /// The `LogoAssets/` folder: the logo and icon artwork.
    public static var logoAssetsDirectory: URL { home.appendingPathComponent("LogoAssets") }
    /// `LogoAssets/android/`: the project's own look-alike Android drawables, laid out as the
    /// Android SDK's `res` folder (`drawable/NAME.xml`), so it is read as `--logo-assets RES` is.
    public static var androidLogoAssetsDirectory: URL { logoAssetsDirectory.appendingPathComponent("android") }

    /// The folder holding `Fonts/` and `LogoAssets/`, found once per process.
    public static let home: URL = {
        let fileManager = FileManager.default
        func holdsResources(_ url: URL) -> Bool {
            fileManager.fileExists(atPath: url.appendingPathComponent("Fonts/fonts.conf").path)
                && fileManager.fileExists(atPath: url.appendingPathComponent("LogoAssets").path)
        }
        if let explicit = ProcessInfo.processInfo.environment["BREAKDOWN_HOME"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        var candidate = (Bundle.main.executableURL ?? URL(fileURLWithPath: "/proc/self/exe"))
            .resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = candidate.deletingLastPathComponent().appendingPathComponent("share/breakdown", isDirectory: true)
        if holdsResources(installed) { return installed }
        for _ in 0..<5 {
            if holdsResources(candidate) { return candidate }
            candidate.deleteLastPathComponent()
        }
        // Sources/Layout/ProjectResources.swift → the package root.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }()
}
