// Coverage-guided fuzz harnesses (issue 22): one executable, one harness a run, named by the
// first argument. Built by Tools/fuzz-harnesses.sh with ASan, libFuzzer's coverage
// instrumentation and `-D BREAKDOWN_FUZZ`: it then hands the rest of the arguments to libFuzzer
// (`LLVMFuzzerRunDriver`). A plain `swift build` makes a replayer instead: `breakdown-fuzz
// HARNESS FILE…` runs each file through the harness once, which the regression tests use to
// replay what the fuzzer found.
//
// Each harness feeds the bytes to one parser through the entry point the program uses, and
// checks what must hold for any input: no crash or leak (the sanitizers), and a refusal is one
// short message, as the command line prints it.
import BreakdownBatch
import BreakdownDiff
import BreakdownEncode
import BreakdownOptions
import BreakdownPaint
import BreakdownServer
import CDeflate
import Foundation
import BreakdownIO

/// Stops the run as a finding: libFuzzer saves the input as the reproducer.
func finding(_ message: String) -> Never {
    FileHandle.standardError.write(Data("breakdown-fuzz: \(message)\n".utf8))
    abort()
}

/// A refusal says something, briefly: long values are quoted by their start and length
/// (QuotedValue), so no message comes near 1,000 characters. (Control characters in a message,
/// such as a newline a manifest holds, are escaped by the console when it is printed.)
func checkMessage(_ message: String, _ what: String) {
    if message.isEmpty || message.count > 1000 { finding("\(what): an error of \(message.count) characters: \(message.prefix(200).debugDescription)") }
}

/// A private scratch folder for the harnesses that read files (in TMPDIR), made when one first
/// needs it (not by a run that only reads its arguments: a top-level `let` is made as the line
/// runs) and removed at exit; the fuzz script's TMPDIR is removed too.
enum Scratch {
    static let path = "\(ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp")/breakdown-fuzz-\(getpid())"
    static let made: String = {
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()
}

func write(_ bytes: UnsafeRawBufferPointer, to path: String) {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { finding("cannot write \(path)") }
}

/// The manifest readers: every record read, up to 10,000 (the input is at most a few KiB).
func manifest(_ bytes: UnsafeRawBufferPointer, _ format: ManifestFormat) {
    do throws(CLIError) {
        let reader = try ManifestOpener.open(bytes: Array(bytes), format: format)
        var count = 0
        while count < 10_000, let record = try reader.next() {
            if case .failure(let problem) = record.fields { checkMessage(problem.message, "\(format) record") }
            count += 1
        }
    } catch {
        checkMessage(error.message, "\(format) manifest")
    }
}

/// The server's query decoder.
func query(_ bytes: UnsafeRawBufferPointer) {
    do {
        let pairs = try QueryString.pairs(Substring(String(decoding: bytes, as: UTF8.self)))
        if Set(pairs.map(\.key)).count != pairs.count { finding("query: a key given twice was accepted") }
    } catch {
        checkMessage(error.message, "query")
    }
}

/// The signature check: input is SIGNATURE, a newline, PATH-AND-QUERY. A signature made for a
/// path must be valid for it, and for no other path nor with another salt.
/// (Not a finding when libcrypto cannot be loaded: its one line, and exit status 2.)
let (signer, otherSalt): (URLSigner, URLSigner) = {
    do throws(CLIError) {
        return (try URLSigner(key: Array("fuzz-key".utf8), salt: Array("fuzz-salt".utf8)), try URLSigner(key: Array("fuzz-key".utf8), salt: Array("fuzz-salf".utf8)))
    } catch {
        FileHandle.standardError.write(Data("breakdown-fuzz: \(error.message)\n".utf8))
        exit(2)
    }
}()
func signature(_ bytes: UnsafeRawBufferPointer) {
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let given = parts[0]
    let path = parts.count > 1 ? parts[1] : ""
    let valid = signer.isValid(signature: given, for: path)
    let made = signer.signature(for: path)
    if !signer.isValid(signature: Substring(made), for: path) { finding("signature: the signature made for the path is refused") }
    if otherSalt.isValid(signature: Substring(made), for: path) { finding("signature: another salt accepts the signature") }
    if valid, given != made {
        // Only the one canonical text of the digest is accepted.
        finding("signature: \(given.debugDescription) accepted for \(path.debugDescription), expected \(made)")
    }
}

