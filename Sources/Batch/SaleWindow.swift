import Foundation

/// When a sale runs: from its start (inclusive) to its end (exclusive), either open. A sale
/// price is drawn only while its window holds the batch's `--as-of` instant.
package struct SaleWindow: Sendable, Equatable {
    var start: Date?
    var end: Date?

    func isRunning(at instant: Date) -> Bool {
        (start.map { $0 <= instant } ?? true) && (end.map { instant < $0 } ?? true)
    }
}

/// A sale's dates as shops export them, read into instants. Accepted, and nothing else (no
/// `12/01/26`, which reads two ways):
/// - a date, `2026-12-01`: as a start, that day's first instant; as an end, the whole day is in
///   the sale (it ends at the next midnight), as WooCommerce and Magento mean it;
/// - a date and time, `2026-12-01 09:30`, `2026-12-01T09:30:15`: that instant (an end is exclusive);
/// - either with a zone after the time: `Z`, `+10:00`, `+1000` or `+10` (Google's feed writes
///   `2026-02-24T11:07+0100`).
/// A date or time without a zone is in `--time-zone`; without that option it is refused (a shop's
/// local dates are never read in the machine's zone).
package enum SaleTime {
    static let accepted = "an ISO 8601 date or time such as 2026-12-01, 2026-12-01 09:30 or 2026-12-01T09:30:00+10:00"
    static let noZoneHint = "give --time-zone, the shop's zone (e.g. Australia/Sydney or UTC)"

    /// Why a date could not be read.
    package enum Problem: Error, Equatable {
        /// Not one of the accepted forms (or not a calendar date).
        case invalid(String)
        /// Valid, but local: no zone in the text and no `--time-zone`.
        case noZone
    }

    /// The instant `text` names; `end`: a date alone stands for the end of its day.
    static func instant(_ text: String, end: Bool, zone: TimeZone?) -> Result<Date, Problem> {
        let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func take(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        let invalid = Result<Date, Problem>.failure(.invalid("expected \(accepted)"))
        guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2) else { return invalid }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else {
            return .failure(.invalid("no such day; expected \(accepted)"))
        }
        var time: (hour: Int, minute: Int, second: Int)?
        var offset: Int?
        if index < bytes.count {
            guard take("T") || take("t") || take(" ") else { return invalid }
            guard let hour = digits(2), take(":"), let minute = digits(2) else { return invalid }
            var second = 0
            if take(":") {
                guard let given = digits(2) else { return invalid }
                second = given
                // Fractions of a second are dropped: a sale is timed to the second at most.
                if take(".") || take(",") {
                    let start = index
                    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                    guard index > start else { return invalid }
                }
            }
            guard hour <= 23, minute <= 59, second <= 59 else { return .failure(.invalid("no such time; expected \(accepted)")) }
            time = (hour, minute, second)
            if take("Z") || take("z") {
                offset = 0
            } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                guard let hours = digits(2), hours <= 18 else { return invalid }
                var minutes = 0
                if index < bytes.count {
                    _ = take(":")
                    guard let given = digits(2), given <= 59 else { return invalid }
                    minutes = given
                }
                offset = sign * (hours * 3600 + minutes * 60)
            }
            guard index == bytes.count else { return invalid }
        }
        guard let timeZone = offset.flatMap({ TimeZone(secondsFromGMT: $0) }) ?? zone else { return .failure(.noZone) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(
            year: year, month: month, day: day, hour: time?.hour ?? 0, minute: time?.minute ?? 0, second: time?.second ?? 0)
        guard let date = calendar.date(from: components) else { return invalid }
        if end, time == nil {
            guard let next = calendar.date(byAdding: .day, value: 1, to: date) else { return invalid }
            return .success(next)
        }
        return .success(date)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `--time-zone`: an IANA name (`Australia/Sydney`), `UTC`, or an offset (`+10:00`).
    package static func zone(_ text: String) -> TimeZone? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.uppercased() == "UTC" || trimmed == "Z" { return TimeZone(secondsFromGMT: 0) }
        if let first = trimmed.first, first == "+" || first == "-" {
            // An offset: read as a time's zone is.
            guard case .success(let date) = instant("2000-01-01T00:00" + trimmed, end: false, zone: nil) else { return nil }
            let utc = Date(timeIntervalSince1970: 946_684_800)
            return TimeZone(secondsFromGMT: Int(utc.timeIntervalSince(date)))
        }
        // Only names of the zone database (abbreviations such as EST read two ways).
        guard trimmed.contains("/"), TimeZone.knownTimeZoneIdentifiers.contains(trimmed) else { return nil }
        return TimeZone(identifier: trimmed)
    }

    /// `--as-of`: a time as a sale's start is read (a date alone: its first instant).
    package static func asOf(_ text: String, zone: TimeZone?) -> Result<Date, Problem> { instant(text, end: false, zone: zone) }

    /// `2026-12-04T01:30:00Z`: an instant in messages and the report.
    package static func shown(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
