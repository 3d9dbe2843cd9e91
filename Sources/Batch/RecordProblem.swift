import BreakdownLayout
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
/// Why one manifest record cannot be rendered: the field it concerns (when known) and a reason
/// for a person. The batch reports it with the record's line and goes on.
package struct RecordProblem: Error, Sendable, Hashable {
    package var field: String?
    package var message: String
    /// The output name the record would have had, when it was known (a name two records claim).
    package var name: String?
    /// Why, in the words the summary totals failures by; nil: told from the field.
    package var cause: FailureCause?
    /// The files of `name` are another record's (two records claim one name): a failure that
    /// must not remove them.
    var nameIsAnothers = false
    /// The record took the name itself (the first record of a name clash the pre-pass found): its
    /// failure removes what earlier runs drew under the name, although the name is taken.
    var nameIsItsOwn = false

    init(field: String? = nil, _ message: String, name: String? = nil, cause: FailureCause? = nil) {
        self.field = field
        self.message = message
        self.name = name
        self.cause = cause
    }
}
