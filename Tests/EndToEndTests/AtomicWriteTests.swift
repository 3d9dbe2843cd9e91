import Foundation
import Testing
import BreakdownTestSupport

/// Atomic writes, checked without timing: `render` and `batch` run under `strace`, which lists
/// every file the process opens and renames. A final name (an image, its metadata, its snippet)
/// must never be opened for writing, only be the target of a rename: then no reader, and no kill
/// at any moment, can see a partly written file under it.
@Suite struct AtomicWriteTests {
    typealias Support = BatchTestSupport

    /// What strace saw: paths opened for writing, and rename targets.
    struct Trace {
        var openedForWriting: Set<String> = []
        var renamedTo: Set<String> = []
    }

    static let strace: String? = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs the breakdown executable with `arguments` under `strace -f`; returns its status and trace.
    static func traced(_ arguments: [String], log: URL) throws -> (status: Int32, trace: Trace) {
        let strace = try #require(Self.strace, "strace is missing: `make deps` installs it (Debian package strace)")
        let executable = try #require(BinaryRunner.executable, "build the breakdown executable first (swift build)")
        // -y prints each descriptor's path (`3</tmp/out>`), so *at calls resolve to whole paths.
        let result = try BinaryRunner.run(
            command: strace, ["-f", "-qq", "-y", "-s", "4096", "-e", "trace=%file", "-o", log.path, executable.path] + arguments)
        var trace = Trace()
        let text = try String(contentsOf: log, encoding: .utf8)
        for line in text.split(separator: "\n") {
            guard let call = line.firstRange(of: /(open|openat|openat2|creat|rename|renameat|renameat2|link|linkat)\(/) else { continue }
            let name = String(line[call].dropLast())
            let arguments = line[call.upperBound...]
            // The paths, each string joined to the descriptor before it (AT_FDCWD: as written).
            var paths: [String] = []
            var folder: String?
            for token in arguments.matches(of: /AT_FDCWD|\d+<((?:[^>\\]|\\.)*)>|"((?:[^"\\]|\\.)*)"/) {
                if let string = token.output.2 {
                    let path = String(string)
                    paths.append(path.hasPrefix("/") || folder == nil ? path : folder! + "/" + path)
                    folder = nil
                } else {
                    folder = token.output.1.map(String.init)
                }
            }
            switch name {
            case "open", "openat", "openat2", "creat":
                guard let path = paths.first else { continue }
                if name == "creat" || arguments.contains("O_WRONLY") || arguments.contains("O_RDWR") || arguments.contains("O_CREAT")
                    || arguments.contains("O_TRUNC")
                {
                    trace.openedForWriting.insert(path)
                }
            default:
                if paths.count >= 2 { trace.renamedTo.insert(paths[1]) }
            }
        }
        #expect(!text.contains("PTRACE"), "strace could not trace: \(text.prefix(300))")
        return (result.status, trace)
    }

    /// Every visible file of a folder (resume data in hidden files is the engine's business).
    static func finalFiles(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.map { folder.path + "/" + $0 }
    }

    @Test func batchOnlyRenamesIntoFinalNames() throws {
        let folder = try Support.temporaryFolder("atomic-batch")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.ndjson")
        try Support.write(Support.ndjson(count: 6, extra: #", "format": ["png", "svg"]"#), to: manifest)
        let output = folder.appendingPathComponent("out")
        let (status, trace) = try Self.traced(
            ["batch", manifest.path, "-o", output.path, "--jobs", "2", "--metadata", "--html"], log: folder.appendingPathComponent("strace.log"))
        #expect(status == 0)
        let finals = try Self.finalFiles(output)
        // 6 records × (png + svg + 2 metadata + snippet).
        #expect(finals.count == 30)
        for path in finals {
            #expect(!trace.openedForWriting.contains(path), "\(path) was opened for writing")
            #expect(trace.renamedTo.contains(path), "\(path) was not renamed into place")
        }
    }

    @Test func renderOnlyRenamesIntoFinalNames() throws {
        let folder = try Support.temporaryFolder("atomic-render")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("a.png").path
        let metadata = folder.appendingPathComponent("a.json").path
        let (status, trace) = try Self.traced(
            ["render", "--amount", "100", "-o", image, "--metadata", metadata], log: folder.appendingPathComponent("strace.log"))
        #expect(status == 0)
        #expect(Support.isWholePNG(URL(fileURLWithPath: image)))
        for path in [image, metadata] {
            #expect(!trace.openedForWriting.contains(path), "\(path) was opened for writing")
            #expect(trace.renamedTo.contains(path), "\(path) was not renamed into place")
        }
        // The trace is read right: the temporary files were opened for writing.
        #expect(trace.openedForWriting.contains { $0.hasPrefix(folder.path + "/.a.png.") && $0.hasSuffix(".tmp") })
    }
}
