import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension FileHandle {
    /// Everything up to end of file, read with read(2) and retried on EINTR. Foundation's
    /// `readDataToEndOfFile()` traps (a `try!` inside) when a signal, such as the SIGCHLD of
    /// another test's child process, interrupts the read: that took a whole test run down once.
    public func readAllRetryingInterrupts() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }
}
