/// Renders `--help` text in swift-argument-parser's OVERVIEW / USAGE / ARGUMENTS / OPTIONS layout.
enum Help {
    static func usageLine(_ spec: CommandSpec) -> String {
        var parts = ["cull", spec.name]
        if !spec.options.isEmpty { parts.append("[<options>]") }
        for argument in spec.arguments {
            var text = "<\(argument.name)>" + (argument.repeats ? " ..." : "")
            if argument.optional { text = "[\(text)]" }
            parts.append(text)
        }
        return parts.joined(separator: " ")
    }

    static func text(_ spec: CommandSpec) -> String {
        var lines = ["OVERVIEW: \(spec.abstract)"]
        if let discussion = spec.discussion { lines += ["", discussion] }
        lines += ["", "USAGE: \(usageLine(spec))"]
        if !spec.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for argument in spec.arguments {
                lines.append(row("<\(argument.name)>", argument.help))
            }
        }
        lines += ["", "OPTIONS:"]
        for option in spec.options {
            var label = option.short.map { "-\($0), " } ?? ""
            label += "--\(option.long)"
            label += option.valueLabel { "<\($0.lowercased())>" }
            lines.append(row(label, option.help))
        }
        lines.append(row("-h, --help", "Show help information."))
        return lines.joined(separator: "\n") + "\n"
    }

    static func row(_ label: String, _ help: String) -> String {
        let padded = "  " + label
        if padded.count < 26 { return padded + String(repeating: " ", count: 26 - padded.count) + help }
        return padded + "\n" + String(repeating: " ", count: 26) + help
    }
}
