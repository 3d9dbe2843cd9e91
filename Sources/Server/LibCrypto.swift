import BreakdownOptions
import BreakdownSharedLibrary
import CLibCrypto
import BreakdownIO

/// OpenSSL's libcrypto, opened when `serve` starts or a URL signer is made: the binary does not
/// link it, so no other command loads it. Each function is looked up once into the shim's
/// table, whose member types are the headers' own.
struct LibCrypto: Sendable {
    /// What `dlopen` is given; LazyLibraryTests check it is the SONAME of the `-dev` package's link.
    static let library = SharedLibrary.Need(
        soname: "libcrypto.so.3", neededFor: "breakdown serve (signed URLs and ETags)", debianPackage: "libssl3")

    private let functions: breakdown_crypto_functions

    /// Opened once for the process (a `static let` is initialised once, thread-safely); a
    /// failure is kept too.
    private static let loaded = Result { () throws(SharedLibrary.LoadError) in try LibCrypto(SharedLibrary(library)) }

    /// libcrypto, or the one line (exit status 1) saying why it cannot be loaded.
    static func load() throws(CLIError) -> LibCrypto {
        do {
            return try loaded.get()
        } catch {
            throw .failure(error.message)
        }
    }

    private init(_ library: SharedLibrary) throws(SharedLibrary.LoadError) {
        functions = breakdown_crypto_functions(
            memcmp: try library.function("CRYPTO_memcmp"),
            sha256: try library.function("EVP_sha256"),
            digest: try library.function("EVP_Digest"),
            hmac: try library.function("HMAC"))
    }

    /// HMAC-SHA256 of `message` with `key` (32 bytes).
    func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBytes { messageBytes in
                functions.hmac(
                    functions.sha256(), keyBytes.baseAddress, Int32(keyBytes.count),
                    messageBytes.baseAddress?.assumingMemoryBound(to: UInt8.self), messageBytes.count, &output, &length)
            }
        }
        return Array(output.prefix(Int(length)))
    }

    /// SHA-256 of `bytes` (32 bytes).
    func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = input.withUnsafeMutableBytes { input in
            functions.digest(input.baseAddress, input.count, &output, &length, functions.sha256(), nil)
        }
        return Array(output.prefix(Int(length)))
    }

    /// Whether `a` and `b` are the same bytes, in time that depends only on their length.
    func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { a in b.withUnsafeBytes { b in functions.memcmp(a.baseAddress, b.baseAddress, a.count) == 0 } }
    }
}
