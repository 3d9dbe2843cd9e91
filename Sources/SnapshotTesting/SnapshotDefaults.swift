import BreakdownDiff

/// What the assertions in a scope use when a call gives no `record:` or `as:`: set by the Swift
/// Testing trait `.breakdownSnapshots(record:as:)` for a test or a suite, or by
/// `withBreakdownSnapshots(record:as:operation:)` around XCTest code. A task-local value, so
/// tests running in parallel each see their own.
public struct SnapshotDefaults: Sendable, Equatable {
    /// The record mode; nil: `BREAKDOWN_RECORD`, else `never` under CI, else `missing`.
    public var record: RecordMode?
    /// The strategy; nil: `.image`.
    public var strategy: SnapshotStrategy?

    /// Defaults for a scope.
    public init(record: RecordMode? = nil, strategy: SnapshotStrategy? = nil) {
        self.record = record
        self.strategy = strategy
    }

    /// The defaults of the running task.
    @TaskLocal public static var current = SnapshotDefaults()
}

/// Runs `operation` with these defaults for the snapshot assertions inside it (XCTest, or any
/// code not under the Swift Testing trait).
public func withBreakdownSnapshots<R>(
    record: RecordMode? = nil, as strategy: SnapshotStrategy? = nil, operation: () throws -> R
) rethrows -> R {
    try SnapshotDefaults.$current.withValue(SnapshotDefaults(record: record, strategy: strategy), operation: operation)
}

// Unindented, so that the surface test (PublicAPITests) sees the trait as a top-level name.
#if canImport(Testing)
import Testing

/// The Swift Testing trait behind `.breakdownSnapshots(record:as:)`.
public struct BreakdownSnapshotsTrait: TestTrait, SuiteTrait, TestScoping {
    /// The defaults the trait sets.
    public var defaults: SnapshotDefaults

    /// Applies to every test of a suite it is attached to.
    public var isRecursive: Bool { true }

    /// Runs the test (or each test of the suite) with the trait's defaults as the task-local value.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await SnapshotDefaults.$current.withValue(defaults) { try await function() }
    }
}

extension Trait where Self == BreakdownSnapshotsTrait {
    /// Sets the record mode and the strategy of the snapshot assertions of a test or a suite:
    /// `@Test(.breakdownSnapshots(record: .all))` re-records, `@Suite(.breakdownSnapshots(as:
    /// .perceptual(deltaE: 3)))` compares every assertion perceptually. An argument the
    /// assertion gives wins.
    public static func breakdownSnapshots(record: RecordMode? = nil, as strategy: SnapshotStrategy? = nil) -> Self {
        BreakdownSnapshotsTrait(defaults: SnapshotDefaults(record: record, strategy: strategy))
    }
}
#endif
