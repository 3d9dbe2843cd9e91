extension ColorPalette {
    /// The badge slug of the SDK's image names: default → `mint-on-black`, alt → `black-on-mint`,
    /// darkMono → `white-on-black`, lightMono → `black-on-white`.
    public var badgeSlug: String {
        switch self {
        case .default: "mint-on-black"
        case .alt: "black-on-mint"
        case .darkMono: "white-on-black"
        case .lightMono: "black-on-white"
        }
    }

    /// The lockup's colour in the SDK's image names (the palette's mark colour): default → `mint`,
    /// alt → `black`, darkMono → `white`, lightMono → `black`.
    public var lockupColorName: String {
        switch self {
        case .default: "mint"
        case .alt, .lightMono: "black"
        case .darkMono: "white"
        }
    }

    /// The Cash App Afterpay lockup's variant in the SDK's image names.
    public var cashAppVariant: String {
        switch self {
        case .default: "preferred"
        case .alt: "alt"
        case .darkMono: "darkMono"
        case .lightMono: "lightMono"
        }
    }
}

extension LogoChoice {
    /// The SDK's image name for this mark in this palette, as its asset catalog names it, e.g.
    /// `badge-afterpay-mint-on-black`, `lockup-clearpay-white`, `lockup-cashappafterpay-preferred`.
    /// Official artwork has one file per name, drawn as it is (no recolouring).
    public var imageName: String {
        switch (kind, brand) {
        case (_, .cashAppAfterpay): "lockup-cashappafterpay-\(palette.cashAppVariant)"
        case (.badge, _): "badge-\(brand.fileStem)-\(palette.badgeSlug)"
        case (.compactBadge, _): "compact-badge-\(brand.fileStem)-\(palette.badgeSlug)"
        case (.lockup, _): "lockup-\(brand.fileStem)-\(palette.lockupColorName)"
        }
    }

    /// Every image name the view can need, in a fixed order (Afterpay, Clearpay, Cash App Afterpay;
    /// badge, lockup, compact badge; palettes in declaration order), each once.
    public static var allImageNames: [String] {
        var names: [String] = []
        for brand in Brand.allCases {
            for type in LogoType.allCases {
                for palette in ColorPalette.allCases {
                    let name = LogoChoice(brand: brand, logoType: type, colorScheme: .static(palette), appearance: .light).imageName
                    if !names.contains(name) { names.append(name) }
                }
            }
        }
        return names
    }

    /// Every artwork file stem of the project's own look-alike artwork (recoloured by palette).
    public static var allArtworkNames: [String] {
        var names: [String] = []
        for brand in Brand.allCases {
            for type in LogoType.allCases {
                let name = LogoChoice(brand: brand, logoType: type, colorScheme: .static(.default), appearance: .light).artworkName
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }
}
