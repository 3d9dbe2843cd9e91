import BreakdownContent
import BreakdownOptions

/// Why a request was not answered with its image: an HTTP status and the one line the
/// problem+json body carries. Every error of the stages a request passes through (words read into
/// a request, layout, drawing) becomes one here, in one place (`status(of:)`), never from a
/// command line's exit status.
package struct HTTPProblem: Error, Sendable {
    /// 400 for what the request asked (its fault), 500 for what the server could not do.
    package var status: Int
    /// What was wrong, and what is accepted.
    package var message: String

    package init(status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The answer to a request whose words could not be read (always the request's fault).
    package init(_ error: RequestError) {
        self.init(status: Self.status(of: error.reason), error.message)
    }

    /// The answer to a stage's error.
    package init(_ error: BreakdownError) {
        self.init(status: Self.status(of: error), error.description)
    }

    /// A request that cannot be answered as asked (400).
    package static func badRequest(_ message: String) -> HTTPProblem { HTTPProblem(status: 400, message) }

    /// Something the server could not do (500): no renderer, missing artwork.
    package static func serverFault(_ message: String) -> HTTPProblem { HTTPProblem(status: 500, message) }

    /// The one map from what a stage knows to a status: a failure while running is the server's
    /// (500, e.g. a library it needs could not be loaded); everything else is what the request
    /// asked: an option, the configuration, a font family, a size over the limits (400). A hidden
    /// breakdown is not a problem: it is answered with 204 or a transparent image before this.
    package static func status(of reason: BreakdownError) -> Int {
        switch reason {
        case .failed: 500
        case .invalidOption, .invalidInput, .invalidConfiguration, .hidden, .file, .renderingFailed: 400
        }
    }

    /// Reads words into a value, a failure as this answer.
    package static func reading<T>(_ body: () throws(RequestError) -> T) throws(HTTPProblem) -> T {
        do throws(RequestError) {
            return try body()
        } catch {
            throw HTTPProblem(error)
        }
    }
}
