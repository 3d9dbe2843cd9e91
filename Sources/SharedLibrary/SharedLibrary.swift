#if canImport(Glibc)
    import Glibc
#endif

/// A C library opened with `dlopen` when it is first needed instead of linked, so that a process
/// that does not need it does not load it and its dependencies at start (poppler-glib,
/// libmicrohttpd and libcrypto with theirs were 25 of the binary's 90 libraries). Opened once and
/// never closed (`RTLD_NOW`: its symbols are bound at once; `RTLD_LOCAL`: what it defines is not
/// seen by other libraries), so the functions looked up in it stay valid for the life of the
/// process, on any thread.
///
/// `@unchecked Sendable` is safe: the handle is written once, in `init`, and never closed;
/// `dlsym` may be called from any thread.
package final class SharedLibrary: @unchecked Sendable {
    /// What a failure says: the library, what needs it and the Debian package that has it.
    package struct Need: Sendable {
        /// The name `dlopen` is given: the SONAME, `libpoppler-glib.so.8` (not the `-dev`
        /// package's unversioned link, which a machine without the `-dev` package lacks).
        package var soname: String
        /// What needs the library, as the failure's line says it: "PDF artwork (--logo-assets with PDFs)".
        package var neededFor: String
        /// The Debian package that installs `soname`: `libpoppler-glib8`.
        package var debianPackage: String

        package init(soname: String, neededFor: String, debianPackage: String) {
            self.soname = soname
            self.neededFor = neededFor
            self.debianPackage = debianPackage
        }
    }

    /// The library is missing, cannot be loaded, or lacks a function: one line naming the
    /// library, what needs it, the loader's reason and the package to install.
    package struct LoadError: Error, Sendable, CustomStringConvertible, Equatable {
        package var message: String
        package var description: String { message }

        init(_ need: Need, reason: String) {
            message = "cannot load \(need.soname), needed for \(need.neededFor): \(reason); install \(need.debianPackage)"
        }
    }

    package let need: Need
    private let handle: UnsafeMutableRawPointer

    /// Opens the library (`dlopen` searches as the dynamic loader does: LD_LIBRARY_PATH, the
    /// loader's cache, /lib and /usr/lib).
    package init(_ need: Need) throws(LoadError) {
        self.need = need
        guard let handle = dlopen(need.soname, RTLD_NOW | RTLD_LOCAL) else {
            throw LoadError(need, reason: Self.lastError(or: "dlopen failed"))
        }
        self.handle = handle
    }

    /// The function `name`, as `T`: a C function pointer type, `@convention(c)` (optional or
    /// not), whose declaration was checked against the library's header. Throws when the library
    /// has no such symbol (an older or newer library than the one built against).
    package func function<T>(_ name: String, as type: T.Type = T.self) throws(LoadError) -> T {
        precondition(
            MemoryLayout<T>.size == MemoryLayout<UnsafeRawPointer>.size,
            "SharedLibrary.function(\(name)): \(T.self) is not a C function pointer type")
        _ = dlerror()  // clear an earlier error, so the one read below is this lookup's
        guard let address = dlsym(handle, name) else {
            throw LoadError(need, reason: Self.lastError(or: "no symbol \(name)"))
        }
        return unsafeBitCast(address, to: T.self)
    }

    /// The loader's message for the call that just failed, on one line.
    private static func lastError(or fallback: String) -> String {
        guard let text = dlerror() else { return fallback }
        let message = String(cString: text).split(whereSeparator: \.isNewline).joined(separator: " ")
        return message.isEmpty ? fallback : message
    }
}
