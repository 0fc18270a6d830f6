import CullKit

/// `cull schema`: print the JSON Schema of the rule format, for editors.
struct SchemaCommand: CullCommand {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Print the JSON Schema (2020-12) of the rule format, for editors and CI.",
        options: [OptionSpec(long: "format", value: "FORMAT", help: "json (the schema, default) or markdown (the field reference).")]
    )

    enum Format: String, CaseIterable { case json, markdown }

    let format: Format

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.isEmpty else { throw UsageError(message: "Unexpected argument '\(arguments.positionals[0])'") }
        format = try arguments.choice("format", default: Format.json)
    }

    func run(_ terminal: Terminal) throws -> ExitCode {
        terminal.out(format == .json ? RuleSchema.document().rendered() + "\n" : RuleReference.markdown())
        return .success
    }
}
