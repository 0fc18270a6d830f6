import CullKit
import Foundation

/// A subcommand: declares its spec, validates its arguments in `init`, then runs.
protocol CullCommand {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws(UsageError)
    func run(_ terminal: Terminal) throws -> ExitCode
}

/// Finds the subcommand, parses its arguments and maps every error to its exit code.
struct Dispatcher {
    let commands: [any CullCommand.Type]
    let terminal = Terminal()

    func run(_ arguments: [String]) -> ExitCode {
        guard let name = arguments.first, !name.hasPrefix("-") else {
            if arguments.first == "--version" {
                terminal.out("cull \(CullVersion.string)\n")
                return .success
            }
            let wantsHelp = arguments.first == "--help" || arguments.first == "-h" || arguments.isEmpty
            terminal.out(overview())
            return wantsHelp && !arguments.isEmpty ? .success : (arguments.isEmpty ? .usage : .usage)
        }
        if name == "help" {
            if let topic = arguments.dropFirst().first, let command = commands.first(where: { $0.spec.name == topic }) {
                terminal.out(Help.text(command.spec))
            } else {
                terminal.out(overview())
            }
            return .success
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            terminal.err("Error: Unknown command '\(name)'\n\(usageFooter(nil))")
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            terminal.out(Help.text(command.spec))
            return .success
        }
        do {
            let parsed = try ParsedArguments(rest, spec: command.spec)
            let instance = try command.init(parsed)
            return try instance.run(terminal)
        } catch let error as UsageError {
            terminal.err("Error: \(error.message)\nUsage: \(Help.usageLine(command.spec))\n\(usageFooter(command.spec.name))")
            return .usage
        } catch let error as IndexError {
            terminal.err("cull: error: \(error)\n")
            switch error {
            case .locked: return .locked
            case .notALibrary, .alreadyALibrary, .notADirectory, .newerSchema: return .ruleError
            case .system, .damaged: return .failure
            }
        } catch let error as RuleMatchError {
            terminal.err("\(error)\n")
            return .ruleError
        } catch let error as StagingError {
            terminal.err("cull: error: \(error)\n")
            switch error {
            case .limitTripped, .ceilingTripped: return .limitTripped
            case .outsideLibrary, .notIndexed: return .usage
            }
        } catch let error as DatabaseError {
            // One line: what failed, where, what to do. `CULL_DEBUG=1` adds SQLite's code and the SQL.
            let debug = ProcessInfo.processInfo.environment["CULL_DEBUG"].map { !$0.isEmpty && $0 != "0" } ?? false
            terminal.err("cull: error: \(debug ? error.debugDescription : error.description)\n")
            return .failure
        } catch {
            terminal.err("cull: error: \(error)\n")
            return .failure
        }
    }

    private func usageFooter(_ name: String?) -> String {
        "  See 'cull\(name.map { " " + $0 } ?? "") --help' for more information.\n"
    }

    func overview() -> String {
        var lines = [
            "OVERVIEW: Rules-driven cleanup of photo libraries: stage, review, then commit in one undoable batch.",
            "",
            "USAGE: cull <subcommand> [<options>]",
            "",
            "OPTIONS:",
            Help.row("--version", "Show the version."),
            Help.row("-h, --help", "Show help information."),
            "",
            "SUBCOMMANDS:",
        ]
        for command in commands { lines.append(Help.row(command.spec.name, command.spec.abstract)) }
        lines += ["", "  See 'cull help <subcommand>' for detailed help.", "", "EXIT CODES:"]
        lines += [
            Help.row("0", "success"),
            Help.row("1", "rule or configuration error (cull check found errors; not a library)"),
            Help.row("2", "usage error"),
            Help.row("3", "partial commit: some items were skipped (see the receipt)"),
            Help.row("4", "a rule's limit tripped; nothing was staged"),
            Help.row("5", "the library is locked by another cull run"),
            Help.row("6", "I/O or database failure"),
            Help.row("130", "interrupted (Ctrl-C, SIGTERM): what moved is booked, the rest stays staged or in the trash"),
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
