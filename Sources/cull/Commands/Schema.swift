import CullKit

/// `cull schema`: print the JSON Schema of the rule format, for editors.
struct SchemaCommand: CullCommand {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Print the JSON Schema (2020-12) of the rule format, for editors and CI.",
        options: [formatOption]
    )
    static let formatOption = CommonOptions.format(Format.allCases, detail: "markdown prints the field reference, man the page cull-rules(5)")

    enum Format: String, CaseIterable { case json, markdown, man }

    let format: Format

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try arguments.expectNoArguments()
        format = arguments.choice(Self.formatOption, default: Format.json)
    }

    func run(_ terminal: Console) throws -> ExitCode {
        // Both are Cull's own text, made from its field registry.
        switch format {
        case .json: terminal.outDocument(RuleSchema.document().rendered() + "\n")
        case .markdown: terminal.out(TerminalText(own: RuleReference.markdown()))
        case .man: terminal.out(TerminalText(own: RulesManPage.page(markdown: RuleReference.markdown())))
        }
        return .success
    }
}
