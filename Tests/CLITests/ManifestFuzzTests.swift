@testable import BreakdownBatch
@testable import BreakdownOptions
@testable import BreakdownPipeline
import BreakdownEncode
import BreakdownContent
@testable import BreakdownVerify
@testable import BreakdownGallery
@testable import BreakdownBench
@testable import BreakdownCLI
import Foundation
import Testing
import BreakdownIO
import BreakdownTestSupport

/// Hundreds of random and hostile manifests and command lines, from a fixed seed: each must end
/// in records, or problems and errors with a message, never a crash or a hang.
@Suite(.timeLimit(.minutes(15))) struct ManifestFuzzTests {
    /// A batch's settings with no command line options, drawing a missing price as 0.
    static let settings: BatchSettings = {
        var settings = BatchSettings(outputDirectory: "", manifestLabel: "fuzz", defaults: BatchRecordPlanner.defaults(from: ParsedOptions(groups: [])))
        settings.emptyAmount = .zero
        return settings
    }()

    /// Reads every record and plans and checks each one, as a batch would (without drawing).
    /// Returns how many records ended with a problem (or 1 when the manifest cannot be read).
    @discardableResult
    static func exercise(_ bytes: [UInt8], format: ManifestFormat?, tally: ((_ valid: Bool) -> Void)? = nil) -> Int {
        let reader: any ManifestReader
        do {
            reader = try ManifestOpener.open(bytes: bytes, format: format)
        } catch {
            #expect(!error.message.isEmpty)
            #expect(error.exitStatus == ExitStatus.usage)
            return 1
        }
        // Most generated objects have no amount: draw them as 0 (`--empty-amount zero`), so the
        // rest of each record is planned, not refused at its missing price.
        let planner = BatchRecordPlanner(settings: Self.settings, rendererVersion: { _, _ in "fuzz" })
        var problems = 0
        var sequence = 0
        while true {
            let record: ManifestRecord?
            do {
                record = try reader.next()
            } catch {
                Issue.record("reading memory failed: \(error.message)")
                return problems
            }
            guard let record else { break }
            #expect(record.line >= 1)
            let job = planner.plan(record, sequence: sequence)
            sequence += 1
            switch job.work {
            case .problem(let problem):
                #expect(!problem.message.isEmpty)
                problems += 1
                tally?(false)
            case .duplicate, .noPrice: break
            case .render(let plan):
                #expect(ValueKind.fileName.problem(with: plan.name) == nil, "default names are safe file names")
                do {
                    let request = try RenderRequest(plan.options)
                    _ = request.breakdown
                    if case .success(let fields) = record.fields {
                        checkEcho(fields, plan: plan, request: request)
                        checkRoundTrip(fields, plan: plan)
                    }
                    tally?(true)
                } catch {
                    #expect(!error.message.isEmpty)
                    problems += 1
                    tally?(false)
                }
            }
            if sequence > 10_000 {
                Issue.record("more records than bytes: the reader does not advance")
                break
            }
        }
        return problems
    }

    /// A successful record's values are the plan's options, and reach the render request.
    static func checkEcho(_ fields: [String: ManifestValue], plan: BatchRenderPlan, request: RenderRequest) {
        for (key, value) in fields where !BatchRecordPlanner.extraKeys.contains(key) {
            guard let spec = BatchRecordPlanner.groups.allOptions.first(where: { $0.name == key }) else {
                Issue.record("the unknown key '\(key)' was planned")
                continue
            }
            switch value {
            case .text(let text), .number(let text):
                if spec.isFlag { continue }
                if spec.isRepeatable {
                    #expect(plan.options.texts(of: spec).contains(text), "\(key)")
                } else {
                    #expect(plan.options.text(of: spec) == text, "\(key): \(text)")
                }
            case .bool(let on) where spec.isFlag:
                #expect(plan.options.isOn(spec) == on, "\(key)")
            default: break
            }
        }
        // The request holds the values themselves: the amount as a decimal, the scale as a number.
        func text(_ key: String) -> String? {
            switch fields[key] {
            case .text(let text)?, .number(let text)?: text
            default: nil
            }
        }
        if let amount = text("amount"), let expected = Decimal(string: amount) {
            #expect(request.view.amount == expected, "amount \(amount)")
        }
        if let scale = text("scale"), let expected = Int(scale) {
            #expect(request.settings.scale.factor == Double(expected), "scale \(scale)")
        }
    }

    /// The record written back as one NDJSON line, read and planned again: the same name,
    /// formats and fingerprint (the same files).
    static func checkRoundTrip(_ fields: [String: ManifestValue], plan: BatchRenderPlan) {
        let members = fields.keys.sorted().compactMap { key in json(.text(key)).flatMap { name in json(fields[key]!).map { name + ": " + $0 } } }
        guard members.count == fields.count else {
            Issue.record("a planned record holds a value JSON cannot write: \(fields)")
            return
        }
        let line = "{" + members.joined(separator: ", ") + "}\n"
        let planner = BatchRecordPlanner(settings: Self.settings, rendererVersion: { _, _ in "fuzz" })
        do {
            let reader = try ManifestOpener.open(bytes: Array(line.utf8), format: .ndjson)
            guard let again = try reader.next() else {
                Issue.record("the written record reads as nothing: \(line)")
                return
            }
            guard case .render(let replanned) = planner.plan(again, sequence: 0).work else {
                Issue.record("the written record does not plan again: \(line)")
                return
            }
            #expect(replanned.name == plan.name, "\(line)")
            #expect(replanned.formats == plan.formats, "\(line)")
            #expect(replanned.fingerprint == plan.fingerprint, "\(line)")
            #expect(try reader.next() == nil)
        } catch {
            Issue.record("the written record cannot be read: \(error.message): \(line)")
        }
    }

    /// JSON text for a value (nil for an object, which no planned record holds).
    static func json(_ value: ManifestValue) -> String? {
        switch value {
        case .text(let text):
            guard let data = try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed]) else { return nil }
            return String(decoding: data, as: UTF8.self)
        case .number(let text): return text
        case .bool(let on): return on ? "true" : "false"
        case .null: return "null"
        case .list(let items):
            let parts = items.compactMap(json)
            return parts.count == items.count ? "[" + parts.joined(separator: ", ") + "]" : nil
        case .object: return nil
        }
    }

    @Test func hostileManifestsEndInRecordsOrMessages() {
        var random = FuzzInputs.SeededGenerator(state: 0x5EED_0004)
        let formats: [ManifestFormat?] = [nil, .json, .ndjson, .csv]
        var valid = 0
        var invalid = 0
        for round in 0..<400 {
            let bytes = FuzzInputs.hostileManifest(&random)
            Self.exercise(bytes, format: formats[round % formats.count]) { $0 ? (valid += 1) : (invalid += 1) }
        }
        // The generator is not degenerate: both kinds occur, in numbers.
        #expect(valid > 50)
        #expect(invalid > 300)
    }

    @Test func randomBytesEndInRecordsOrMessages() {
        var random = FuzzInputs.SeededGenerator(state: 42)
        for round in 0..<300 {
            let bytes = (0..<Int.random(in: 0...600, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            Self.exercise(bytes, format: [nil, .json, .ndjson, .csv][round % 4])
        }
    }

    @Test func deepNestingIsAProblemNotAStackOverflow() {
        let deep = "{\"a\": " + String(repeating: "[", count: 100_000) + "\n"
        #expect(Self.exercise(Array(deep.utf8), format: .ndjson) == 1)
        #expect(Self.exercise(Array(("[" + deep).utf8), format: .json) == 1)
    }

    @Test func tenMegabyteLinesAreProblemsAndReadingGoesOn() {
        let huge = [UInt8](repeating: UInt8(ascii: "7"), count: 10 * 1024 * 1024)
        let tail = Array("\n{\"amount\": \"100\"}\n".utf8)
        #expect(Self.exercise(Array("{\"amount\": ".utf8) + huge + Array("}".utf8) + tail, format: .ndjson) == 1)
        #expect(Self.exercise(Array("amount\n".utf8) + huge + Array("\n100\n".utf8), format: .csv) == 1)
        #expect(Self.exercise(Array("[{\"amount\": \"".utf8) + huge + Array("\"}, {\"amount\": \"100\"}]".utf8), format: .json) == 1)
    }

    @Test func hostileCommandLinesEndInOptionsOrMessages() {
        var random = FuzzInputs.SeededGenerator(state: 7)
        let words = ["--amount", "--locale", "--min", "--max", "--no-minimum", "--width", "--font-size", "--scale", "--logo",
            "--appearance", "--link-text", "--", "-", "-o", "-x", "--amount=", "--cbt=true", "--nope", "--help"]
            + FuzzInputs.jsonValues.map { $0.replacingOccurrences(of: "\"", with: "") }
        let groups = [ContentOptions.group, RenderOptions.drawing]
        var successes = 0
        for _ in 0..<500 {
            let arguments = (0..<Int.random(in: 0...8, using: &random)).map { _ in FuzzInputs.pick(words, &random) }
            do {
                let options = try ParsedOptions(arguments: arguments, groups: groups)
                _ = try RenderRequest(options).breakdown
                // Round trip: the options written back as a command line parse to the same options.
                var again: [String] = []
                for spec in groups.allOptions {
                    if spec.isFlag {
                        if options.isOn(spec) { again.append("--" + spec.name) }
                    } else {
                        for value in spec.isRepeatable ? options.texts(of: spec) : (options.isGiven(spec) ? options.text(of: spec).map { [$0] } ?? [] : []) {
                            again.append("--\(spec.name)=\(value)")
                        }
                    }
                }
                let reparsed = try ParsedOptions(arguments: again, groups: groups)
                #expect(BatchRecordPlanner.normalized(reparsed) == BatchRecordPlanner.normalized(options), "\(arguments) → \(again)")
                successes += 1
            } catch {
                #expect(!error.message.isEmpty, "\(arguments)")
                #expect(CLIError(error).exitStatus == ExitStatus.usage)
            }
        }
        // Enough command lines parse for the round trip to mean something.
        #expect(successes > 20, "\(successes) successful parses")
    }
}
