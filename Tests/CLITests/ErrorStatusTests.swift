import BreakdownContent
import BreakdownIO
import BreakdownOptions
import BreakdownPipeline
import BreakdownServer
import Foundation
import Testing

/// The libraries throw typed errors (`BreakdownError`, `RequestError`); each front end maps them
/// to its own status in one place: the command line to an exit status (`CLIError`), the server to
/// an HTTP status (`HTTPProblem`). Every case of `BreakdownError`, both maps, against the table in
/// docs/api.md (written out here, not read from the code).
@Suite struct ErrorStatusTests {
    /// (reason, exit status, HTTP status), as docs/api.md's table gives them.
    static let table: [(BreakdownError, Int32, Int)] = [
        (.invalidOption(option: "amount", message: "amount: bad"), 2, 400),
        (.invalidInput("bad"), 2, 400),
        (.invalidConfiguration(.invalidLocale("de_DE"), message: "bad locale"), 2, 400),
        // The server answers a hidden view before any error (204 or a transparent image); were one
        // to reach the map, it is the request's.
        (.hidden(reason: "no configuration"), 3, 400),
        (.file(path: "/x", message: "cannot read /x"), 2, 400),
        (.renderingFailed("no font"), 2, 400),
        (.failed("libpoppler cannot be loaded"), 1, 500),
    ]

    @Test func everyReasonHasOneExitStatusAndOneHTTPStatus() {
        for (reason, exit, http) in Self.table {
            #expect(CLIError(reason).exitStatus == exit, "\(reason)")
            #expect(CLIError(RequestError(reason)).exitStatus == exit, "\(reason)")
            #expect(HTTPProblem(reason).status == http, "\(reason)")
            #expect(HTTPProblem(RequestError(reason)).status == http, "\(reason)")
            // The words are the library's, unchanged by either front end.
            #expect(CLIError(reason).message == reason.description)
            #expect(HTTPProblem(reason).message == reason.description)
        }
    }

    /// A request read from words keeps its option problem through the command line's error, so a
    /// batch report can still name the field.
    @Test func anOptionProblemSurvivesTheCommandLinesError() throws {
        let error = try #require(throws: RequestError.self) {
            try ParsedOptions(record: ["amount": "1.299"], groups: [ContentOptions.group], source: .record(line: 4))
        }
        #expect(error.problem?.option == "amount")
        let worded = CLIError(error)
        #expect(worded.problem == error.problem)
        #expect(worded.exitStatus == ExitStatus.usage)
        #expect(worded.message == error.message)
        #expect(worded.message.contains("1.299"))
    }
}
