import Foundation

/// One line a request on standard error, written with a single `write` so lines from many
/// threads never interleave: `method=GET path=/v1/breakdown.png?amount=100 status=200 bytes=4521 ms=1.83`.
/// The path is the one after the signature; bytes outside printable ASCII are %-escaped.
enum AccessLog {
    static let maximumPathLength = 512

    static func line(method: String, path: String, status: Int?, bytes: Int, milliseconds: Double) -> String {
        let shownMethod = escape(method, limit: 16)
        let statusText = status.map(String.init) ?? "-"
        return "method=\(shownMethod) path=\(escape(path, limit: maximumPathLength)) status=\(statusText) bytes=\(bytes) ms=\(String(format: "%.2f", milliseconds))\n"
    }

    static func write(_ line: String) { write(line, to: 2) }

    /// Writes all of `text` to a file descriptor, retrying on EINTR; gives up quietly on any
    /// other error (a closed pipe must not stop the server).
    static func write(_ text: String, to descriptor: Int32) {
        var line = text
        line.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written <= 0 {
                    if written < 0, errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Printable ASCII except space and `"` as is; everything else as %XX; cut at `limit` bytes.
    static func escape(_ text: String, limit: Int) -> String {
        var out = ""
        for byte in text.utf8 {
            if out.utf8.count >= limit {
                out += "…"
                break
            }
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\"") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out.isEmpty ? "-" : out
    }
}
