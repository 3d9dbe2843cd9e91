import BreakdownOptions
import BreakdownSharedLibrary
import CMicroHTTPD
import BreakdownIO

/// GNU libmicrohttpd, opened when `serve` starts its daemon: the binary does not link it, so no
/// other command loads it and its TLS libraries (gnutls, nettle, p11-kit…). Each function is
/// looked up once into the shim's table, whose member types are the header's own.
/// `@unchecked Sendable` is safe: the table holds function addresses only, written once (at
/// init) and only read after; the library is never closed.
struct MicroHTTPD: @unchecked Sendable {
    /// What `dlopen` is given; LazyLibraryTests check it is the SONAME of the `-dev` package's link.
    static let library = SharedLibrary.Need(
        soname: "libmicrohttpd.so.12", neededFor: "breakdown serve (the HTTP server)", debianPackage: "libmicrohttpd12")

    /// The table the shim's helpers call through (they take it first).
    let functions: breakdown_mhd_functions

    /// Opened once for the process (a `static let` is initialised once, thread-safely); a
    /// failure is kept too.
    private static let loaded = Result { () throws(SharedLibrary.LoadError) in try MicroHTTPD(SharedLibrary(library)) }

    /// libmicrohttpd, or the one line (exit status 1) saying why it cannot be loaded.
    static func load() throws(CLIError) -> MicroHTTPD {
        do {
            return try loaded.get()
        } catch {
            throw .failure(error.message)
        }
    }

    private init(_ library: SharedLibrary) throws(SharedLibrary.LoadError) {
        functions = breakdown_mhd_functions(
            start_daemon: try library.function("MHD_start_daemon"),
            stop_daemon: try library.function("MHD_stop_daemon"),
            quiesce_daemon: try library.function("MHD_quiesce_daemon"),
            get_daemon_info: try library.function("MHD_get_daemon_info"),
            create_response_from_buffer: try library.function("MHD_create_response_from_buffer"),
            create_response_from_callback: try library.function("MHD_create_response_from_callback"),
            add_response_header: try library.function("MHD_add_response_header"),
            queue_response: try library.function("MHD_queue_response"),
            destroy_response: try library.function("MHD_destroy_response"),
            lookup_connection_value: try library.function("MHD_lookup_connection_value"),
            get_connection_info: try library.function("MHD_get_connection_info"),
            get_connection_values_n: try library.function("MHD_get_connection_values_n"))
    }
}
