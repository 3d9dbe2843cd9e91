#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How different two pixels look: CIEDE2000 colour difference (ΔE₀₀) in CIELAB.
///
/// Pixels have straight alpha, and a difference in coverage matters as much as one in colour, so
/// each pixel is composited over white and over black (the grounds a breakdown sits on) and the
/// larger of the two differences counts. ΔE about 1 is the smallest difference most people see
/// side by side; antialiasing that moves with a FreeType or Cairo version is usually below 2–5 on
/// edge pixels, while a wrong colour or a moved glyph is far above.
public enum ColorDifference {
    /// sRGB (D65) to CIELAB, channels 0...255.
    public static func lab(red: Double, green: Double, blue: Double) -> (l: Double, a: Double, b: Double) {
        func linear(_ channel: Double) -> Double {
            let c = channel / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let r = linear(red), g = linear(green), b = linear(blue)
        // sRGB primaries to XYZ, normalised by the D65 white point.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// CIEDE2000 between two CIELAB colours (kL = kC = kH = 1).
    public static func ciede2000(_ first: (l: Double, a: Double, b: Double), _ second: (l: Double, a: Double, b: Double)) -> Double {
        let c1 = (first.a * first.a + first.b * first.b).squareRoot()
        let c2 = (second.a * second.a + second.b * second.b).squareRoot()
        let meanC = (c1 + c2) / 2
        let meanC7 = pow(meanC, 7)
        let g = 0.5 * (1 - (meanC7 / (meanC7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * first.a, a2 = (1 + g) * second.a
        let c1p = (a1 * a1 + first.b * first.b).squareRoot(), c2p = (a2 * a2 + second.b * second.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let angle = atan2(b, a) * 180 / .pi
            return angle < 0 ? angle + 360 : angle
        }
        let h1 = hue(first.b, a1), h2 = hue(second.b, a2)
        let deltaL = second.l - first.l
        let deltaC = c2p - c1p
        var deltaH = 0.0
        if c1p * c2p != 0 {
            deltaH = h2 - h1
            if deltaH > 180 { deltaH -= 360 } else if deltaH < -180 { deltaH += 360 }
        }
        let deltaBigH = 2 * (c1p * c2p).squareRoot() * sin(deltaH / 2 * .pi / 180)
        let meanL = (first.l + second.l) / 2
        let meanCp = (c1p + c2p) / 2
        var meanH = h1 + h2
        if c1p * c2p != 0 {
            if abs(h1 - h2) <= 180 {
                meanH = (h1 + h2) / 2
            } else {
                meanH = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2
            }
        }
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let t = 1 - 0.17 * cos(radians(meanH - 30)) + 0.24 * cos(radians(2 * meanH)) + 0.32 * cos(radians(3 * meanH + 6))
            - 0.20 * cos(radians(4 * meanH - 63))
        let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let meanCp7 = pow(meanCp, 7)
        let rc = 2 * (meanCp7 / (meanCp7 + pow(25, 7))).squareRoot()
        let sl = 1 + 0.015 * pow(meanL - 50, 2) / (20 + pow(meanL - 50, 2)).squareRoot()
        let sc = 1 + 0.045 * meanCp
        let sh = 1 + 0.015 * meanCp * t
        let rt = -sin(radians(2 * deltaTheta)) * rc
        let l = deltaL / sl, c = deltaC / sc, h = deltaBigH / sh
        return (l * l + c * c + h * h + rt * c * h).squareRoot()
    }

    /// ΔE₀₀ between two straight-alpha RGBA pixels: the larger over white and over black.
    public static func deltaE(_ first: SIMD4<UInt8>, _ second: SIMD4<UInt8>) -> Double {
        if first == second { return 0 }
        func over(_ pixel: SIMD4<UInt8>, ground: Double) -> (l: Double, a: Double, b: Double) {
            let alpha = Double(pixel[3]) / 255
            func channel(_ value: UInt8) -> Double { Double(value) * alpha + ground * (1 - alpha) }
            return lab(red: channel(pixel[0]), green: channel(pixel[1]), blue: channel(pixel[2]))
        }
        return max(
            ciede2000(over(first, ground: 255), over(second, ground: 255)),
            ciede2000(over(first, ground: 0), over(second, ground: 0)))
    }
}
