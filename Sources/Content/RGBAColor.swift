/// An sRGB colour with straight (not premultiplied) alpha, stored as one byte (0...255) a channel.
/// Make one from `#RRGGBB` / `#RRGGBBAA` with `try init(hex:)`, from fractions 0...1 with
/// `init(red:green:blue:alpha:)`, or from bytes with `init(red8:green8:blue8:alpha8:)`.
public struct RGBAColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The red channel, 0...255.
    public var red: UInt8
    /// The green channel, 0...255.
    public var green: UInt8
    /// The blue channel, 0...255.
    public var blue: UInt8
    /// The opacity, 0 (transparent) ... 255 (opaque).
    public var alpha: UInt8

    /// A colour from channel fractions, each 0...1 (values outside are clamped), rounded to the
    /// nearest byte: `RGBAColor(red: 1, green: 0.5, blue: 0)` is `#FF8000`.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func byte(_ fraction: Double) -> UInt8 {
            guard fraction.isFinite else { return fraction > 0 ? 255 : 0 }
            return UInt8((min(max(fraction, 0), 1) * 255).rounded())
        }
        self.init(red8: byte(red), green8: byte(green), blue8: byte(blue), alpha8: byte(alpha))
    }

    /// A colour from channel bytes, each 0...255: `RGBAColor(red8: 255, green8: 128, blue8: 0)`.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.red = red8
        self.green = green8
        self.blue = blue8
        self.alpha = alpha8
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (case-insensitive), as `--background` and `--text-color` do.
    /// - Throws: `ColorError` for anything else, `000000` (no `#`) included: never a quiet nil
    ///   that a `background:` would take for transparent.
    public init(hex: String) throws(ColorError) {
        guard hex.hasPrefix("#") else { throw ColorError(text: hex) }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16)
        else { throw ColorError(text: hex) }
        let full = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(
            red8: UInt8(full >> 24), green8: UInt8((full >> 16) & 0xFF),
            blue8: UInt8((full >> 8) & 0xFF), alpha8: UInt8(full & 0xFF))
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var description: String {
        var text: [UInt8] = [UInt8(ascii: "#")]
        text.reserveCapacity(9)
        for byte in alpha == 255 ? [red, green, blue] : [red, green, blue, alpha] {
            text.append(Self.hexDigits[Int(byte >> 4)])
            text.append(Self.hexDigits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Channels as 0...1 fractions, for drawing.
    public var fractions: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }

    /// Opaque black, #000000.
    public static let black = RGBAColor(red8: 0, green8: 0, blue8: 0)
    /// Opaque white, #FFFFFF.
    public static let white = RGBAColor(red8: 255, green8: 255, blue8: 255)
    /// Bondi Mint, #B2FCE4.
    public static let bondiMint = RGBAColor(red8: 0xB2, green8: 0xFC, blue8: 0xE4)
    /// Cash App green, #00D633: the green of the SDK's own Cash App Afterpay lockup SVGs (#00D64F is
    /// the payment buttons' green).
    public static let cashAppGreen = RGBAColor(red8: 0x00, green8: 0xD6, blue8: 0x33)
}

/// Text that is not a colour `#RRGGBB` or `#RRGGBBAA`.
public struct ColorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text as given.
    public var text: String

    /// The error for `text`.
    public init(text: String) {
        self.text = text
    }

    /// The one-line message, quoting the text.
    public var message: String {
        "\(QuotedValue.quoted(text)) is not a colour: use #RRGGBB or #RRGGBBAA, e.g. #000000 for opaque black"
    }

    /// The one-line message.
    public var description: String { message }
}
