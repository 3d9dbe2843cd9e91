import BreakdownLocking
import BreakdownContent
import CPangoCairo
import Foundation

/// Warnings that GLib-based libraries (Pango, librsvg) would print on standard error. They are
/// kept from the terminal (a command prints exactly one line for bad input) and collected per
/// thread instead, so the layout stage can turn a warning into an error for the user.
package enum LibraryMessages {
    /// Each thread's messages (at most 16), by its pthread id.
    private static let byThread = Locked<[UInt: [String]]>([:])

    /// Routes GLib warnings here; done once, before any library is used.
    package static let install: Void = {
        g_log_set_default_handler(
            { domain, level, message, _ in
                // Debug and info messages stay hidden, as GLib's default handler does.
                guard level.rawValue & (G_LOG_LEVEL_ERROR.rawValue | G_LOG_LEVEL_CRITICAL.rawValue
                    | G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_MESSAGE.rawValue) != 0
                else { return }
                let text = (domain.map { String(cString: $0) + ": " } ?? "") + (message.map { String(cString: $0) } ?? "")
                LibraryMessages.record(text)
            }, nil)
    }()

    private static func record(_ message: String) {
        let thread = UInt(pthread_self())
        byThread.withLock { if $0[thread, default: []].count < 16 { $0[thread, default: []].append(message) } }
    }

    /// The messages this thread's libraries produced while `body` ran.
    package static func collecting<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> (result: T, messages: [String]) {
        let thread = UInt(pthread_self())
        byThread.withLock { $0[thread] = nil }
        let result = try body()
        let messages = byThread.withLock { $0.removeValue(forKey: thread) } ?? []
        return (result, messages)
    }
}
