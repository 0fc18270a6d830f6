import CullKit

/// `cull schema`: print the JSON Schema of the rule format, for editors.
struct SchemaCommand: CullCommand {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Print the JSON Schema (2020-12) of the rule format, for editors and CI.",
        options: [formatOption]
    )
    static let formatOption = CommonOptions.format(Format.allCases, detail: "markdown prints the field reference")

    enum Format: String, CaseIterable { case json, markdown }

    let format: Format

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoArguments()
        format = arguments.choice(Self.formatOption, default: Format.json)
    }

    func run(_ terminal: Terminal) throws -> ExitCode {
        // Both are Cull's own text, made from its field registry.
        if format == .json { terminal.outDocument(RuleSchema.document().rendered() + "\n") } else { terminal.out(TerminalText(own: RuleReference.markdown())) }
        return .success
    }
}
