@testable import BreakdownBatch
@testable import BreakdownEncode
@testable import BreakdownGallery
@testable import BreakdownOptions
import BreakdownTestSupport
import Foundation
import Testing
@testable import CLITestSupport

/// What is generated from the option table, checked with real tools: bash completes option names
/// and choice words, `man` renders a page that lists every option of every subcommand, and
/// Python's `jsonschema` validates manifests against `breakdown schema` the way batch judges them.
/// The options expected are read from each subcommand's `--help` output.
@Suite struct GeneratedFromOptionsTests {
    static let subcommands = ["describe", "render", "batch", "report", "gallery", "verify", "bench", "assets", "serve", "completions", "schema", "version"]

    /// `--name` words of a subcommand, as its `--help` lists them (plus `--help`).
    static func helpOptions(_ command: String) throws -> [String] {
        let help = try InProcessCLI.run(command, "--help").stdout
        var options: [String] = []
        // Entries start two spaces in: `  --name <value>   text` or `  -o, --output <path>   text`.
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            for word in line.split(separator: " ").prefix(2) where word.hasPrefix("--") {
                let name = String(word.trimmingCharacters(in: CharacterSet(charactersIn: ",")))
                if !options.contains(name) { options.append(name) }
            }
        }
        return options
    }

    /// The words `--name` accepts, from "(values: a, b, c…" in its help line.
    static func helpValues(_ command: String, option: String) throws -> [String] {
        let help = try InProcessCLI.run(command, "--help").stdout
        let line = try #require(help.split(separator: "\n").first { $0.contains(option + " <") })
        let start = try #require(line.range(of: "values: "))
        let rest = line[start.upperBound...]
        let end = rest.firstIndex { $0 == ";" || $0 == ")" } ?? rest.endIndex
        return rest[..<end].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("breakdown-generated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: - Completions

    /// COMPREPLY after completing `words` (the last one being completed) with the bash script.
    static func complete(_ script: URL, _ words: [String]) throws -> [String] {
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let program = "source '\(script.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _breakdown; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try ShellCommand.run("bash", ["--norc", "--noprofile", "-c", program])
        #expect(result.status == 0, "\(result.errors)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesSubcommandsOptionsAndChoices() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("breakdown.bash")
        let generated = try BinaryRunner.run("completions", "bash")
        #expect(generated.status == 0)
        try Data(generated.stdout.utf8).write(to: script)

        #expect(Set(try Self.complete(script, ["breakdown", ""])).isSuperset(of: Self.subcommands))
        #expect(try Self.complete(script, ["breakdown", "ren"]) == ["render"])
        #expect(try Self.complete(script, ["breakdown", "he"]) == ["help"], "help is a first word too, as zsh and fish offer it")
        for command in Self.subcommands {
            let expected = try Self.helpOptions(command)
            #expect(!expected.isEmpty)
            let offered = try Self.complete(script, ["breakdown", command, "--"])
            #expect(Set(offered) == Set(expected), "\(command): offered \(offered), help lists \(expected)")
        }
        #expect(try Self.complete(script, ["breakdown", "render", "--lo"]) == ["--locale", "--logo", "--logo-assets"])
        #expect(try Self.complete(script, ["breakdown", "render", "--logo", ""]) == (try Self.helpValues("render", option: "--logo")))
        #expect(try Self.complete(script, ["breakdown", "batch", "--scale", ""]) == ["0.75", "1", "1.5", "2", "2.625", "3", "3.5", "4"])
        #expect(try Self.complete(script, ["breakdown", "completions", "z"]) == ["zsh"])
        // Text options whose values the content checks: the merchant locales and currencies.
        #expect(try Self.complete(script, ["breakdown", "render", "--locale", "en_"]) == ["en_AU", "en_NZ", "en_CA", "en_GB", "en_US"])
        #expect(try Self.complete(script, ["breakdown", "batch", "--currency", ""]) == ["AUD", "CAD", "GBP", "NZD", "USD"])
        #expect(try Self.complete(script, ["breakdown", "render", "--device-locale", "en_"]) == [], "any locale: nothing offered")
    }

    @Test func zshAndFishScriptsNameEveryOption() throws {
        for shell in ["zsh", "fish"] {
            let result = try BinaryRunner.run("completions", shell)
            #expect(result.status == 0)
            for command in Self.subcommands {
                #expect(result.stdout.contains(command), "\(shell) lacks \(command)")
                for option in try Self.helpOptions(command) where option != "--help" {
                    let name = option.dropFirst(2)
                    let spelled = shell == "zsh" ? "'" + option + "[" : "-l \(name) "
                    #expect(result.stdout.contains(spelled) || result.stdout.contains("'*" + option + "["), "\(shell) lacks \(option) for \(command)")
                }
            }
        }
        let zsh = try BinaryRunner.run("completions", "zsh").stdout, fish = try BinaryRunner.run("completions", "fish").stdout
        #expect(zsh.contains(":locale:(en_AU en_NZ en_CA fr_CA en_GB en_US)'") && zsh.contains(":currency:(AUD CAD GBP NZD USD)'"))
        #expect(fish.contains("-l locale -x -a 'en_AU en_NZ en_CA fr_CA en_GB en_US'") && fish.contains("-l currency -x -a 'AUD CAD GBP NZD USD'"))
        let bad = try BinaryRunner.run("completions", "powershell")
        #expect(bad.status == 2)
        #expect(bad.stderr == "error: unknown shell 'powershell'; expected one of bash, zsh, fish\n")
    }

    // MARK: - Manual page

    @Test func manPageListsEveryOptionOfEverySubcommand() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("breakdown.1")
        let generated = try InProcessCLI.run("help", "--man")
        #expect(generated.status == 0)
        try Data(generated.stdout.utf8).write(to: page)
        // groff reads it without a warning.
        let checked = try ShellCommand.run("groff", ["-man", "-Tutf8", "-ww", "-z", page.path])
        #expect(checked.status == 0 && checked.errors.isEmpty, "\(checked.errors)")
        // man renders it; overstrikes (bold) removed.
        let process = try ShellCommand.run("env", ["MANWIDTH=200", "MAN_KEEP_FORMATTING=0", "man", "-l", page.path])
        #expect(process.status == 0, "\(process.errors)")
        var text = ""
        var previous: Character?
        for character in process.output {
            if character == "\u{8}" { if !text.isEmpty { text.removeLast() }; previous = nil; continue }
            text.append(character)
            previous = character
        }
        _ = previous
        #expect(text.contains("BREAKDOWN(1)"))
        // ENVIRONMENT names every variable the sources read (found here by their spellings: a
        // word in environment["NAME"], or any "UPPER_CASE" string, which in these sources is only
        // ever a variable's name), but PATH, which only finds tools.
        let environmentSection = try #require(text.range(of: "ENVIRONMENT").map { text[$0.upperBound...] }?.components(separatedBy: "\nFILES")[0])
        var read = Set<String>()
        let pattern = try Regex(#"environment\["[A-Z]+"\]|"[A-Z][A-Z0-9]*_[A-Z0-9_]+""#)
        let sources = ProjectFolder.root.appendingPathComponent("Sources")
        for file in FileManager.default.enumerator(atPath: sources.path)!.compactMap({ $0 as? String }) where file.hasSuffix(".swift") {
            let code = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in code.matches(of: pattern) {
                read.insert(String(code[match.range].drop { $0 != "\"" }.dropFirst().prefix { $0 != "\"" }))
            }
        }
        read.remove("PATH")
        #expect(read.count > 15 && read.contains("SLURM_ARRAY_TASK_STEP"), "\(read.sorted())")
        for name in read.sorted() where !environmentSection.contains(name) {
            Issue.record("the man page's ENVIRONMENT lacks \(name)")
        }
        #expect(text.contains("breakdown \(try VersionTests.changelogVersion())"))
        // One section a subcommand, each listing that subcommand's options.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for command in Self.subcommands {
            let start = try #require(lines.firstIndex { $0.hasPrefix("   breakdown \(command)") }, "no section for \(command)")
            let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("   breakdown ") || !$0.hasPrefix(" ") && !$0.isEmpty } ?? lines.count
            let section = lines[start..<end].joined(separator: "\n")
            for option in try Self.helpOptions(command) where option != "--help" {
                #expect(section.contains(option), "the man page's \(command) section lacks \(option)")
            }
        }
        for status in ["0", "1", "2", "3"] { #expect(lines.contains { $0.hasPrefix("       \(status)  ") }) }
    }

    // MARK: - Schema

    /// A manifest record as JSON text, from batch's own value model.
    static func json(_ record: [String: ManifestValue]) -> String {
        func value(_ v: ManifestValue) -> String {
            switch v {
            case .text(let text): JSONValue.quoted(text)
            case .number(let text): text
            case .bool(let on): on ? "true" : "false"
            case .null: "null"
            case .list(let items): "[" + items.map(value).joined(separator: ", ") + "]"
            case .object: "{}"
            }
        }
        return "{" + record.keys.sorted().map { JSONValue.quoted($0) + ": " + value(record[$0]!) }.joined(separator: ", ") + "}"
    }

    /// Does batch accept this record's fields (before rendering)?
    static func batchAccepts(_ line: String) -> Bool {
        let planner = BatchRecordPlanner(
            defaults: BatchRecordPlanner.defaults(from: ParsedOptions(groups: [])), defaultFormats: [.png], htmlBaseURL: nil)
        let fields = JSONRecordParser.parseObject(Array(line.utf8))
        if case .problem = planner.plan(ManifestRecord(index: 0, line: 1, fields: fields), sequence: 0).work { return false }
        return true
    }

    /// The manifest records of docs/: JSON blocks (objects, arrays or NDJSON lines) and CSV blocks.
    static func documentedRecords() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = root.appendingPathComponent("docs")
        var records: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted() where file.hasSuffix(".md") {
            let text = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)
            var language: String?
            var block: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if language == nil, line.hasPrefix("```") {
                    language = String(line.dropFirst(3))
                    block = []
                } else if language != nil, line == "```" {
                    switch language {
                    case "json", "ndjson":
                        for item in block where item.hasPrefix("{") { records.append(item) }
                    case "csv":
                        let header = block[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                        for row in block.dropFirst() where !row.isEmpty {
                            let cells = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                            var record: [String: ManifestValue] = [:]
                            for (key, cell) in zip(header, cells) where !cell.isEmpty { record[key] = .text(cell) }
                            records.append(json(record))
                        }
                    default: break
                    }
                    language = nil
                } else if language != nil {
                    block.append(line)
                }
            }
        }
        return records
    }

    @Test func schemaValidatesTheManifestsAndRejectsWhatBatchRejects() throws {
        let schema = try InProcessCLI.run("schema")
        #expect(schema.status == 0)
        let documented = try Self.documentedRecords()
        #expect(documented.count >= 3, "docs/ has manifest examples")
        // The tests' sample manifests, the gallery's built-in manifest, and edge cases batch accepts.
        let samples =
            Support.ndjson(count: 5).split(separator: "\n").map(String.init) + GalleryCatalog.variants.map { Self.json($0.record) } + [
                #"{"amount": 100, "name": "first"}"#,
                #"{"amount": 100.10, "logo": "lockup", "format": ["png", "svg"]}"#,
                #"{"amount": 50, "no-configuration": true}"#,
                #"{"name": "au-badge", "amount": "100", "locale": "en_AU", "scale": 2}"#,
                #"{"amount": "25.50", "scale": "3", "cbt": "false", "background": "transparent", "format": "png,svg"}"#,
                ##"{"amount": "$1,299.00", "text-color": "#FF000080", "device-locale": "fr-CA", "font-size": 12.5}"##,
            ]
        let rejected = [
            #"{"amount": "abc"}"#, #"{"scale": 4}"#, #"{"colour": "red"}"#, #"{"format": "gif"}"#, #"{"name": "../x"}"#,
            #"{"logo": "huge"}"#, #"{"cbt": "yes"}"#, #"{"text-color": "red"}"#, #"{"font-size": 0}"#,
            #"{"device-locale": "english"}"#, #"{"amount": [1]}"#, #"{"name": ".hidden"}"#, ##"{"background": "#12345"}"##,
            // No price, or one that reads two ways.
            ##"{"amount": null, "text-color": "#FF000080"}"##, #"{"logo": "badge"}"#, #"{"amount": "1.299"}"#, #"{"amount": "-0"}"#,
        ]
        let all = documented + samples + rejected
        // The tool's own verdicts: every documented and sample record accepted, every other one rejected.
        for record in documented + samples { #expect(Self.batchAccepts(record), "batch rejects \(record)") }
        for record in rejected { #expect(!Self.batchAccepts(record), "batch accepts \(record)") }

        let verdicts = try JSONSchemaCheck.verdicts(schema: schema.stdout, records: all)
        try #require(verdicts.count == all.count)
        for (record, valid) in zip(all, verdicts) {
            #expect(valid == !rejected.contains(record), "schema says \(valid ? "valid" : "invalid"): \(record)")
        }
    }


    typealias Support = BatchTestSupport
}
