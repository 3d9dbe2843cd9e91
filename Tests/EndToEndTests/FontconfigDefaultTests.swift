import Foundation
import Testing
import BreakdownTestSupport

/// Every Pango font map the renderer makes is given the project's fontconfig configuration, so
/// the system's default one (/etc/fonts/fonts.conf, its conf.d and the system font caches) is
/// never needed. Pango's first font map loads that default in a thread of its own unless a
/// configuration is current: the first font library's is made current, and the default is never
/// read. What a real process opens, in every thread, is traced with `strace`.
@Suite struct FontconfigDefaultTests {
    @Test("drawing either view, in one image or a batch, never reads the system's fontconfig configuration")
    func theSystemConfigurationIsNeverRead() throws {
        let strace = try #require(AtomicWriteTests.strace, "strace is missing: `make deps` installs it (Debian package strace)")
        let executable = try #require(BinaryRunner.executable, "build the breakdown executable first (swift build)")
        let folder = try BatchTestSupport.temporaryFolder("fontconfig-default")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("records.ndjson")
        try Data("{\"amount\": \"40.00\", \"name\": \"a\"}\n{\"amount\": \"44.04\", \"name\": \"b\"}\n".utf8).write(to: manifest)
        let commands: [(what: String, arguments: [String], image: String)] = [
            ("render", ["render", "--amount", "100", "-o", folder.appendingPathComponent("ios.png").path], "ios.png"),
            ("render, Android", ["render", "--platform", "android", "--amount", "100", "-o", folder.appendingPathComponent("android.png").path], "android.png"),
            ("batch", ["batch", manifest.path, "-o", folder.appendingPathComponent("out").path, "--jobs", "2", "--quiet"], "out/b.png"),
        ]
        for (index, command) in commands.enumerated() {
            let log = folder.appendingPathComponent("strace-\(index).log")
            let result = try BinaryRunner.run(command: strace, ["-f", "-qq", "-e", "trace=openat,open", "-o", log.path, executable.path] + command.arguments)
            #expect(result.status == 0, "\(command.what): \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(command.image).path), "\(command.what)")
            let opened = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
            // The trace is live: the fonts are opened (Inter, from the project's configuration).
            let fonts = opened.filter { $0.contains("Inter") }
            #expect(!fonts.isEmpty, "\(command.what): no font opened in \(opened.count) lines")
            let system = opened.filter { $0.contains("\"/etc/fonts/") || $0.contains("\"/var/cache/fontconfig/") }
            #expect(system.isEmpty, "\(command.what) opened \(system.count) of the system's fontconfig files: \(Array(system.prefix(3)))")
        }
    }
}
