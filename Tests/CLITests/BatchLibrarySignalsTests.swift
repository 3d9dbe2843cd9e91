@testable import BreakdownCLI
import BreakdownTestSupport
import Foundation
import Synchronization
import Testing
@testable import CLITestSupport

/// A batch run through the library (`BreakdownCLI.main` called by a program, not the binary)
/// leaves the program's SIGINT and SIGTERM handling alone: only the binary asks batches to take
/// them over (`stopBatchesOnInterruptSignals`). The binary's own handling is pinned by
/// `BatchEngineTests` (SIGINT and SIGTERM mid-run).
@Suite(.serialized) struct BatchLibrarySignalsTests {
    /// How many SIGTERMs this test's own handler saw.
    private static let seen = Atomic<Int>(0)
    /// Whether the writer raised the signal (after the first images were drawn).
    private static let raised = Atomic<Bool>(false)

    @Test func aSIGTERMDuringALibraryBatchReachesTheProgramsHandlerAndTheBatchGoesOn() throws {
        let folder = try BatchTestSupport.temporaryFolder("library-signals")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let fifo = folder.appendingPathComponent("manifest.ndjson")
        #expect(mkfifo(fifo.path, 0o600) == 0)

        // The program's handler, put back as it was at the end.
        var mine = sigaction()
        mine.__sigaction_handler.sa_handler = { _ in BatchLibrarySignalsTests.seen.add(1, ordering: .relaxed) }
        sigemptyset(&mine.sa_mask)
        mine.sa_flags = SA_RESTART
        var previous = sigaction()
        #expect(sigaction(SIGTERM, &mine, &previous) == 0)
        defer { sigaction(SIGTERM, &previous, nil) }
        Self.seen.store(0, ordering: .relaxed)

        let lines = BatchTestSupport.ndjson(count: 6).split(separator: "\n").map { $0 + "\n" }
        Self.raised.store(false, ordering: .relaxed)
        // The manifest's writer: three records, then SIGTERM once they are drawn (the batch is
        // running and reading), then the other three.
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo.path) else { return }
            handle.write(Data(lines[0..<3].joined().utf8))
            if BatchProcess.wait(until: { ((try? BatchTestSupport.files(output, ext: "png").count) ?? 0) >= 3 }) {
                kill(getpid(), SIGTERM)
                BatchLibrarySignalsTests.raised.store(true, ordering: .relaxed)
                // Handled by whichever thread takes it; the rest waits until it has been.
                _ = BatchProcess.wait { BatchLibrarySignalsTests.seen.load(ordering: .relaxed) > 0 }
            }
            handle.write(Data(lines[3...].joined().utf8))
            try? handle.close()
        }
        writer.start()
        let result = try InProcessCLI.run("batch", fifo.path, "-o", output.path, "--jobs", "1")

        let raised = Self.raised.load(ordering: .relaxed)
        let seen = Self.seen.load(ordering: .relaxed)
        #expect(raised, "the first three images were drawn before the signal")
        #expect(seen == 1, "the program's handler saw the SIGTERM")
        #expect(result.status == 0, "not 143: the batch was not interrupted: \(result.stdout) \(result.stderr)")
        #expect(result.stdout.hasPrefix("rendered 6, skipped 0, hidden 0, failed 0"), "\(result.stdout)")
        #expect(!result.stdout.contains("interrupted"), "\(result.stdout)")
        #expect(try BatchTestSupport.files(output, ext: "png").count == 6)
    }
}
