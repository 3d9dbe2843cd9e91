import BreakdownSharedLibrary
import CPoppler

/// poppler's GLib API, opened the first time a PDF is drawn (official artwork from an asset
/// catalog): the binary does not link libpoppler-glib, whose dependencies (poppler, NSS, lcms2,
/// OpenJPEG, libtiff…) every other process would load for nothing. Each function is looked up once, by the type CPoppler.h declares
/// for it (checked against <poppler.h>).
struct Poppler: Sendable {
    /// What `dlopen` is given; PopplerTests check it is the SONAME of the `-dev` package's link.
    static let library = SharedLibrary.Need(
        soname: "libpoppler-glib.so.8", neededFor: "PDF artwork (--logo-assets with PDFs)", debianPackage: "libpoppler-glib8")

    let documentNewFromBytes: breakdown_poppler_document_new_from_bytes_fn
    let documentGetNPages: breakdown_poppler_document_get_n_pages_fn
    let documentGetPage: breakdown_poppler_document_get_page_fn
    let pageGetSize: breakdown_poppler_page_get_size_fn
    let pageRender: breakdown_poppler_page_render_fn

    /// Opened once for the process (a `static let` is initialised once, thread-safely); a
    /// failure is kept too, and thrown at each PDF.
    private static let loaded = Result { () throws(SharedLibrary.LoadError) in try Poppler(SharedLibrary(library)) }

    /// poppler, or the one line saying why it cannot be loaded.
    static func load() throws(PaintError) -> Poppler {
        do {
            return try loaded.get()
        } catch {
            throw PaintError(error.message, isEnvironment: true)
        }
    }

    private init(_ library: SharedLibrary) throws(SharedLibrary.LoadError) {
        documentNewFromBytes = try library.function("poppler_document_new_from_bytes")
        documentGetNPages = try library.function("poppler_document_get_n_pages")
        documentGetPage = try library.function("poppler_document_get_page")
        pageGetSize = try library.function("poppler_page_get_size")
        pageRender = try library.function("poppler_page_render")
    }
}
