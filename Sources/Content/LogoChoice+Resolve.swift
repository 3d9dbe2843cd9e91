extension LogoChoice {
    /// Which mark to draw: the requested `logoType` for Afterpay and
    /// Clearpay; always the lockup for Cash App Afterpay, sized by the requested type (so a US
    /// `.badge` is a 1.8× lockup). The palette is the scheme's palette for the appearance.
    public init(brand: Brand, logoType: LogoType, colorScheme: LogoColorScheme, appearance: Appearance) {
        self.init(
            kind: brand == .cashAppAfterpay ? .lockup : logoType,
            brand: brand,
            palette: colorScheme.palette(for: appearance),
            heightMultiplier: logoType.heightMultiplier,
            descenderMultiplier: logoType.descenderMultiplier)
    }
}
