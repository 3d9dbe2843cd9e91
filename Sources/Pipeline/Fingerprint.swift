import Foundation

/// A 64-bit FNV-1a hash: small, fast, deterministic on every machine. Used for output names
/// and for the resume check, where inputs are not adversarial.
package struct Fingerprint {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package init(_ text: String) {
        add(text)
    }

    package mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
        // A separator byte UTF-8 never uses, so ("ab", "c") and ("a", "bc") differ.
        value = (value ^ 0xFF) &* 0x0000_0100_0000_01B3
    }

    package mutating func add(_ data: Data) {
        data.withUnsafeBytes { add($0) }
    }

    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        value = hash
    }

    /// 16 lowercase hex digits.
    package var hex: String { Self.hex(value) }

    /// Any 64-bit value as 16 lowercase hex digits.
    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
