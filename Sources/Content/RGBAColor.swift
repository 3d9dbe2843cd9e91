/// An sRGB colour with straight (not premultiplied) alpha, each channel 0...255.
public struct RGBAColor: Sendable, Hashable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (case-insensitive). Returns nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16)
        else { return nil }
        let full = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(
            red: UInt8(full >> 24), green: UInt8((full >> 16) & 0xFF),
            blue: UInt8((full >> 8) & 0xFF), alpha: UInt8(full & 0xFF))
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var description: String {
        let rgb = [red, green, blue].map(Self.hexByte).joined()
        return alpha == 255 ? "#\(rgb)" : "#\(rgb)\(Self.hexByte(alpha))"
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// Channels as 0...1 fractions, for drawing.
    public var fractions: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }

    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    /// Bondi Mint, #B2FCE4.
    public static let bondiMint = RGBAColor(red: 0xB2, green: 0xFC, blue: 0xE4)
    /// Cash App green, #00D64F.
    public static let cashAppGreen = RGBAColor(red: 0x00, green: 0xD6, blue: 0x4F)
}
