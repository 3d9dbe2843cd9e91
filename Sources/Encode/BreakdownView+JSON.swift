import BreakdownContent

extension BreakdownView {
    /// The view described as `breakdown describe` prints it: the iOS view's JSON or the Android
    /// view's (its currency, locale, limits and `contentDescription`), whichever this is.
    public var json: JSONValue {
        switch self {
        case .ios(let inputs): BreakdownJSON.describe(inputs.breakdown, inputs: inputs)
        case .android(let inputs, let view): AndroidJSON.describe(view, inputs: inputs)
        }
    }
}
