import BreakdownDiff
import Foundation
import Testing
@testable import SnapshotTestSupport

/// A reference that is a Git LFS pointer (a clone that has not run `git lfs pull`, the usual
/// reason a reference is "not a PNG" in CI) is said to be one, with how to fetch it, and the
/// snapshot failure no longer advises deleting it to record again: that would replace the real
/// reference with whatever is drawn now, and the test could no longer catch a change.
@Suite struct GitLFSPointerTests {
    static let pointer = "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"

    @Test func theDecoderNamesAPointer() {
        #expect(throws: PNGDecodingError(source: "reference r.png", reason: .gitLFSPointer)) {
            try PNGDecoder.decode(Array(Self.pointer.utf8), source: "reference r.png")
        }
        // Other text is still just not a PNG.
        #expect(throws: PNGDecodingError(source: "x", reason: .notPNG)) { try PNGDecoder.decode(Array("version 1\n".utf8), source: "x") }
    }

    @Test func theSnapshotFailureSaysFetchItNotRecordIt() throws {
        let sandbox = try SnapshotSandbox()
        defer { sandbox.remove() }
        #expect(sandbox.verify(["--amount", "100"], named: "lfs")?.contains("recorded") == true)
        let reference = try sandbox.paths("lfs").reference
        try Data(Self.pointer.utf8).write(to: URL(fileURLWithPath: reference))
        let message = try #require(sandbox.verify(["--amount", "100"], named: "lfs"))
        #expect(message.contains(PNGDecodingError.gitLFSPointerWords), "\(message)")
        #expect(!message.contains("Delete the reference"), "\(message)")
        #expect(try String(contentsOfFile: reference, encoding: .utf8) == Self.pointer, "the pointer is left as it is")
    }
}
