@testable import BreakdownBatch
import Foundation
import Testing
import BreakdownPipeline
import BreakdownTestSupport

/// The renderer identity names the running executable by its file (size, time, device, inode)
/// and its GNU build ID, read from the ELF notes, or, without one, by a digest of all its bytes.
@Suite struct ExecutableIdentityTests {
    typealias Support = BatchTestSupport

    /// Little-endian bytes of `value`.
    static func bytes(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// One ELF note (gABI: name size, description size, type, then the name and the description,
    /// each starting at a multiple of `align` from the note's start).
    static func note(type: Int, name: String, description: [UInt8], align: Int) -> [UInt8] {
        func padded(_ data: [UInt8]) -> [UInt8] { data + [UInt8](repeating: 0, count: (align - data.count % align) % align) }
        let name = Array(name.utf8) + [0]
        return padded(bytes(name.count, 4) + bytes(description.count, 4) + bytes(type, 4) + name) + padded(description)
    }

    /// A 64-bit little-endian ELF file whose program headers are one `PT_NOTE` a segment given,
    /// then `tail` (the file's other bytes).
    static func elf(_ segments: [(notes: [UInt8], align: Int)], tail: [UInt8] = Array(repeating: 0x90, count: 256)) -> [UInt8] {
        var header: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1] + Array(repeating: 0, count: 9)
        header += bytes(2, 2) + bytes(0x3E, 2) + bytes(1, 4) + bytes(0, 8) + bytes(64, 8) + bytes(0, 8) + bytes(0, 4)
        header += bytes(64, 2) + bytes(56, 2) + bytes(segments.count, 2) + bytes(0, 2) + bytes(0, 2) + bytes(0, 2)
        var offset = 64 + 56 * segments.count
        var table: [UInt8] = [], body: [UInt8] = []
        for segment in segments {
            // Each segment starts at a multiple of 8 (the largest alignment here).
            let start = (offset + 7) / 8 * 8
            body += Array(repeating: 0, count: start - offset)
            table += bytes(4, 4) + bytes(4, 4) + bytes(start, 8) + bytes(start, 8) + bytes(start, 8)
            table += bytes(segment.notes.count, 8) + bytes(segment.notes.count, 8) + bytes(segment.align, 8)
            body += segment.notes
            offset = start + segment.notes.count
        }
        return header + table + body + tail
    }

    static let id: [UInt8] = (0..<20).map { UInt8(0xA0 + $0) }
    /// What a linker writes: the property note (8-aligned), then the ABI tag and the build ID.
    static let linked = elf([
        (note(type: 5, name: "GNU", description: Array(repeating: 1, count: 16), align: 8), 8),
        (note(type: 1, name: "GNU", description: bytes(0, 4) + bytes(3, 4) + bytes(2, 4) + bytes(0, 4), align: 4)
            + note(type: 3, name: "XYZ", description: Array(repeating: 7, count: 20), align: 4)
            + note(type: 3, name: "GNU", description: id, align: 4), 4),
    ])

