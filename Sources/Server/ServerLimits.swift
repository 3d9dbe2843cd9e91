import BreakdownContent
import BreakdownPipeline
import BreakdownOptions
import Foundation
import BreakdownIO

/// What one request may ask for, so that no URL can make a giant image or a long render:
/// the query's length, the amounts, the text size, the width, the scale, the padding, and the
/// image's total pixels (checked after layout, before anything is drawn).
public struct ServerLimits: Sendable, Hashable {
    /// The longest query (after `?`), in bytes.
    public var queryBytes = 2048
    /// The most `&`-separated arguments in a query (empty ones included).
    public var queryArguments = 64
    /// The longest request target (signature, path and query), in bytes.
    public var targetBytes = 4096
    /// The most bytes of a request's line and header fields together.
    public var headBytes = 16384
    /// The longest single header field (name and value), in bytes.
    public var headerFieldBytes = 8192
    /// The largest amount, minimum or maximum (absolute value).
    public var amount: Decimal = 1_000_000_000
    /// The largest `font-size`, in points.
    public var fontSize: Double = 100
    /// The largest `width`, in points.
    public var width: Double = 2000
    /// The largest `padding`, in points.
    public var padding: Double = 200
    /// The largest `scale`.
    public var scale = 3
    /// The most pixels (width × height) an image may have.
    public var pixels = 4_000_000

    /// The default limits (the table in docs/serve.md).
    public init() {}

    /// Checks the values a URL gave against the limits; the first one over is the error.
    func check(_ options: ParsedOptions) throws(RequestError) {
        func over(_ option: some OptionDeclaration, limit: String) -> RequestError {
            options.problem(option, .overLimit(options.text(of: option.spec) ?? "", limit: limit))
        }
        if options.isGiven(ContentOptions.amount), abs(options[ContentOptions.amount]) > amount {
            throw over(ContentOptions.amount, limit: "\(amount)")
        }
        // The configuration's limits are free text (the configuration checks them): only numbers can be over.
        for option in [ContentOptions.minimum, ContentOptions.maximum] where options.isGiven(option) {
            if let value = Decimal(decimalString: options[option]), abs(value) > amount { throw over(option, limit: "\(amount)") }
        }
        let numbers: [(any OptionDeclaration, Double?, Double)] = [
            (RenderOptions.fontSize, options[RenderOptions.fontSize], fontSize), (RenderOptions.width, options[RenderOptions.width], width),
            (RenderOptions.padding, options[RenderOptions.padding], padding),
            (RenderOptions.scale, options[RenderOptions.scale].factor, Double(scale)),
        ]
        for (option, value, limit) in numbers where options.isGiven(option) {
            if let value, value > limit { throw over(option, limit: Self.format(limit)) }
        }
    }

    static func format(_ value: Double) -> String { value.shortText }

    /// The largest value of the drawing option `name` a URL may give, when a limit narrows it.
    func largest(_ name: String) -> Double? {
        switch name {
        case RenderOptions.fontSize.name: fontSize
        case RenderOptions.width.name: width
        case RenderOptions.padding.name: padding
        case RenderOptions.scale.name: Double(scale)
        default: nil
        }
    }

    /// What a URL may give for the option named `name` when a limit narrows it, in an invalid
    /// value's words (`a number from 1 to 100`, `one of 0.75, 1, …, 3`), so that a refusal never
    /// offers a value the limit then refuses; nil when no limit narrows it.
    func accepted(_ spec: OptionSpec) -> String? {
        guard let limit = largest(spec.name), case .value(_, let kind, _) = spec.kind else { return nil }
        switch kind {
        case .number(let range) where limit < range.upperBound:
            return InputRule.numberAccepted(range.lowerBound...max(range.lowerBound, limit)) + " (this server's limit)"
        case .choice:
            return "one of " + choices(spec).joined(separator: ", ") + " (this server's limit)"
        default:
            return nil
        }
    }

    /// A problem reading a URL's options, its accepted values narrowed to the limits.
    func narrowed(_ error: RequestError) -> RequestError {
        guard let problem = error.problem, case .invalidValue(let value, _) = problem.reason,
            let spec = BreakdownService.queryGroups.allOptions.first(where: { $0.name == problem.option }), let accepted = accepted(spec)
        else { return error }
        return RequestError(OptionProblem(problem.option, .invalidValue(value, accepted: accepted), source: problem.source))
    }

    /// The choices of a choice option that are within the limits (scales up to `scale`).
    func choices(_ spec: OptionSpec) -> [String] {
        guard case .value(_, .choice(let values), _) = spec.kind else { return [] }
        guard let limit = largest(spec.name) else { return values }
        return values.filter { Double($0).map { $0 <= limit } ?? true }
    }
}
