import BreakdownLocking

/// The body length of each representation sent with a 2xx, by ETag: what a 304 for that ETag
/// says as its Content-Length (RFC 9110 8.6: a 304 may carry Content-Length only equal to the
/// 200's; libmicrohttpd 0.9.75 always sends one, the response's own length, so a 304 with an
/// empty body said `Content-Length: 0`, which a cache updating its stored headers could copy).
/// Kept whatever `--cache-size` says (a number an ETag, not the bytes), up to `capacity` ETags,
/// forgotten all at once past that; an ETag not held (a restart, a tag from before) is rendered
/// once to learn its length.
final class RepresentationLengths: Sendable {
    /// At most this many ETags (about 100 bytes each).
    static let capacity = 65_536

    private let lengths = Locked([String: Int]())

    func length(for etag: String) -> Int? { lengths.withLock { $0[etag] } }

    func record(_ length: Int, for etag: String) {
        lengths.withLock { lengths in
            if lengths.count >= Self.capacity, lengths[etag] == nil { lengths.removeAll(keepingCapacity: true) }
            lengths[etag] = length
        }
    }
}
