/// What one snapshot check found: the failure message (nil when it passed), and a note for a
/// check that passed without comparing everything: a reference recorded before words were
/// stored beside it, compared by its pixels only. An assertion reports the failure as an error
/// and the note as a warning (Swift Testing) or a `warning:` line on standard error (XCTest).
package struct SnapshotVerdict: Sendable, Equatable {
    package var failure: String?
    package var note: String?

    package init(failure: String? = nil, note: String? = nil) {
        self.failure = failure
        self.note = note
    }
}
