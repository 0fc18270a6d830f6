/// SARIF 2.1.0: one run of the `cull` tool, one reporting rule per diagnostic code, one result each.
enum SARIFDiagnosticPrinter {
    static func render(_ files: [LoadedRuleFile]) -> String {
        let diagnostics = files.flatMap(\.diagnostics)
        let codes = DiagnosticCode.allCases
        let rules: [JSONValue] = codes.map { code in
            .object([
                ("id", .string(code.rawValue)),
                ("shortDescription", .object([("text", .string(code.summary))])),
                ("defaultConfiguration", .object([("level", .string(code.severity.rawValue))])),
            ])
        }
        let results: [JSONValue] = diagnostics.map { diagnostic in
            .object([
                ("ruleId", .string(diagnostic.code.rawValue)),
                ("ruleIndex", .integer(Int64(codes.firstIndex(of: diagnostic.code) ?? 0))),
                ("level", .string(diagnostic.severity.rawValue)),
                ("message", .object([("text", .string(diagnostic.message))])),
                ("locations", .array([.object([
                    ("physicalLocation", .object([
                        ("artifactLocation", .object([("uri", .string(uri(diagnostic.file)))])),
                        ("region", .object([
                            ("startLine", .integer(Int64(diagnostic.mark.line))),
                            ("startColumn", .integer(Int64(diagnostic.mark.column))),
                        ])),
                    ])),
                ])])),
            ])
        }
        let document: JSONValue = .object([
            ("$schema", "https://json.schemastore.org/sarif-2.1.0.json"),
            ("version", "2.1.0"),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", "cull"),
                    ("version", .string(CullVersion.string)),
                    ("rules", .array(rules)),
                ]))])),
                ("columnKind", "unicodeCodePoints"),
                ("results", .array(results)),
            ])])),
        ])
        return document.rendered() + "\n"
    }

    /// A relative URI reference for the file, percent-encoded (``Escape/uri(_:)``).
    static func uri(_ path: String) -> String { Escape.uri(path.utf8) }
}
