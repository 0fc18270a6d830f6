/// `cull show FILE…` as text and JSON (``FileReport``).
public enum FileReportRenderer {
    /// One block per file: its fields as rules read them, then where each decision comes from, what
    /// the pixels measured, its companions and groups, its staging and history. `shown` makes a
    /// library-relative path the one to print (relative to the working directory).
    public static func text(_ report: FileReport, terminal: Console, shown: ([UInt8]) -> [UInt8]) -> TerminalText {
        var lines: [TerminalText] = [terminal.styled(TerminalText(path: shown(report.path)), "1")]
        if case let .object(fields) = report.fields {
            lines.append("  fields, as rules read them:")
            var unknown: [String] = []
            for (name, value) in fields where !["id", "path", "folder", "name"].contains(name) {
                switch value {
                case .null where notApplicable.contains(name): continue
                case .null: unknown.append(name)
                case let .array(items) where items.isEmpty: unknown.append(name)
                default: lines.append("    \(name): \(shownValue(value))")
                }
            }
            if !unknown.isEmpty { lines.append("    not known: \(unknown.joined(separator: ", "))") }
        } else {
            lines.append("  not in the index any more")
        }
        if let image = report.image { lines.append("\(image)") }
        if let text = report.text { lines.append("\(text)") }
        if let state = report.readState { lines.append("  \(state.line)") }
        if !report.decisions.isEmpty {
            lines.append("  decisions, by source (the value that stages less counts):")
            lines += report.decisions.map { "  \($0)" }
        }
        if !report.companions.isEmpty {
            lines.append("  travels with: " + report.companions.map { "\(path: shown($0.path)) (\($0.role))" as TerminalText }.joined(separator: ", "))
        }
        if report.fields != .null {
            if !report.groups.contains(where: { $0.kind == .copies }) { lines.append("  copies: none with the same bytes") }
            for group in report.groups {
                let others = group.others.map { TerminalText(path: shown($0)) }.joined(separator: ", ")
                lines.append("  \(label(group)): " + others)
            }
            lines.append("  staging: " + staging(report.staging, shown: shown))
        }
        for event in report.history { lines.append("  " + history(event)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The reports as one JSON array.
    public static func json(_ reports: [FileReport]) -> JSONValue {
        .array(reports.map(json))
    }

    private static func json(_ report: FileReport) -> JSONValue {
        let companions: [JSONValue] = report.companions.map { .object([("role", .string($0.role)), ("path", .path($0.path))]) }
        let groups: [JSONValue] = report.groups.map { group in
            .object([("kind", .string(group.kind.rawValue)), ("others", .array(group.others.map(JSONValue.path))),
                     ("detail", group.detail.map(JSONValue.string) ?? .null)])
        }
        let staging = report.staging
        let stagingObject: JSONValue = .object([
            ("status", .string(staging.status.rawValue)), ("rule", staging.rule.map(JSONValue.string) ?? .null),
            ("rule_file", staging.ruleFile.map(JSONValue.string) ?? .null), ("at", staging.at.map(JSONValue.instant) ?? .null),
            ("keeper", staging.keeper.map(JSONValue.path) ?? .null),
        ])
        let history: [JSONValue] = report.history.map { event in
            .object([("action", .string(event.action.rawValue)), ("commit", .integer(event.commit)),
                     ("outcome", .string(event.outcome.rawValue)), ("reason", event.reason.map(JSONValue.string) ?? .null),
                     ("destination", event.destination.map(JSONValue.path) ?? .null),
                     ("at", .instant(event.at))])
        }
        let image: JSONValue = report.image.map { .string($0.trimmingLeadingSpaces) } ?? .null
        let readState: JSONValue = report.readState.map { .string($0.line) } ?? .null
        let decisions: [JSONValue] = report.decisions.map { .string($0.trimmingLeadingSpaces) }
        return .object([
            ("path", .path(report.path)), ("fields", report.fields), ("image", image), ("read_state", readState),
            ("decisions", .array(decisions)), ("companions", .array(companions)), ("groups", .array(groups)),
            ("staging", stagingObject), ("history", .array(history)),
        ])
    }

    /// Fields that are null when nothing is wrong or the file is in no such group: not unknowns.
    private static let notApplicable: Set = ["broken_reason", "unreadable_reason", "declined_reason", "live_id", "burst_id"]

    private static func shownValue(_ value: JSONValue) -> TerminalText {
        switch value {
        case let .string(text): return "\(text)"
        case let .array(items): return items.map { shownValue($0) }.joined(separator: ", ")
        case let .bool(flag): return flag ? "true" : "false"
        case let .integer(number): return "\(number)"
        case let .number(number): return "\(FieldType.format((number * 100).rounded() / 100))"
        default: return "\(value.rendered(pretty: false))"
        }
    }

    private static func label(_ group: FileReport.Group) -> String {
        switch group.kind {
        case .copies: "copies (the same bytes)"
        case .hardLinks: "the same file (hard links)"
        case .nearestLookAlike: "nearest look-alike (\(group.detail ?? ""); a similar rule's distance decides)"
        case .burst: "burst \(group.detail ?? "")"
        case .livePhoto: "Live Photo \(group.detail ?? "")"
        case .distinct: "declared distinct (\(group.detail ?? "")) from"
        }
    }

    private static func staging(_ staging: FileReport.Staging, shown: ([UInt8]) -> [UInt8]) -> TerminalText {
        let when = staging.at.map { " on " + RunLog.time($0) } ?? ""
        switch staging.status {
        case .new:
            return "not staged"
        case .kept:
            return "kept\(when): no rule stages it ('cull unkeep' undoes that)"
        case .trashed:
            var line: TerminalText = "staged\(when)"
            if let rule = staging.rule { line += " by rule \(rule)" + (staging.ruleFile.map { " (\($0))" as TerminalText } ?? "") }
            else { line += " by hand" }
            if let keeper = staging.keeper { line += " as a copy of \(path: shown(keeper)), its keeper" }
            return line + " ('cull restore' unstages it)"
        }
    }

    private static func history(_ event: FileReport.Event) -> TerminalText {
        let when = RunLog.time(event.at)
        let what: String = switch (event.action, event.outcome) {
        case (.committed, .moved), (.committed, .restored): "moved out of the library"
        case (.committed, .gone): "was already gone"
        case (.committed, .skipped): "skipped"
        case (.undone, .restored): "put back"
        case (.undone, .refused): "not put back"
        case (_, .pending), (_, .refused), (.undone, _): event.outcome.rawValue
        }
        let batch = event.action == .committed ? "commit \(event.commit)" : "undo of commit \(event.commit)"
        let to: TerminalText = event.destination.map { " to \(path: $0)" } ?? ""
        return "\(batch) on \(when): \(what)\(to)" + (event.reason.map { ": \($0)" as TerminalText } ?? "")
    }
}

private extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
