/// Why the PNG encoder could not write an image.
public enum PNGEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Width or height is zero, negative or larger than PNG allows (2³¹ − 1).
    case invalidSize(width: Int, height: Int)
    /// The row stride is shorter than a row of pixels.
    case invalidStride(stride: Int, width: Int)
    /// libdeflate has no compressor for this level (it supports 0 through 12), or none could be allocated.
    case compressorUnavailable(level: Int)
    /// libdeflate could not compress the image data into the space it said would be enough.
    case compressionFailed

    /// The one-line message.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            return "cannot encode a \(width)×\(height) PNG: width and height must be 1 through 2147483647"
        case .invalidStride(let stride, let width):
            return "cannot encode PNG: row stride \(stride) is shorter than \(width) pixels × 4 bytes"
        case .compressorUnavailable(let level):
            return "cannot encode PNG: no libdeflate compressor for level \(level) (levels are 0 through 12)"
        case .compressionFailed:
            return "cannot encode PNG: libdeflate failed to compress the image data"
        }
    }
}
