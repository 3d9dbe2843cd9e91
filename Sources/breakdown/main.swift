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
// A reader that goes away (`breakdown describe | head -c1`) is a failed write (exit 1 with one
// line), not a kill by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
// Every artwork file is first drawn by a bounded child process of this binary (ArtworkTrial).
BreakdownCLI.tryArtworkInChildProcesses()
exit(BreakdownCLI.main(Array(CommandLine.arguments.dropFirst())))
