import CullKit
import Foundation

/// A subcommand: declares its spec, validates its arguments in `init`, then runs.
protocol CullCommand {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws(UsageError)
    func run(_ terminal: Console) throws -> ExitCode
}

/// Finds the subcommand, parses its arguments and reports every error in one style with its exit code.
struct Dispatcher {
    let commands: [any CullCommand.Type]
    let terminal = Console()

    /// What `cull` itself accepts before a subcommand.
    static let topLevel = CommandSpec(name: "", abstract: "", options: [
        OptionSpec(long: "version", help: "Show the version."),
        completionOption,
        manPageOption,
    ])
    static let completionOption = OptionSpec(long: "generate-completion-script", value: "SHELL",
        help: "Print a completion script for bash, zsh or fish.", choices: Completions.Shell.allCases.map(\.rawValue))
    static let manPageOption = OptionSpec(long: "generate-man-page", help: "Print the man page (roff), from the same specs as --help.")

    func run(_ arguments: [String]) -> ExitCode {
        var command: (any CullCommand.Type)?
        do {
            guard let name = arguments.first else {
                terminal.out(TerminalText(own: overview()))
                return .usage
            }
            if name == "--help" || name == "-h" {
                terminal.out(TerminalText(own: overview()))
                return .success
            }
            if name == "--version" {
                terminal.out("cull \(CullVersion.string)\n")
                return .success
            }
            if name.hasPrefix("-") {
                // Same messages as a subcommand's options, with the top-level usage.
                let parsed = try ParsedArguments(arguments, spec: Self.topLevel)
                if let shell = parsed.value(Self.completionOption).flatMap(Completions.Shell.init(rawValue:)) {
                    terminal.outDocument(Completions.script(shell, commands: commands.map { $0.spec }))
                    return .success
                }
                if parsed.flag(Self.manPageOption) {
                    terminal.outDocument(ManPage.page(commands: commands.map { $0.spec }, topLevel: Self.topLevel.options))
                    return .success
                }
            }
            if name == "help" {
                guard let topic = arguments.dropFirst().first else {
                    terminal.out(TerminalText(own: overview()))
                    return .success
                }
                terminal.out(TerminalText(own: Help.text(try self.command(named: topic).spec)))
                return .success
            }
            command = try self.command(named: name)
            guard let command else { return .usage }
            let rest = Array(arguments.dropFirst())
            if ParsedArguments.asksForHelp(rest, spec: command.spec) {
                terminal.out(TerminalText(own: Help.text(command.spec)))
                return .success
            }
            let parsed = try ParsedArguments(rest, spec: command.spec)
            return try command.init(parsed).run(terminal)
        } catch {
            terminal.err(Self.message(for: error, spec: command?.spec))
            return ExitCode(for: error)
        }
    }

    private func command(named name: String) throws -> any CullCommand.Type {
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            throw UsageError(message: "unknown command '\(name)'" + DidYouMean.hint(for: name, in: commands.map { $0.spec.name }))
        }
        return command
    }

    /// `cull: error: …`; a usage error adds the usage line and where to read more. An error's
    /// description holds what it is about (a path, an argument, a name): outside text, escaped.
    static func message(for error: any Error, spec: CommandSpec?) -> TerminalText {
        let text: TerminalText
        switch error {
        case let error as DatabaseError:
            // One line: what failed, where, what to do. `CULL_DEBUG=1` adds SQLite's code and the SQL.
            let debug = ProcessInfo.processInfo.environment["CULL_DEBUG"].map { !$0.isEmpty && $0 != "0" } ?? false
            text = "\(debug ? error.debugDescription : error.description)"
        case let error as RuleMatchError:
            return "\(error)\n"   // already `file:line:col: error: …`
        case let error as UsageError:
            // The usage line and the help command are Cull's own, from the command's spec.
            let usage = spec.map(Help.usageLine) ?? "cull <subcommand> [<options>]"
            let help = spec.map { "cull \($0.name) --help" } ?? "cull --help"
            return "cull: error: \(error.message)\nUsage: \(own: usage)\n  See '\(own: help)' for more information.\n"
        case let error as any LinedError:
            // Several lines of Cull's (a hint under the error): each escaped on its own.
            return "cull: error: " + error.lines.map { "\($0)" as TerminalText }.joined(separator: "\n") + "\n"
        default:
            text = "\(error)"
        }
        return "cull: error: \(text)\n"
    }

    func overview() -> String {
        var lines = [
            "OVERVIEW: " + ManPage.summary,
            "",
            "USAGE: cull <subcommand> [<options>]",
            "",
            "OPTIONS:",
            Help.row("--version", "Show the version."),
            Help.row("--generate-completion-script <shell>", Self.completionOption.help),
            Help.row("--generate-man-page", Self.manPageOption.help),
            Help.row("-h, --help", "Show help information."),
            "",
            "SUBCOMMANDS:",
        ]
        for command in commands { lines.append(Help.row(command.spec.name, command.spec.abstract)) }
        lines += ["", "  See 'cull help <subcommand>' for detailed help.", "", "EXIT CODES:"]
        lines += ExitCode.documented.map { Help.row(String($0.code.rawValue), $0.meaning) }
        return lines.joined(separator: "\n") + "\n"
    }
}
