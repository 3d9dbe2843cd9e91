import Foundation

/// The four inputs a breakdown is computed from.
public struct BreakdownInputs: Sendable, Hashable {
    /// nil when no configuration is set.
    public var configuration: Configuration?
    /// The device (client) locale identifier, e.g. `en_AU`: one `--device-locale` takes
    /// (`language[_Script][_REGION]`, ISO codes; a typo such as `zz_ZZ` is refused when drawn,
    /// never taken for a hidden view).
    public var deviceLocale: String
    /// What the view shows and how: intro, logo, colours, appearance, link.
    public var options: PriceBreakdownOptions
    /// The price (`totalAmount`).
    public var amount: Decimal

    /// Inputs with the device locale as an identifier (`"en_AU"`) or a `Locale`. The amount is
    /// exact whichever way it is written: `"4.06"`, `4.06`, `100` or `Amount(decimal)` (see `Amount`).
    /// Not checked here (the initialiser does not throw): a device locale, information page or
    /// price a door refuses is `breakdown.invalidInput`, which the renderer and the snapshot
    /// library throw or fail with.
    public init(
        configuration: Configuration?, deviceLocale: some LocaleIdentifierConvertible, options: PriceBreakdownOptions = .init(),
        amount: Amount
    ) {
        self.configuration = configuration
        self.deviceLocale = deviceLocale.breakdownLocaleIdentifier
        self.options = options
        self.amount = amount.value
    }

    /// The breakdown these inputs give: the words, logo, link and colours, or why it is hidden.
    public var breakdown: PriceBreakdown {
        PriceBreakdown(configuration: configuration, deviceLocale: deviceLocale, options: options, amount: Amount(amount))
    }
}
