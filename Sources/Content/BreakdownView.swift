import Foundation

/// Whose view is drawn, with that view's own inputs: the iOS SDK's `PriceBreakdownView` or the
/// Android SDK's `AfterpayPriceBreakdown`. Made once, where a request is made; every front end
/// asks the view (not the platform) what it shows, whether it is in range, outside its limits or
/// hidden, and how it is described, so each gets both views right by construction.
public enum BreakdownView: Sendable, Hashable {
    /// The iOS view: configuration, device locale, options and amount.
    case ios(BreakdownInputs)
    /// The Android view: its inputs and what they give (computed once, as the view can throw).
    case android(AndroidInputs, AndroidBreakdown)

    /// The Android view of `inputs`.
    /// - Throws: where the Android view throws (a US view with a non-lockup logo in the sandbox).
    public init(android inputs: AndroidInputs) throws(AndroidBreakdownError) {
        self = .android(inputs, try inputs.breakdown())
    }

    /// Whose view it is.
    public var platform: Platform {
        switch self {
        case .ios: .ios
        case .android: .android
        }
    }

    /// What the view shows, as layout and painting take it.
    public var breakdown: PriceBreakdown {
        switch self {
        case .ios(let inputs): inputs.breakdown
        case .android(_, let view): PriceBreakdown(android: view)
        }
    }

    /// The price (`totalAmount`).
    public var amount: Decimal {
        switch self {
        case .ios(let inputs): inputs.amount
        case .android(let inputs, _): inputs.amount
        }
    }

    /// Whether a dark appearance can be given a palette of its own (`darkPalette`): the iOS
    /// view's logo is a dynamic image with a light and a dark palette; the Android view has one
    /// static style whatever the theme.
    public var hasDarkPalette: Bool {
        switch self {
        case .ios: true
        case .android: false
        }
    }

    /// How a view ends: the instalments, the limits sentence, or nothing.
    public enum Outcome: Sendable, Hashable {
        /// Drawn with the instalments: the amount is within the configuration's limits.
        case inRange
        /// Drawn as the limits sentence ("available for orders between …").
        case outsideLimits
        /// Nothing drawn, and why.
        case hidden(reason: String)
    }

    /// How this view ends, by its own configuration and rules.
    public var outcome: Outcome {
        switch self {
        case .ios(let inputs):
            let breakdown = inputs.breakdown
            if breakdown.isHidden { return .hidden(reason: breakdown.hiddenReason ?? "the view hides itself") }
            if let configuration = inputs.configuration, !configuration.isInRange(inputs.amount) { return .outsideLimits }
            return .inRange
        case .android(let inputs, let view):
            if view.isHidden { return .hidden(reason: view.hiddenReason ?? "the view is GONE") }
            if let configuration = inputs.configuration, !configuration.isInRange(inputs.amount) { return .outsideLimits }
            return .inRange
        }
    }
}
