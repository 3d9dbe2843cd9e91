import Foundation
import Synchronization

/// SIGINT and SIGTERM during a batch (or a `verify`, which stops between records the same way and
/// says how far it got): the handler only notes the signal. The manifest reader
/// stops reading, workers finish the record in hand and leave the rest, the last group is
/// committed, and the summary and report say what was done; the exit status is 128 + the signal
/// (130 for SIGINT, 143 for SIGTERM).
///
/// Only a process that asks (`takeOverSignals`, which the binary's `main` calls) has its handlers
/// replaced during a batch: a program that runs batches through the library, the tests among
/// them, keeps its own SIGINT and SIGTERM handling, and its batches are never interrupted.
package enum BatchInterrupt {
    private static let received = Atomic<Int32>(0)
    private static let takesOverSignals = Atomic<Bool>(false)

    /// From now on, every batch of this process takes over SIGINT and SIGTERM while it runs.
    package static func takeOverSignals() { takesOverSignals.store(true, ordering: .relaxed) }

    /// The signal received since `install`, or nil.
    package static var signal: Int32? {
        let value = received.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    static var isRequested: Bool { received.load(ordering: .relaxed) != 0 }

    /// The signal's name for messages.
    package static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }

    /// Installs the handlers; returns a function that puts the previous ones back. Without
    /// `takeOverSignals` it installs nothing and the batch runs to its end.
    package static func install() -> () -> Void {
        guard takesOverSignals.load(ordering: .relaxed) else { return {} }
        received.store(0, ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            BatchInterrupt.received.store(signal, ordering: .relaxed)
        }
        sigemptyset(&action.sa_mask)
        // Blocking calls restart; the reader of a pipe polls with a timeout and looks at the flag.
        action.sa_flags = SA_RESTART
        var previous = [sigaction(), sigaction()]
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for (position, signal) in [SIGINT, SIGTERM].enumerated() {
            sigaction(signal, nil, &previous[position])
            // A signal ignored when the program started (a background job of a non-interactive
            // shell, nohup) stays ignored, as POSIX programs do. (SIG_IGN is the handler 1.)
            if let handler = previous[position].__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) == 1 { continue }
            sigaction(signal, &action, nil)
            sigaddset(&unblock, signal)
        }
        // A parent may hand down a mask with these blocked; the batch's own handling needs them.
        var previousMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask)
        return {
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            sigaction(SIGINT, &previous[0], nil)
            sigaction(SIGTERM, &previous[1], nil)
        }
    }
}
