import Foundation

/// A font's bounding box in em, from its `head` table (yMin, yMax over unitsPerEm): what
/// Android's `Paint.FontMetrics` calls top and bottom, which a `TextView`'s default font padding
/// (`includeFontPadding`) adds above the first line and below the last. Pango's metrics give
/// ascent and descent only.
package struct FontBoundingBox: Sendable, Hashable {
    /// The highest point of any glyph, in em above the baseline (positive).
    package var top: Double
    /// The lowest point of any glyph, in em below the baseline (positive).
    package var bottom: Double

    /// Reads the `head` table of a TrueType or OpenType file (the first font of a collection).
    /// Nil when the file is not one or the table is malformed; at most 64 MiB are read.
    package init?(fontFile path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        func read(_ offset: UInt64, _ count: Int) -> [UInt8]? {
            guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: count), data.count == count
            else { return nil }
            return Array(data)
        }
        func u16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ bytes: [UInt8], _ at: Int) -> UInt64 { UInt64(u16(bytes, at)) << 16 | UInt64(u16(bytes, at + 2)) }
        guard var header = read(0, 12) else { return nil }
        var start: UInt64 = 0
        if header[0..<4] == [0x74, 0x74, 0x63, 0x66] {  // "ttcf": a collection
            guard let first = read(12, 4) else { return nil }
            start = u32(first, 0)
            guard start < 64 << 20, let inner = read(start, 12) else { return nil }
            header = inner
        }
        let tableCount = u16(header, 4)
        guard tableCount > 0, tableCount < 1024, let directory = read(start + 12, tableCount * 16) else { return nil }
        for index in 0..<tableCount where directory[index * 16..<index * 16 + 4] == [0x68, 0x65, 0x61, 0x64] {  // "head"
            let offset = u32(directory, index * 16 + 8)
            guard offset < 64 << 20, let head = read(offset, 54), u32(head, 12) == 0x5F0F_3CF5 else { return nil }
            let unitsPerEm = u16(head, 18)
            func i16(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(head, at)))) }
            guard unitsPerEm >= 16 else { return nil }
            top = Double(i16(42)) / Double(unitsPerEm)
            bottom = -Double(i16(38)) / Double(unitsPerEm)
            return
        }
        return nil
    }
}
