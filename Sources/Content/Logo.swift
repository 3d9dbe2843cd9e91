/// `logoType`: which logo follows the text.
public enum LogoType: String, Sendable, CaseIterable, Codable {
    /// The badge: the wordmark on a pill, 1.8× the font height.
    case badge
    /// The wordmark alone.
    case lockup
    /// The smaller badge.
    case compactBadge

    /// Logo height = font height × this.
    public var heightMultiplier: Double { self == .badge ? 1.8 : 1.0 }
    /// The logo's bottom edge moves by the font's descender × this.
    public var descenderMultiplier: Double { self == .badge ? 1.0 : 1.2 }
}

/// A logo palette (`ColorPalette`).
public enum ColorPalette: String, Sendable, CaseIterable, Codable {
    /// The brand's own colours.
    case `default`
    /// The alternative colours.
    case alt
    /// Dark, one colour.
    case darkMono
    /// Light, one colour.
    case lightMono
}

/// `.static(palette)` or `.dynamic(lightPalette:darkPalette:)`.
public enum LogoColorScheme: Sendable, Hashable, Codable {
    /// The same palette in both appearances.
    case `static`(ColorPalette)
    /// One palette in light appearance, another in dark.
    case dynamic(lightPalette: ColorPalette, darkPalette: ColorPalette)

    /// The palette used in `appearance`.
    public func palette(for appearance: Appearance) -> ColorPalette {
        switch self {
        case .static(let palette): palette
        case .dynamic(let light, let dark): appearance == .light ? light : dark
        }
    }
}

/// The colours one mark is drawn in. `ground` is the badge's pill or the Cash App square;
/// nil where the mark has a transparent ground. `accent` is the `$` inside the Cash App square,
/// nil where it is cut out (the mono palettes).
public struct LogoColors: Sendable, Hashable {
    /// The badge's pill or the Cash App square; nil for a transparent ground.
    public var ground: RGBAColor?
    /// The wordmark.
    public var mark: RGBAColor
    /// The `$` inside the Cash App square; nil where it is cut out.
    public var accent: RGBAColor?

    /// Colours for one mark.
    public init(ground: RGBAColor?, mark: RGBAColor, accent: RGBAColor? = nil) {
        self.ground = ground
        self.mark = mark
        self.accent = accent
    }
}

/// The logo actually drawn: which artwork, its size rule and its colours.
/// In the US the mark is always the Cash App Afterpay lockup; `logoType` then only sets its size.
public struct LogoChoice: Sendable, Hashable {
    /// The mark drawn: `.badge`, `.lockup` or `.compactBadge`.
    public package(set) var kind: LogoType
    /// The brand whose mark is drawn.
    public package(set) var brand: Brand
    /// The palette the mark is drawn in, resolved for the appearance.
    public package(set) var palette: ColorPalette
    /// From the requested `logoType` (so a US `.badge` gives a 1.8× lockup).
    public package(set) var heightMultiplier: Double
    /// How far below the baseline the mark reaches, in the font's descenders.
    public package(set) var descenderMultiplier: Double

    package init(kind: LogoType, brand: Brand, palette: ColorPalette, heightMultiplier: Double, descenderMultiplier: Double) {
        self.kind = kind
        self.brand = brand
        self.palette = palette
        self.heightMultiplier = heightMultiplier
        self.descenderMultiplier = descenderMultiplier
    }

    /// The artwork file stem in `LogoAssets/`, e.g. `badge-afterpay`, `lockup-cashappafterpay`.
    public var artworkName: String {
        switch kind {
        case .badge: "badge-\(brand.fileStem)"
        case .lockup: "lockup-\(brand.fileStem)"
        case .compactBadge: "compact-badge-\(brand.fileStem)"
        }
    }

    /// The real artwork's width : height, as (width, height).
    public var aspect: (width: Double, height: Double) {
        switch (kind, brand) {
        case (.badge, .clearpay): (1215, 413.25)
        case (.badge, _): (1186.5, 413.25)
        case (.lockup, .clearpay): (891, 167.25)
        case (.lockup, .cashAppAfterpay): (98, 24)
        case (.lockup, _): (864, 168)
        case (.compactBadge, _): (75, 15.75)
        }
    }

    /// The colours of this mark in this palette.
    public var colors: LogoColors {
        if brand == .cashAppAfterpay {
            switch palette {
            case .default: return LogoColors(ground: .cashAppGreen, mark: .black, accent: .white)
            case .alt: return LogoColors(ground: .cashAppGreen, mark: .white, accent: .white)
            // In the mono palettes the "$" is cut out of the square: the background shows through.
            case .darkMono: return LogoColors(ground: .black, mark: .black, accent: nil)
            case .lightMono: return LogoColors(ground: .white, mark: .white, accent: nil)
            }
        }
        let ground: RGBAColor
        let mark: RGBAColor
        switch palette {
        case .default: (ground, mark) = (.black, .bondiMint)
        case .alt: (ground, mark) = (.bondiMint, .black)
        case .darkMono: (ground, mark) = (.black, .white)
        case .lightMono: (ground, mark) = (.white, .black)
        }
        // The lockup has a transparent ground: only the mark colour is drawn.
        return LogoColors(ground: kind == .lockup ? nil : ground, mark: mark)
    }
}

/// Where the logo stands in the sentence: after it (in range) or before it (outside limits).
public enum LogoPlacement: String, Sendable, Codable {
    /// Before the sentence (outside the limits).
    case start
    /// After the sentence (in range).
    case end
}
