import Foundation

/// The four inputs a breakdown is computed from.
public struct BreakdownInputs: Sendable, Hashable {
    /// nil when no configuration is set.
    public var configuration: Configuration?
    /// The device (client) locale identifier, e.g. `en_AU`.
    public var deviceLocale: String
    public var options: PriceBreakdownOptions
    /// The price (`totalAmount`).
    public var amount: Decimal

    public init(configuration: Configuration?, deviceLocale: String, options: PriceBreakdownOptions = .init(), amount: Decimal) {
        self.configuration = configuration
        self.deviceLocale = deviceLocale
        self.options = options
        self.amount = amount
    }

    public var breakdown: Breakdown {
        Breakdown(configuration: configuration, deviceLocale: deviceLocale, options: options, amount: amount)
    }
}
