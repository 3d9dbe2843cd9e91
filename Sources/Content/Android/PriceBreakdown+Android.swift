/// The Android view as the breakdown every front end draws: the same words, link and colours,
/// with the Android content kept in `android` for layout and paint.
extension PriceBreakdown {
    /// The Android view's breakdown. `logo` is the nearest iOS description of the Android logo
    /// (type, brand, the Android height multiplier); drawing uses `android.logo`.
    /// What layout and painting take of the Android view (its own rules come with the view:
    /// `BreakdownView.android`; this alone lays out as the iOS view would).
    package init(android view: AndroidBreakdown) {
        let logo = LogoChoice(
            kind: view.logo.type, brand: view.brand, palette: .default, heightMultiplier: view.logo.heightMultiplier,
            descenderMultiplier: 0)
        self.init(
            text: view.text, logoPlacement: view.logoPlacement, isHidden: view.isHidden, hiddenReason: view.hiddenReason,
            brand: view.brand, language: view.language, accessibilityLabel: view.contentDescription, logo: logo, link: view.link,
            appearance: view.appearance, textColor: view.textColor, linkColor: view.linkColor)
        ownLogoColors = view.logo.colors
        instalmentRange = view.instalmentRange
    }
}

extension AndroidLogo {
    /// The colours a contrast check compares: the mark (the top layer's tint, or the Cash App
    /// wordmark's own colour when untinted) and, for the badges, the pill's tint.
    public var colors: LogoColors {
        let mark: RGBAColor =
            switch scheme {
            case .cashAppDefault where type == .lockup && brand == .cashAppAfterpay: .white
            case .cashAppDefault, .cashAppAlt: .black
            default: scheme.foreground
            }
        return LogoColors(ground: type == .lockup ? nil : scheme.background, mark: mark)
    }
}
