import Foundation

/// WCAG 2 contrast: the relative luminance of sRGB colours and the ratio between two of them
/// (1:1 for the same colour, 21:1 for black on white). Translucent colours are first laid over
/// what is behind them.
public enum ContrastRatio {
    /// The smallest ratio that does not warn: WCAG's figure for large text and graphics.
    public static let minimum = 3.0

    /// WCAG relative luminance of an opaque colour (its alpha is ignored): 0 for black, 1 for white.
    public static func relativeLuminance(_ color: RGBAColor) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// (lighter + 0.05) / (darker + 0.05) of two opaque colours, from 1 to 21.
    public static func ratio(_ a: RGBAColor, _ b: RGBAColor) -> Double {
        let la = relativeLuminance(a), lb = relativeLuminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}

extension RGBAColor {
    /// This colour laid over an opaque `background` (source-over, straight alpha), rounded to whole channels.
    public func over(_ background: RGBAColor) -> RGBAColor {
        let a = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 { UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded()) }
        return RGBAColor(red8: mix(red, background.red), green8: mix(green, background.green), blue8: mix(blue, background.blue))
    }
}

extension Appearance {
    /// The page behind a transparent image: white in light appearance, black in dark
    /// (`systemBackground`).
    public var pageColor: RGBAColor { self == .light ? .white : .black }
}
