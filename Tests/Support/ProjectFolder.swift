import Foundation

/// The package's folder (this file is Tests/Support/ProjectFolder.swift), for tests in any
/// target that read its files (LogoAssets, Tools, docs).
public enum ProjectFolder {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
