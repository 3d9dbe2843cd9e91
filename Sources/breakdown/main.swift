import BreakdownCLI
import Foundation

// A closed standard descriptor is held by /dev/null opened read-only, so no file the tool opens
// later takes its number (and is written as "standard output"): writing there fails (EBADF) and
// is reported as a failed write, exit 1.
for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
    let placeholder = open("/dev/null", O_RDONLY)
    if placeholder >= 0, placeholder != descriptor {
        dup2(placeholder, descriptor)
        close(placeholder)
    }
}
// Under an address-space limit (`ulimit -v`, `prlimit --as`), each thread's own malloc arena
// takes 64 MiB of it (reserved, mostly never used): a batch of two jobs then needed 450 MiB, and
// below that fontconfig or GLib failed an allocation and the process crashed. One arena shared by
// every thread: 250 MiB is enough for two jobs (docs/batch.md). Without a limit nothing changes.
var addressSpace = rlimit()
if getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &addressSpace) == 0, addressSpace.rlim_cur != rlim_t.max {
    _ = setMallocOption(-8, 1)  // M_ARENA_MAX
}
// A reader that goes away (`breakdown describe | head -c1`) is a failed write (exit 1 with one
// line), not a kill by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
// Every artwork file is first drawn by a bounded child process of this binary (ArtworkTrial).
BreakdownCLI.tryArtworkInChildProcesses()
// SIGINT and SIGTERM stop a batch between records, with what was drawn committed (BatchInterrupt).
BreakdownCLI.stopBatchesOnInterruptSignals()
exit(BreakdownCLI.main(Array(CommandLine.arguments.dropFirst())))

/// glibc's `mallopt` (malloc.h, which the Glibc module leaves out).
@_silgen_name("mallopt") func setMallocOption(_ parameter: Int32, _ value: Int32) -> Int32
