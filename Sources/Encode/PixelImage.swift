/// An image as plain pixels: 8-bit RGBA with straight (not premultiplied) alpha, row-major,
/// four bytes a pixel, rows packed without padding.
///
/// The value type the encoder can write and the diff target decodes into and compares.
public struct PixelImage: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha for each pixel, top row first.
    public private(set) var rgba: [UInt8]

    /// An image over the given bytes. `rgba.count` must be `width * height * 4`.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0, "PixelImage size must not be negative: \(width)×\(height)")
        precondition(
            rgba.count == width * height * 4,
            "PixelImage \(width)×\(height) needs \(width * height * 4) RGBA bytes, got \(rgba.count)")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// An image with every pixel set to `pixel` (transparent black by default).
    public init(width: Int, height: Int, filledWith pixel: SIMD4<UInt8> = .zero) {
        precondition(width >= 0 && height >= 0, "PixelImage size must not be negative: \(width)×\(height)")
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        if pixel != .zero {
            for offset in stride(from: 0, to: bytes.count, by: 4) {
                bytes[offset] = pixel[0]
                bytes[offset + 1] = pixel[1]
                bytes[offset + 2] = pixel[2]
                bytes[offset + 3] = pixel[3]
            }
        }
        self.init(width: width, height: height, rgba: bytes)
    }

    /// The pixel at column `x`, row `y`, as (red, green, blue, alpha).
    public subscript(x: Int, y: Int) -> SIMD4<UInt8> {
        get {
            let offset = byteOffset(x: x, y: y)
            return SIMD4(rgba[offset], rgba[offset + 1], rgba[offset + 2], rgba[offset + 3])
        }
        set {
            let offset = byteOffset(x: x, y: y)
            rgba[offset] = newValue[0]
            rgba[offset + 1] = newValue[1]
            rgba[offset + 2] = newValue[2]
            rgba[offset + 3] = newValue[3]
        }
    }

    /// The size only: the pixels are far too many to print.
    public var description: String { "PixelImage(\(width)×\(height))" }

    private func byteOffset(x: Int, y: Int) -> Int {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
        return (y * width + x) * 4
    }
}
