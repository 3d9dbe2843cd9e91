import BreakdownBench
import BreakdownGallery
import BreakdownVerify
import BreakdownContent
import BreakdownEncode
import BreakdownPipeline
import BreakdownOptions
import BreakdownBatch
import BreakdownPaint
import BreakdownIO
/// The `breakdown` command line: a table of subcommands and the one parse → validate → run →
/// exit path they all share.
public enum BreakdownCLI {
    /// The program name used in help and messages.
    public static let toolName = "breakdown"
    /// The tool's one-line description.
    public static let overview = "Render the Afterpay price breakdown (text, logo and info link) on Linux."

    /// Every subcommand, in help order. Add new ones here.
    public static let subcommands: [Subcommand] = [
        DescribeCommand.subcommand,
        RenderCommand.subcommand,
        BatchCommand.subcommand,
        ReportCommand.subcommand,
        GalleryCommand.subcommand,
        VerifyCommand.subcommand,
        BenchCommand.subcommand,
        AssetsCommand.subcommand,
        ServeCommand.subcommand,
        CompletionsCommand.subcommand,
        SchemaCommand.subcommand,
        VersionCommand.subcommand,
    ]

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    /// A failed write to standard output makes it 1 (2 stays 2: the input was bad anyway).
    public static func main(_ arguments: [String], console: Console = .standard) -> Int32 {
        let status = dispatch(arguments, console: console)
        guard let failure = console.outputFailure() else { return status }
        console.printError("cannot write to standard output: \(failure)")
        return status == ExitStatus.usage ? ExitStatus.usage : ExitStatus.failure
    }

    /// Turns on artwork trials (`ArtworkTrial`): every artwork file this process loads is first
    /// drawn, bounded, by a child process of this binary. The binary's `main` calls this.
    public static func tryArtworkInChildProcesses() {
        ArtworkTrial.enableForThisExecutable()
    }

    /// Lets every batch of this process take over SIGINT and SIGTERM while it runs: it stops
    /// reading, commits what was drawn and exits 128 + the signal (`BatchInterrupt`). The
    /// binary's `main` calls this; a program that calls `main` itself keeps its own handlers.
    public static func stopBatchesOnInterruptSignals() {
        BatchInterrupt.takeOverSignals()
    }

    private static func dispatch(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.printError("missing subcommand; expected one of \(names) (see '\(toolName) --help')")
            return ExitStatus.usage
        }
        if first == ArtworkTrial.command {
            // The child `ArtworkTrial` starts to draw one artwork file, bounded (not for users).
            return ArtworkTrial.childMain(Array(arguments.dropFirst()))
        }
        if first == "--version" || first == "-V" {
            console.print(VersionCommand.line)
            return ExitStatus.success
        }
        if first == "-h" || first == "--help" || first == "help" {
            if first == "help", arguments.count > 1, arguments[1] == "--man" {
                console.writeOutput(manPage)
            } else if first == "help", arguments.count > 1, let command = subcommand(named: arguments[1]) {
                console.writeOutput(HelpFormatter.commandHelp(command.spec, toolName: toolName))
            } else if first == "help", arguments.count > 1 {
                // `help NAME` of no subcommand is a mistake, as `breakdown NAME` is (it printed
                // the tool's help with exit 0).
                console.printError("unknown subcommand '\(arguments[1])'; expected one of \(names) (see '\(toolName) --help')")
                return ExitStatus.usage
            } else {
                console.writeOutput(HelpFormatter.toolHelp(toolName: toolName, overview: overview, commands: subcommands.map(\.spec)))
            }
            return ExitStatus.success
        }
        guard let command = subcommand(named: first) else {
            console.printError("unknown subcommand '\(first)'; expected one of \(names) (see '\(toolName) --help')")
            return ExitStatus.usage
        }
        return run(command, arguments: Array(arguments.dropFirst()), console: console)
    }

    /// Parses `arguments` for `command`, handles `--help`, checks positionals, runs it.
    public static func run(_ command: Subcommand, arguments: [String], console: Console) -> Int32 {
        do throws(CLIError) {
            let options: ParsedOptions
            do throws(RequestError) {
                options = try ParsedOptions(arguments: arguments, groups: command.groups)
            } catch {
                let worded = CLIError(error)
                throw CLIError(worded.message + " (see '\(toolName) \(command.name) --help')", exitStatus: worded.exitStatus, reason: error.reason)
            }
            if options.helpRequested {
                console.writeOutput(HelpFormatter.commandHelp(command.spec, toolName: toolName))
                return ExitStatus.success
            }
            try checkPositionals(options.positionals, for: command)
            return try command.run(options, console)
        } catch {
            console.printError(error.message)
            return error.exitStatus
        }
    }

    /// The manual page (roff), as `help --man` prints it.
    public static var manPage: String {
        ManPage.roff(
            toolName: toolName, overview: overview, version: BreakdownVersion.current, commands: subcommands.map(\.spec),
            environment: BatchCommand.shardEnvironment)
    }

    /// The help text of a subcommand, as `--help` prints it.
    public static func help(for command: Subcommand) -> String {
        HelpFormatter.commandHelp(command.spec, toolName: toolName)
    }

    /// The subcommand called `name`, if there is one.
    public static func subcommand(named name: String) -> Subcommand? {
        subcommands.first { $0.name == name }
    }

    private static var names: String { subcommands.map(\.name).joined(separator: ", ") }

    private static func checkPositionals(_ positionals: [String], for command: Subcommand) throws(CLIError) {
        guard let spec = command.positional else {
            if let extra = positionals.first { throw .usage("unexpected argument '\(extra)' for '\(toolName) \(command.name)'") }
            return
        }
        if spec.isRequired, positionals.isEmpty { throw .usage("missing argument <\(spec.name)>") }
        if !spec.isRepeating, positionals.count > 1 { throw .usage("unexpected argument '\(positionals[1])'") }
    }
}
