import BreakdownLocking
import Foundation

/// `NumberFormatter`s by what they are configured with, each made once: making one costs far
/// more than formatting with one (ICU loads the locale's patterns and symbols), and a batch
/// formats every record. Both views' currency formatters take theirs from here. `NumberFormatter`
/// is not thread-safe, so a formatter is only used inside `with`, under the cache's lock. The set
/// is small (locales × currencies × symbols × digits), so it is never trimmed.
enum NumberFormatters {
    /// How a formatter is set up.
    struct Key: Hashable {
        enum Style: Hashable {
            /// The locale's currency style for `currency`, with `symbol` if given and exactly
            /// `digits` decimals (half-even) if given.
            case currency
            /// The locale's decimal style (its separators).
            case decimal
            /// Plain digits: POSIX, no grouping, exactly `digits` decimals, half-even.
            case plain
        }

        var style: Style
        var locale: String
        var currency: String? = nil
        var symbol: String? = nil
        var digits: Int? = nil
    }

    private static let cache = Locked<[Key: NumberFormatter]>([:])

    /// Runs `body` with the formatter for `key`, holding the cache's lock.
    static func with<T>(_ key: Key, _ body: (NumberFormatter) -> T) -> T {
        cache.withLock { formatters in
            if let formatter = formatters[key] { return body(formatter) }
            let formatter = make(key)
            formatters[key] = formatter
            return body(formatter)
        }
    }

    private static func make(_ key: Key) -> NumberFormatter {
        let formatter = NumberFormatter()
        // A numbering system ICU lacks would stop the process in NumberFormatter (never a crash).
        formatter.locale = Locale(identifier: NumberingSystem.formattable(key.locale))
        switch key.style {
        case .currency:
            formatter.numberStyle = .currency
            if let currency = key.currency { formatter.currencyCode = currency }
            if let symbol = key.symbol { formatter.currencySymbol = symbol }
        case .decimal:
            formatter.numberStyle = .decimal
        case .plain:
            formatter.numberStyle = .none
            formatter.usesGroupingSeparator = false
            formatter.minimumIntegerDigits = 1
        }
        if let digits = key.digits {
            formatter.roundingMode = .halfEven
            // Linux Foundation ignores maximumFractionDigits = 0 unless the minimum is 0 too.
            formatter.minimumFractionDigits = digits
            formatter.maximumFractionDigits = digits
        }
        return formatter
    }
}
