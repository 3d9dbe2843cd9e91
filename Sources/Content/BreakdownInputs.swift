import Foundation

/// The four inputs a breakdown is computed from.
public struct BreakdownInputs: Sendable, Hashable {
    /// nil when no configuration is set.
    public var configuration: Configuration?
    /// The device (client) locale identifier, e.g. `en_AU`.
    public var deviceLocale: String
    /// What the view shows and how: intro, logo, colours, appearance, link.
    public var options: PriceBreakdownOptions
    /// The price (`totalAmount`).
    public var amount: Decimal

    /// Inputs with the device locale as an identifier such as `en_AU`.
    public init(configuration: Configuration?, deviceLocale: String, options: PriceBreakdownOptions = .init(), amount: Decimal) {
        self.configuration = configuration
        self.deviceLocale = deviceLocale
        self.options = options
        self.amount = amount
    }

    /// Inputs with the device locale as a `Locale`, e.g. `Locale(identifier: "fr_CA")`.
    public init(configuration: Configuration?, deviceLocale: Locale, options: PriceBreakdownOptions = .init(), amount: Decimal) {
        self.init(
            configuration: configuration, deviceLocale: deviceLocale.underscoredIdentifier, options: options, amount: amount)
    }

    /// The breakdown these inputs give: the words, logo, link and colours, or why it is hidden.
    public var breakdown: Breakdown {
        Breakdown(configuration: configuration, deviceLocale: deviceLocale, options: options, amount: amount)
    }
}
