import CullKit

/// `cull schema`: print the JSON Schema of the rule format, for editors.
struct SchemaCommand: CullCommand {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Print the JSON Schema (2020-12) of the rule format, for editors and CI."
    )

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError(message: "Unexpected argument '\(arguments.positionals[0])'") }
    }

    func run(_ terminal: Terminal) throws -> ExitCode {
        terminal.out(RuleSchema.document().rendered() + "\n")
        return .success
    }
}
