@testable import BreakdownDiff
import BreakdownEncode
import BreakdownTestSupport
import Foundation
import Testing
@testable import CLITestSupport

/// The tests of FidelityTests that start a process; the rest are FidelityTests, in CLITests.
@Suite struct FidelityEndToEndTests {
    /// A user-supplied SF Pro: Text below 20 pt, Display from 20 pt (docs/fidelity.md section 1).
    /// SF Pro is Apple's and not here, so the test makes two stand-ins: Inter and Inter Display
    /// (Debian's fonts-inter: the same letters in a text and a display design) with their name
    /// tables rewritten to the families "SF Pro Text" and "SF Pro Display".
    @Test func suppliedSFProSwitchesToDisplayAt20Points() throws {
        let folder = try BatchTestSupport.temporaryFolder("fidelity-sf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("rename.py")
        try Data(Self.renameScript.utf8).write(to: script)
        let inter = "/usr/share/fonts/opentype/inter/"
        let text = folder.appendingPathComponent("SFProText-Stand-in.otf").path
        let display = folder.appendingPathComponent("SFProDisplay-Stand-in.otf").path
        for (source, target, family) in [("Inter-Regular.otf", text, "SF Pro Text"), ("InterDisplay-Regular.otf", display, "SF Pro Display")] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, inter + source, target, family]
            SpawnLog.note()
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let files = ["--font-file", text, "--font-file", display, "--amount", "100"]
        func bytes(_ arguments: [String], _ name: String) throws -> Data {
            try Data(contentsOf: URL(fileURLWithPath: FidelityRender.render(files + arguments, in: folder, name: name).png))
        }
        // Without tracking the faces alone show: Text below 20 pt, Display from 20 pt, whichever
        // of the two families is asked for.
        let none = ["--tracking", "none"]
        #expect(try bytes(["--font", "SF Pro Text", "--font-size", "19"] + none, "t19") == bytes(["--font", "Inter", "--font-size", "19"] + none, "i19"))
        #expect(try bytes(["--font", "SF Pro Text", "--font-size", "20"] + none, "t20") == bytes(["--font", "Inter Display", "--font-size", "20"] + none, "d20"))
        #expect(try bytes(["--font", "SF Pro Display", "--font-size", "17"] + none, "d17") == bytes(["--font", "Inter", "--font-size", "17"] + none, "i17"))
        #expect(try bytes(["--font", "SF Pro Display", "--font-size", "28"] + none, "d28") == bytes(["--font", "Inter Display", "--font-size", "28"] + none, "id28"))
        // The static Display family's own table from 20 pt: +19/1000 em at 20 pt (the logo moves
        // 42.5 × 0.38 pt); Inter Display, not SF, keeps SF Pro's -23.
        func shift(_ family: String, _ size: String) throws -> Double {
            let tracked = try FidelityRender.render(files + ["--font", family, "--font-size", size], in: folder, name: "s-\(family)-\(size)")
            let plain = try FidelityRender.render(files + ["--font", family, "--font-size", size] + none, in: folder, name: "n-\(family)-\(size)")
            return try #require(FidelityRender.rect(tracked.metadata["logo"])).x - #require(FidelityRender.rect(plain.metadata["logo"])).x
        }
        #expect(abs(try shift("SF Pro Text", "20") - 42.5 * 20 * 19 / 1000) < 0.05)
        #expect(abs(try shift("Inter Display", "20") - 42.5 * 20 * -23 / 1000) < 0.05)
        #expect(abs(try shift("SF Pro Text", "17") - 42.5 * 17 * -26 / 1000) < 0.05)
    }

    /// Rewrites an OpenType font's name table to a new family (the test's own few lines; the
    /// glyphs are untouched).
    static let renameScript = #"""
import struct, sys
def rename(src, dst, family):
    data = open(src, 'rb').read()
    version, count = struct.unpack('>4sH', data[:6])
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack('>4sIII', data[12 + 16 * i: 28 + 16 * i])
        tables[tag] = data[offset:offset + length]
    names = [(1, family), (2, 'Regular'), (4, family + ' Regular'), (6, family.replace(' ', '') + '-Regular')]
    strings = [n.encode('utf-16-be') for _, n in names]
    records, storage = b'', b''
    for (name_id, _), s in zip(names, strings):
        records += struct.pack('>6H', 3, 1, 0x409, name_id, len(s), len(storage))
        storage += s
    tables[b'name'] = struct.pack('>3H', 0, len(names), 6 + 12 * len(names)) + records + storage
    tags = sorted(tables)
    out = bytearray(struct.pack('>4sHHHH', version, len(tags), 0, 0, 0))
    offset = 12 + 16 * len(tags)
    body = bytearray()
    for tag in tags:
        table = tables[tag]
        padded = table + b'\0' * (-len(table) % 4)
        checksum = sum(struct.unpack('>%dI' % (len(padded) // 4), padded)) & 0xFFFFFFFF
        out += struct.pack('>4sIII', tag, checksum, offset + len(body), len(table))
        body += padded
    open(dst, 'wb').write(bytes(out + body))
rename(sys.argv[1], sys.argv[2], sys.argv[3])
"""#
}