    @Test func theBuildIDIsReadFromTheNotes() throws {
        let folder = try Support.temporaryFolder("build-id")
        defer { try? FileManager.default.removeItem(at: folder) }
        func buildID(_ bytes: [UInt8]) throws -> [UInt8]? {
            let file = folder.appendingPathComponent("exe")
            try Data(bytes).write(to: file)
            return RendererVersion.buildID(file.path)?.id
        }
        #expect(try buildID(Self.linked) == Self.id)
        // An 8-aligned segment holding the ID after a note whose name takes 4 bytes of padding.
        let aligned = Self.elf([(Self.note(type: 5, name: "GNU", description: [1, 2, 3, 4], align: 8)
            + Self.note(type: 3, name: "GNU", description: Self.id, align: 8), 8)])
        #expect(try buildID(aligned) == Self.id)
        // None: no build ID note, an ID of fewer than 8 bytes, another owner's note of type 3,
        // a 32-bit or big-endian file, not an ELF file, a note cut short by its segment's end.
        #expect(try buildID(Self.elf([(Self.note(type: 1, name: "GNU", description: [0, 0, 0, 0], align: 4), 4)])) == nil)
        #expect(try buildID(Self.elf([(Self.note(type: 3, name: "GNU", description: [1, 2, 3, 4], align: 4), 4)])) == nil)
        #expect(try buildID(Self.elf([(Self.note(type: 3, name: "XYZ", description: Self.id, align: 4), 4)])) == nil)
        var narrow = Self.linked
        narrow[4] = 1
        #expect(try buildID(narrow) == nil)
        var big = Self.linked
        big[5] = 2
        #expect(try buildID(big) == nil)
        #expect(try buildID(Array("#!/bin/sh\necho\n".utf8)) == nil)
        let cut = Self.note(type: 3, name: "GNU", description: Self.id, align: 4)
        #expect(try buildID(Self.elf([(Array(cut.dropLast(4)), 4)])) == nil)
        #expect(RendererVersion.buildID(folder.appendingPathComponent("missing").path) == nil)
    }

    /// The identity with a build ID follows the ID (and the file), not the other bytes; without
    /// one, every byte counts. Each file is changed in place, keeping its size, inode and time.
    @Test func theIdentityFollowsTheBuildIDElseEveryByte() throws {
        let folder = try Support.temporaryFolder("build-id-identity")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("exe")
        func identity(after change: (inout [UInt8]) -> Void, of original: [UInt8]) throws -> (before: String, after: String) {
            try Data(original).write(to: file)
            let before = RendererVersion.executableIdentity(file.path)
            var info = stat()
            #expect(stat(file.path, &info) == 0)
            var changed = original
            change(&changed)
            let handle = try FileHandle(forWritingTo: file)
            try handle.write(contentsOf: Data(changed))
            try handle.close()
            var times = [info.st_atim, info.st_mtim]
            #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
            var now = stat()
            #expect(stat(file.path, &now) == 0 && now.st_ino == info.st_ino && now.st_mtim.tv_nsec == info.st_mtim.tv_nsec)
            return (before, RendererVersion.executableIdentity(file.path))
        }
        let tail = Self.linked.count - 1
        // A byte outside the notes: the linker's ID stands for the file, so nothing changes.
        let other = try identity(after: { $0[tail] ^= 1 }, of: Self.linked)
        #expect(other.before == other.after)
        // The ID itself.
        let idByte = try #require(Self.linked.firstRange(of: Self.id)?.lowerBound)
        let rebuilt = try identity(after: { $0[idByte] ^= 1 }, of: Self.linked)
        #expect(rebuilt.before != rebuilt.after)
        // No build ID: the digest of the bytes.
        let plain = Self.elf([(Self.note(type: 1, name: "GNU", description: [0, 0, 0, 0], align: 4), 4)])
        let edited = try identity(after: { $0[plain.count - 1] ^= 1 }, of: plain)
        #expect(edited.before != edited.after)
    }

    /// The breakdown executable's build ID, read here, is the one `readelf -n` prints.
    @Test func theExecutablesBuildIDIsTheOneReadelfPrints() throws {
        let executable = try #require(BinaryRunner.executable, "build the breakdown executable first (swift build)")
        let readelf = try #require(
            ["/usr/bin/readelf", "/bin/readelf"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "readelf is missing (Debian package binutils, which the Swift toolchain needs)")
        let (status, output) = try ExternalTool.run(readelf, ["-n", executable.path])
        #expect(status == 0)
        let printed = try #require(output.split(separator: "\n").first { $0.contains("Build ID:") }, "the linker wrote no build ID")
        let hex = try #require(printed.split(separator: " ").last)
        let read = try #require(RendererVersion.buildID(executable.path)?.id)
        #expect(read.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() == String(hex))
    }
}