/// The asset catalog's Contents.json: a catalog with one imageset whose Contents.json is the
/// input (and a PDF and PNGs of each scale beside it), looked up at each scale.
func contentsJSON(_ bytes: UnsafeRawBufferPointer) {
    let catalog = "\(Scratch.made)/Assets.xcassets"
    let imageset = "\(catalog)/badge-afterpay-mint-on-black.imageset"
    if !FileManager.default.fileExists(atPath: imageset) {
        try? FileManager.default.createDirectory(atPath: imageset, withIntermediateDirectories: true)
        for name in ["a.pdf", "a.png", "a@2x.png", "a@3x.png", "a.svg"] {
            _ = FileManager.default.createFile(atPath: "\(imageset)/\(name)", contents: Data("x".utf8))
        }
    }
    write(bytes, to: "\(imageset)/Contents.json")
    do {
        let source = try ArtworkSource(directory: URL(fileURLWithPath: catalog))
        for scale in [1.0, 2.0, 3.0] { _ = try? source.file(for: "badge-afterpay-mint-on-black", scale: scale) }
    } catch {
        checkMessage("\(error)", "Contents.json")
    }
}

/// The artwork loaders: the input as an SVG, PDF or PNG file (by its first byte) in a folder of
/// SDK-named files, loaded as `--logo-assets` loads it; a parsed file must have a finite size.
func artwork(_ bytes: UnsafeRawBufferPointer) {
    let folder = "\(Scratch.made)/art-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let formats = ["svg", "pdf", "png"]
    let format = formats[Int(bytes.first ?? 0) % 3]
    write(UnsafeRawBufferPointer(rebasing: bytes.dropFirst()), to: "\(folder)/badge-afterpay-mint-on-black.\(format)")
    let library = ArtworkLibrary(directory: URL(fileURLWithPath: folder))
    do {
        let art = try library.artwork(named: "badge-afterpay-mint-on-black", scale: 2)
        if !(art.width > 0 && art.height > 0 && art.width.isFinite && art.height.isFinite) { finding("artwork: size \(art.width) × \(art.height)") }
    } catch {
        checkMessage("\(error)", "artwork")
    }
}

/// The PNG decoder `verify` and the snapshot library read references with.
func png(_ bytes: UnsafeRawBufferPointer) {
    do {
        let image = try PNGDecoder.decode(Array(bytes))
        if image.rgba.count != image.width * image.height * 4 { finding("png: \(image.rgba.count) bytes for \(image.width) × \(image.height)") }
    } catch {
        checkMessage("\(error)", "png")
    }
}

/// The PNG encoder: the first byte gives the width (1...64), the rest are Cairo ARGB32 words (any
/// bytes: invalid premultiplied data too), padded with transparent pixels to whole rows. Every
/// kernel set this CPU runs and every method must give a PNG whose image data, inflated by
/// libdeflate, is the rows filtered with None holding the straight RGBA worked out here by plain
/// division (Cairo's reader would premultiply again, which loses the exact values), and the
/// kernel sets must give the same bytes.
func pngEncode(_ bytes: UnsafeRawBufferPointer) {
    guard let first = bytes.first else { return }
    let width = Int(first % 64) + 1
    let pixelCount = max(1, (bytes.count - 1 + 3) / 4)
    let height = (pixelCount + width - 1) / width
    var words = [UInt32](repeating: 0, count: width * height)
    for index in 0..<pixelCount {
        var word: UInt32 = 0
        for byte in 0..<4 where 1 + index * 4 + byte < bytes.count {
            word |= UInt32(bytes[1 + index * 4 + byte]) << (8 * UInt32(byte))
        }
        words[index] = word
    }
    var scanlines: [UInt8] = []
    for (index, word) in words.enumerated() {
        if index % width == 0 { scanlines.append(0) }  // filter type None
        let alpha = Int(word >> 24)
        for shift in [16, 8, 0] {
            let channel = Int((word >> UInt32(shift)) & 0xFF)
            scanlines.append(alpha == 0 ? 0 : UInt8(truncatingIfNeeded: (channel * 255 + alpha / 2) / alpha))
        }
        scanlines.append(UInt8(alpha))
    }
    for method in [PNGEncoder.Method.runLength, .automatic] {
        var reference: [UInt8]?
        for set in PNGKernels.available {
            do {
                let encoder = try PNGEncoder(method: method, kernels: set)
                let png = try words.withUnsafeBytes { try encoder.encode(width: width, height: height, stride: width * 4, argb32: $0.baseAddress!) }
                if inflatedImageData(png, size: scanlines.count) != scanlines {
                    finding("png-encode: \(width) × \(height), \(method), kernels \(set.rawValue): other scanlines")
                }
                if let reference, reference != png { finding("png-encode: kernel set \(set.rawValue) writes other bytes (\(method))") }
                reference = png
            } catch {
                finding("png-encode: \(width) × \(height), \(method): \(error)")
            }
        }
    }
}

