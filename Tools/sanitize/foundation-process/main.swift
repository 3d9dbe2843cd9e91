// Does Foundation's Process leak? This program uses only Foundation: it runs /bin/true with
// Process and waits for it. Run by Tools/sanitize.sh under LeakSanitizer: 32 bytes are reported,
// allocated by swift_weakAssign under Process.run (the side table of a weak reference Foundation
// makes while it starts the child). That is the reason Tools/sanitize/lsan*.supp may suppress
// allocations made under Process.run, and only those: the tests that run a tool (pngcheck, Python,
// the binary) allocate nothing of their own under it.
import Foundation

let process = Process()
process.executableURL = URL(fileURLWithPath: "/bin/true")
try process.run()
process.waitUntilExit()
print("status \(process.terminationStatus)")
fflush(stdout)  // LeakSanitizer ends the process without flushing it
