/// Why a PNG could not be decoded. Its description is one line naming the file (or data).
public struct PNGDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the PNG could not be decoded.
    public enum Reason: Sendable, Equatable {
        /// The file could not be read; the system's explanation.
        case unreadable(String)
        /// The file or data has no bytes.
        case empty
        /// The bytes do not start with the PNG signature.
        case notPNG
        /// The bytes are a Git LFS pointer (a checkout that has not fetched the file), not a PNG.
        case gitLFSPointer
        /// The PNG ends before its image is complete; how many bytes there were.
        case truncated(byteCount: Int)
        /// The PNG is damaged or unsupported; Cairo's (libpng's) explanation.
        case corrupt(String)
        /// A chunk is damaged (its CRC does not match its bytes) or cut short; where and how.
        case damaged(String)
        /// The PNG's header claims more pixels than `PNGDecoder` decodes.
        case tooLarge(width: Int, height: Int)
    }

    /// The path of the file, or the name given for PNG data.
    public let source: String
    /// Why decoding failed.
    public let reason: Reason

    /// An error for the PNG from `source` (a path or a label).
    public init(source: String, reason: Reason) {
        self.source = source
        self.reason = reason
    }

    /// What a Git LFS pointer is said to be, and what to do (never to record it again, which
    /// would replace the real reference with whatever is drawn now).
    public static let gitLFSPointerWords =
        "it is a Git LFS pointer, not the PNG: this checkout has not fetched the file (run git lfs pull, or check out with LFS in CI); do not record it again"

    /// The one-line message.
    public var description: String {
        switch reason {
        case .unreadable(let why): return "cannot read PNG file \(source): \(why)"
        case .empty: return "cannot decode \(source): it is empty, not a PNG"
        case .notPNG: return "cannot decode \(source): not a PNG (no PNG signature)"
        case .gitLFSPointer: return "cannot decode \(source): \(Self.gitLFSPointerWords)"
        case .truncated(let byteCount): return "cannot decode \(source): PNG is truncated (ends after \(byteCount) bytes)"
        case .corrupt(let why): return "cannot decode \(source): PNG is corrupt (\(why))"
        case .damaged(let what): return "cannot decode \(source): \(what)"
        case .tooLarge(let width, let height):
            return "cannot decode \(source): its header says \(width) × \(height) px, over the decoding limit of \(PNGDecoder.maximumPixels) px"
        }
    }
}
