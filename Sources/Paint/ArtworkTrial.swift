import BreakdownLocking
import CPangoCairo
import Foundation

/// Every artwork file is first drawn in a child process (the same binary, `__artwork-trial`)
/// before this process parses it, so that what poppler and librsvg cannot bound or survive ends
/// in one line instead of taking the process with it:
///
/// - a drawing-time budget: `cpuSeconds` of processor time for each file (`RLIMIT_CPU`, raised
///   by that much before each), and `wallSeconds` on the clock, after which the child is killed
///   (nested forms, an image drawn thousands of times, `feTurbulence` with a million octaves);
/// - a memory bound: `memoryBytes` of address space above what the child holds when it starts
///   (`RLIMIT_AS`, never above the limit it inherits), so a sampled function that needs 2 GB
///   fails there, and an "Out of memory" that poppler prints and shrugs off is a refusal here;
/// - a crash of the library (librsvg aborts on `feConvolveMatrix order="32"`; any signal) is
///   named as such;
/// - a blank drawing is refused: an empty page, or content wholly outside the page or viewBox,
///   draws nothing where the logo goes.
///
/// The child draws the files' bytes as this process read them (given on its standard input, so
/// it draws exactly what will be parsed here), each filling an image `trialPixels` on its longer
/// side, larger than any logo drawn. Several files go to one child (`serve` and `assets` check a
/// folder's files at once: one child per file made `serve`'s start three times longer); after a
/// crash, the files after the one that crashed go to a new child. A file that passed is
/// remembered by its bytes, so a batch or a server tries each file once. Only the binary turns
/// trials on (`enable`): code linked into another program (the snapshot library, the tests)
/// draws in process as before.
package enum ArtworkTrial {
    /// The hidden subcommand the child runs.
    package static let command = "__artwork-trial"
    /// Processor time a file may take to draw.
    static let cpuSeconds = 2
    /// Time on the clock for one file before the child is killed (a loaded machine is slower).
    static let wallSeconds = 20.0
    /// Address space a file may take to draw, above the child's own at its start.
    static let memoryBytes = 256 << 20
    /// The longer side of the image the child draws into.
    static let trialPixels = 1024

    private struct State {
        var executable: String?
        /// Files that passed, by their bytes (not tried again). Kept as `[UInt8]`, not `Data`:
        /// `Data` holds its storage in an enum whose tag shares the reference's bits, which
        /// LeakSanitizer does not take for a pointer, so every file kept here for the process's
        /// life was reported as leaked.
        var passed: Set<[UInt8]> = []
        /// Files refused, with their problem (not tried again).
        var refused: [[UInt8]: PaintError] = [:]
        /// Children running now (killed by `stopChildren`).
        var children: Set<pid_t> = []
    }

    private static let state = Locked(State())

    /// Turns trials on for this process: `executable` is the binary itself.
    package static func enable(executable: String) {
        state.withLock { $0.executable = executable }
    }

    /// Turns trials on with the running executable (`/proc/self/exe`) as the child.
    package static func enableForThisExecutable() {
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { return }
        enable(executable: String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Kills the children running now (a server stopped while it starts).
    package static func stopChildren() {
        for child in state.withLock({ $0.children }) { kill(child, SIGKILL) }
    }

    /// Draws `data` (a file of `format`) in a child process when trials are on, else in this
    /// process; throws the one-line problem when the drawing is refused (blank, or almost
    /// nothing drawn), or the child crashes or overruns a bound.
    static func check(_ data: Data, format: ArtworkSource.FileFormat) throws(PaintError) {
        if let problem = checkAll([(data, format)]).first ?? nil { throw problem }
    }

    /// Tries several files (one child for all, unless one crashes it): each one's problem, or
    /// nil for a file that passed. With trials off (a library user's process, which has no
    /// binary to start) each file is drawn here instead: no bounds, but the same refusals of a
    /// drawing that would be a blank or a dot where the logo goes, whatever the door.
    static func checkAll(_ files: [(data: Data, format: ArtworkSource.FileFormat)]) -> [PaintError?] {
        var results = [PaintError?](repeating: nil, count: files.count)
        let (executable, passed, refused) = state.withLock { ($0.executable, $0.passed, $0.refused) }
        // Each distinct file once.
        let keys = files.map { [UInt8]($0.data) }
        var seen = Set<[UInt8]>()
        var pending: [Int] = []
        for (index, key) in keys.enumerated() {
            if let problem = refused[key] {
                results[index] = problem
            } else if !passed.contains(key), seen.insert(key).inserted {
                pending.append(index)
            }
        }
        if let executable {
            while !pending.isEmpty {
                let outcomes = run(executable, files: pending.map { files[$0] })
                for (offset, outcome) in outcomes.enumerated() { results[pending[offset]] = outcome }
                pending.removeFirst(max(1, outcomes.count))
            }
        } else {
            for index in pending {
                do throws(PaintError) {
                    try draw(files[index].data, format: files[index].format)
                } catch {
                    results[index] = error
                }
            }
        }
        state.withLock { state in
            for (index, key) in keys.enumerated() {
                if let problem = results[index] {
                    if !problem.isEnvironment { state.refused[key] = problem }
                } else {
                    state.passed.insert(key)
                }
            }
        }
        // A file given twice has its first copy's outcome.
        for (index, file) in files.enumerated() where results[index] == nil {
            if let first = files.firstIndex(where: { $0.data == file.data }), first != index { results[index] = results[first] }
        }
        return results
    }

    // MARK: - Parent

    /// One child for `files`: the outcomes of the files it got through, in order, ending with
    /// the one it died on (the caller gives the rest to a new child).
    private static func run(_ executable: String, files: [(data: Data, format: ArtworkSource.FileFormat)]) -> [PaintError?] {
        do throws(PaintError) {
            return try runChild(executable, files: files)
        } catch {
            return [error]
        }
    }

    private static func runChild(_ executable: String, files: [(data: Data, format: ArtworkSource.FileFormat)]) throws(PaintError) -> [PaintError?] {
        // The files go in an unlinked temporary file, the child's standard input: for each, a
        // line "FORMAT LENGTH" and its bytes.
        var template = Array((NSTemporaryDirectory() + "/breakdown-artwork-XXXXXX").utf8CString)
        let input = mkstemp(&template)
        guard input >= 0 else { throw PaintError("cannot make a temporary file to try the artwork in (\(String(cString: strerror(errno))))", isEnvironment: true) }
        _ = unlink(template)
        defer { close(input) }
        var bytes = Data()
        for file in files { bytes += Data("\(file.format.rawValue) \(file.data.count)\n".utf8) + file.data }
        let written = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        guard written == bytes.count, lseek(input, 0, SEEK_SET) == 0 else {
            throw PaintError("cannot write the temporary file to try the artwork in", isEnvironment: true)
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw PaintError("cannot make a pipe to try the artwork", isEnvironment: true) }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        let words: [String] = [executable, command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = state.withLock { state -> Int32 in
            let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
            if result == 0 { state.children.insert(pid) }
            return result
        }
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else {
            throw PaintError("cannot start \(executable) to try the artwork (\(String(cString: strerror(spawned))))", isEnvironment: true)
        }
        // Its output, line by line, until it ends or the clock runs out on one file.
        var outcomes: [PaintError?] = []
        var current: Int?
        var said = [UInt8]()
        var pendingLine = [UInt8]()
        var room: (bytes: Int, resident: Int)?
        var buffer = [UInt8](repeating: 0, count: 4096)
        var deadline = DispatchTime.now().uptimeNanoseconds + UInt64(wallSeconds * 1e9)
        var killed = false
        func take(_ line: [UInt8]) {
            let text = String(decoding: line, as: UTF8.self)
            guard text.hasPrefix("\(command): ") else {
                if said.count < 65536 { said += line.prefix(65536 - said.count) + [10] }
                return
            }
            let words = text.dropFirst(command.count + 2).split(separator: " ", maxSplits: 2)
            switch words.first {
            case "room" where words.count == 3:
                if let bytes = Int(words[1]), let resident = Int(words[2]) { room = (bytes, resident) }
            case "begin":
                current = outcomes.count
                said = []
                deadline = DispatchTime.now().uptimeNanoseconds + UInt64(wallSeconds * 1e9)
            case "ok" where outcomes.count < files.count:
                outcomes.append(ranOut(said, format: files[outcomes.count].format, allowance: room?.bytes))
                current = nil
            case "refused:" where outcomes.count < files.count, "unavailable:" where outcomes.count < files.count:
                // "unavailable": the machine lacks what drawing it needs (poppler), not bad input.
                let message = text.dropFirst(command.count + 2 + words[0].count + 1)
                let problem = PaintError(String(message), isEnvironment: words[0] == "unavailable:")
                outcomes.append(ranOut(said, format: files[outcomes.count].format, allowance: room?.bytes) ?? problem)
                current = nil
            default:
                break
            }
        }
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline {
                kill(pid, SIGKILL)
                killed = true
                break
            }
            var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(1000, (deadline - now) / 1_000_000 + 1)))
            if ready <= 0 { continue }
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            for byte in buffer[0..<count] {
                if byte == 10 {
                    take(pendingLine)
                    pendingLine = []
                } else if pendingLine.count < 4096 {
                    pendingLine.append(byte)
                }
            }
        }
        if !pendingLine.isEmpty { take(pendingLine) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        state.withLock { _ = $0.children.remove(pid) }
        guard outcomes.count < files.count else { return outcomes }
        // It died on a file (`current`), or before it began one.
        let format = files[outcomes.count].format
        let library = format == .svg ? "librsvg" : format == .pdf ? "poppler" : "Cairo"
        let signal = status & 0x7F
        if killed {
            outcomes.append(PaintError("drawing it did not end within \(Int(wallSeconds)) s on the clock (an artwork file must draw within \(cpuSeconds) s of processor time)"))
        } else if signal == SIGXCPU {
            outcomes.append(PaintError("drawing it takes more than \(cpuSeconds) s of processor time, the budget for an artwork file (\(library) did not finish)"))
        } else if let memory = ranOut(said, format: format, allowance: room?.bytes) {
            outcomes.append(memory)
        } else if let room, usage.ru_maxrss * 1024 - room.resident >= room.bytes * 3 / 4 {
            // It grew to near its bound and died there.
            outcomes.append(memoryProblem(room.bytes, library: library))
        } else if signal != 0, current != nil {
            outcomes.append(PaintError("\(library) crashed drawing it (signal \(signal)): it uses something \(library) cannot draw"))
        } else {
            let last = String(decoding: said, as: UTF8.self).split(whereSeparator: \.isNewline).last.map { String($0.prefix(200)) } ?? "nothing"
            throw PaintError("trying the artwork in a child process failed (status \(status): \(last))", isEnvironment: current == nil)
        }
        return outcomes
    }

    /// The memory problem when what the child said while drawing a file shows it ran out
    /// (poppler prints "Out of memory" and draws the rest without what it could not allocate:
    /// never a drawing to keep).
    private static func ranOut(_ said: [UInt8], format: ArtworkSource.FileFormat, allowance: Int?) -> PaintError? {
        let text = String(decoding: said, as: UTF8.self)
        guard text.localizedCaseInsensitiveContains("out of memory") || text.contains("memory allocation failed") else { return nil }
        return memoryProblem(allowance, library: format == .svg ? "librsvg" : format == .pdf ? "poppler" : "Cairo")
    }

    private static func memoryProblem(_ allowance: Int?, library: String) -> PaintError {
        let bound = allowance.map { $0 < memoryBytes } == true
            ? "\(max(allowance ?? 0, 0) >> 20) MiB of memory, what the process's own limit left of the bound of \(memoryBytes >> 20) MiB"
            : "\(memoryBytes >> 20) MiB of memory, the bound"
        return PaintError("drawing it needs more than \(bound) for an artwork file (\(library) ran out)")
    }

    // MARK: - Child

    /// The child: bounds itself, reads the files from standard input, draws each, and prints
    /// `__artwork-trial: begin`, then `__artwork-trial: ok` or `__artwork-trial: refused: …`
    /// for each. Returns the exit status.
    package static func childMain(_ arguments: [String]) -> Int32 {
        guard arguments.isEmpty else {
            say("\(command): refused: takes its files on standard input")
            return 2
        }
        bound()
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(0, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        var offset = 0
        while offset < bytes.count {
            guard let newline = bytes[offset...].firstIndex(of: 10) else { break }
            let header = String(decoding: bytes[offset..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 2, let format = ArtworkSource.FileFormat(rawValue: String(header[0])), let length = Int(header[1]),
                length >= 0, newline + 1 + length <= bytes.count
            else { break }
            let data = Data(bytes[(newline + 1)..<(newline + 1 + length)])
            offset = newline + 1 + length
            allowProcessorTime()
            say("\(command): begin")
            do throws(PaintError) {
                try draw(data, format: format)
                say("\(command): ok")
            } catch {
                say("\(command): \(error.isEnvironment ? "unavailable" : "refused"): \(error.message)")
            }
        }
        return 0
    }

    /// One line on standard output, written at once.
    private static func say(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }

    /// The child's own limits: processor time and address space (never above what it
    /// inherited). Says how much it may grow and what it holds now, so the parent tells running
    /// out of memory from a crash.
    private static func bound() {
        // The mask and dispositions it inherited (a test runner, a server, block signals) would
        // keep SIGXCPU from stopping it: every signal unblocked, SIGXCPU's default action.
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        signal(SIGXCPU, SIG_DFL)
        allowProcessorTime()
        var space = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &space)
        let (start, resident) = currentMemory()
        space.rlim_cur = min(space.rlim_max, min(space.rlim_cur, rlim_t(start + memoryBytes)))
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &space)
        let room = space.rlim_cur == rlim_t.max ? memoryBytes : Int(space.rlim_cur) - start
        say("\(command): room \(room) \(resident)")
    }

    /// Processor time: `cpuSeconds` more than used so far (SIGXCPU at the soft limit).
    private static func allowProcessorTime() {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        var cpu = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu)
        let used = rlim_t(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + 1)
        cpu.rlim_cur = min(cpu.rlim_max, used + rlim_t(cpuSeconds))
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu)
    }

    /// The address space this process holds now and its resident part, in bytes (the first two
    /// fields of /proc/self/statm, in pages).
    private static func currentMemory() -> (addressSpace: Int, resident: Int) {
        let fields = ((try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int($0) }
        guard fields.count >= 2 else { return (1 << 30, 0) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        return (fields[0] * page, fields[1] * page)
    }

    /// Parses and draws the file as the parent would (into a recording, then onto an image),
    /// and refuses a drawing that leaves the image blank.
    static func draw(_ data: Data, format: ArtworkSource.FileFormat) throws(PaintError) {
        let artwork = try ParsedArtwork(data, format: format, stylesheet: "")
        defer { artwork.release() }
        let ratio = artwork.size.width / artwork.size.height
        let width = ratio >= 1 ? trialPixels : max(1, Int((Double(trialPixels) * ratio).rounded()))
        let height = ratio >= 1 ? max(1, Int((Double(trialPixels) / ratio).rounded())) : trialPixels
        let recording = try CairoSurface.recording(width: Double(width), height: Double(height))
        let context = try CairoContext(surface: recording)
        try artwork.draw(width: Double(width), height: Double(height), in: context.pointer)
        try context.check()
        let image = try CairoSurface.image(width: width, height: height)
        let imageContext = try CairoContext(surface: image)
        cairo_set_source_surface(imageContext.pointer, recording.pointer, 0, 0)
        cairo_paint(imageContext.pointer)
        try imageContext.check()
        cairo_surface_flush(image.pointer)
        guard let pixels = cairo_image_surface_get_data(image.pointer) else { throw PaintError("cannot read the drawn image") }
        let stride = Int(cairo_image_surface_get_stride(image.pointer))
        let bounds = format == .pdf ? "page" : format == .svg ? "viewBox" : "image"
        // The box of what is drawn at least half opaque, and whether anything is drawn at all.
        var drawn = false
        var left = width, right = -1, top = height, bottom = -1
        for row in 0..<height {
            let line = pixels + row * stride
            for column in 0..<width {
                let alpha = line[column * 4 + 3]
                if alpha != 0 { drawn = true }
                guard alpha >= 128 else { continue }
                left = min(left, column)
                right = max(right, column)
                top = min(top, row)
                bottom = max(bottom, row)
            }
        }
        guard drawn else {
            throw PaintError("it draws nothing inside its \(bounds) (an empty page, or content outside it): artwork must draw the logo inside its own bounds")
        }
        // A logo fills its file: a speck on a huge page, or a drawing blurred away to nothing,
        // would be drawn as a dot where the logo goes. Every logo file measured spans at least
        // 84% of each side (the iOS SDK's, the Android SDK's, this project's); a quarter is asked.
        let spanned = (across: right < left ? 0 : right - left + 1, down: bottom < top ? 0 : bottom - top + 1)
        if spanned.across * minimumShare < width || spanned.down * minimumShare < height {
            throw PaintError(
                "it draws almost nothing inside its \(bounds): what it draws at least half opaque spans \(Self.percent(spanned.across, of: width)) of its width and \(Self.percent(spanned.down, of: height)) of its height, and a logo must fill at least a quarter of each (crop the \(bounds) to the logo)")
        }
    }

    /// How much of a side what is drawn must span: at least 1 / this.
    static let minimumShare = 4

    private static func percent(_ part: Int, of whole: Int) -> String {
        "\(Int((Double(part) * 100 / Double(max(1, whole))).rounded()))%"
    }
}