/// The inflated IDAT of a PNG with one IDAT chunk (the encoder writes one), or nil.
func inflatedImageData(_ png: [UInt8], size: Int) -> [UInt8]? {
    var offset = 8
    while offset + 8 <= png.count {
        let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        let kind = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
        guard offset + 12 + length <= png.count else { return nil }
        if kind == "IDAT" {
            guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
            defer { libdeflate_free_decompressor(decompressor) }
            var output = [UInt8](repeating: 0, count: size)
            var actual = 0
            let result = png.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { destination in
                    libdeflate_zlib_decompress(
                        decompressor, source.baseAddress! + offset + 8, length, destination.baseAddress, size, &actual)
                }
            }
            return result == LIBDEFLATE_SUCCESS && actual == size ? output : nil
        }
        offset += 12 + length
    }
    return nil
}

/// The batch journal reader: the input is the journal of an output folder, opened as a batch
/// opens it, then names looked up as resume does.
func journal(_ bytes: UnsafeRawBufferPointer) {
    let output = "\(Scratch.made)/out"
    try? FileManager.default.createDirectory(atPath: "\(output)/.breakdown-batch", withIntermediateDirectories: true)
    write(bytes, to: "\(output)/.breakdown-batch/journal")
    do {
        _ = try BatchJournalProbe.probe(outputFolder: output, names: ["a", "b", "p", "en_AU-10.50-0123456789"])
    } catch {
        checkMessage(error.message, "journal")
    }
}

let harnesses: [String: (UnsafeRawBufferPointer) -> Void] = [
    "ndjson": { manifest($0, .ndjson) }, "json": { manifest($0, .json) }, "csv": { manifest($0, .csv) },
    "query": query, "signature": signature, "contents-json": contentsJSON, "artwork": artwork, "png": png, "journal": journal,
    "png-encode": pngEncode,
]

var arguments = CommandLine.arguments
guard arguments.count >= 2, let harness = harnesses[arguments[1]] else {
    FileHandle.standardError.write(Data("usage: breakdown-fuzz HARNESS [FILE…|libFuzzer options]; harnesses: \(harnesses.keys.sorted().joined(separator: ", "))\n".utf8))
    exit(2)
}
nonisolated(unsafe) let chosen = harness
defer { try? FileManager.default.removeItem(atPath: Scratch.path) }

#if BREAKDOWN_FUZZ
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

// libFuzzer gets argv without the harness name.
var argc = CommandLine.argc - 1
let argv = CommandLine.unsafeArgv
argv[1] = argv[0]
var shifted = argv + 1
let status = runDriver(&argc, &shifted) { data, size in
    chosen(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
try? FileManager.default.removeItem(atPath: Scratch.path)
exit(status)
#else
for path in arguments.dropFirst(2) {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("breakdown-fuzz: cannot read \(path)\n".utf8))
        try? FileManager.default.removeItem(atPath: Scratch.path)
        exit(2)
    }
    data.withUnsafeBytes { chosen($0) }
    print("ok \(path)")
}
try? FileManager.default.removeItem(atPath: Scratch.path)
#endif
