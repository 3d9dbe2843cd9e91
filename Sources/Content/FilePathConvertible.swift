import Foundation

/// A file or folder as the library takes it: a path (`"Fonts/Brand.ttf"`) or a file `URL`, alike.
public protocol FilePathConvertible: Sendable {
    /// The path in the file system, e.g. `/work/LogoAssets`.
    var breakdownFilePath: String { get }
}

extension String: FilePathConvertible {
    /// The string itself, a path relative to the working directory or absolute.
    public var breakdownFilePath: String { self }
}

extension URL: FilePathConvertible {
    /// The file URL's path.
    public var breakdownFilePath: String { path }
}
