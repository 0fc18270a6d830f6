@testable import CullKit
import Testing

/// What a rule file's text may hold. A value is matched as written or refused at its line:col:
/// never cut short at a NUL (SQLite and PCRE2 read C strings), never silently re-encoded.
@Suite struct RuleTextTests {
    static let header = "version: 1\nrules:\n  - name: r\n    match:\n"

    static func errors(_ load: LoadedRuleFile) -> [String] {
        load.diagnostics.filter { $0.severity == .error }.map { "\($0.mark) \($0.code.rawValue)" }
    }

    /// `\0` (and `\x00`, `\u0000`) in a double-quoted scalar: "IMG\0zzz" matched every IMG* file.
    @Test(arguments: [
        ("      name: \"IMG*\\0zzz\"\n", "5:13"),
        ("      name: {matches: \"IMG\\x00zzz\"}\n", "5:23"),
        ("      path: {in: [\"a/IMG_1.jpg\\u0000zz\"]}\n", "5:19"),
        ("      extension: \"jpg\\0x\"\n", "5:18"),
        ("      camera: {eq: \"Canon\\0\"}\n", "5:20"),
        ("      \"kind\\0\": video\n", "5:7"),
    ]) func aNULInAnyScalarIsAnErrorAtItsNode(_ line: String, _ position: String) {
        let load = RuleLoader.load(source: Self.header + line, path: "nul.yaml")
        #expect(load.ruleFile == nil)
        #expect(Self.errors(load).contains("\(position) bad-value"), "\(load.diagnostics.map(\.description))")
    }

    /// A tag makes a value mean something else to every other YAML reader (`!!binary` is bytes,
    /// `!!int "5"` a number, `!!python/object` code); Cull read the bare text and passed the file.
    @Test(arguments: [
        ("      name: !!binary SU1HXzEuanBn\n", "5:13"),
        ("      name: !secret \"IMG_1.jpg\"\n", "5:13"),
        ("      rating: {gte: !!int \"5\"}\n", "5:21"),
        ("      kind: !!python/object/apply:os.system [\"true\"]\n", "5:13"),
        ("      camera: !<tag:example.com,2026:x> Canon\n", "5:15"),
        ("      any: !!set {kind: video}\n", "5:12"),
    ]) func aTagOtherThanStrSeqOrMapIsAnError(_ line: String, _ position: String) {
        let load = RuleLoader.load(source: Self.header + line, path: "tag.yaml")
        #expect(load.ruleFile == nil)
        #expect(Self.errors(load).contains("\(position) wrong-type"), "\(load.diagnostics.map(\.description))")
    }

    @Test func theCoreTagsThatMeanWhatCullReadsAreFine() {
        let load = RuleLoader.load(source: "version: 1\nrules: !!seq\n  - name: r\n    match: !!map {kind: !!str video, !!str name: \"a*\"}\n"
                                   + "    limit: {count: 1}\n", path: "core.yaml")
        #expect(load.ruleFile != nil, "\(load.diagnostics.map(\.description))")
    }

    @Test func aNULInAPredicateArgumentIsAnError() {
        let (predicate, load) = RuleLoader.predicate(fragment: "name: \"IMG*\\0zzz\"", label: "<argument 1>")
        #expect(predicate == nil && Self.errors(load) == ["1:8 bad-value"], "\(load.diagnostics.map(\.description))")
    }

    static let filler = Array("version: 1\n".utf8) + Array(repeating: Array((String(repeating: "#", count: 100) + "\n").utf8), count: 50).flatMap { $0 }

    /// Past the first 4 KiB (where the binary sniff looks) a bad byte was decoded to U+FFFD and the
    /// rule matched "IMG\u{FFFD}*" without a word; it is an error at the byte's line:col.
    @Test func invalidUTF8AnywhereIsAnErrorAtItsPosition() {
        let bytes = Self.filler + Array("rules:\n  - name: h\n    match: {name: \"IMG".utf8) + [0xFF] + Array("*\"}\n".utf8)
        let load = RuleLoader.load(bytes: bytes, path: "late.yaml")
        #expect(load.ruleFile == nil)
        #expect(Self.errors(load).first?.hasPrefix("54:23 ") == true, "\(load.diagnostics.map(\.description))")
        let cut = Self.filler + Array("rules: []\n# é".utf8).dropLast()
        #expect(Self.errors(RuleLoader.load(bytes: Array(cut), path: "cut.yaml")).first?.hasPrefix("53:3 ") == true)
    }

    /// libyaml's reader reports a control character by byte offset; it was shown at 1:1.
    @Test func aControlCharacterIsReportedWhereItIs() {
        let bytes = Self.filler + Array("rules:\n  - name: h\n    match: {name: \"IMG".utf8) + [0x1B] + Array("*\"}\n".utf8)
        let load = RuleLoader.load(bytes: bytes, path: "ctrl.yaml")
        #expect(Self.errors(load) == ["54:23 yaml-syntax"], "\(load.diagnostics.map(\.description))")
        let early = RuleLoader.load(source: "version: 1\nrules:\n  - name: \"a\u{7}b\"\n", path: "bell.yaml")
        #expect(Self.errors(early) == ["3:13 yaml-syntax"], "\(early.diagnostics.map(\.description))")
    }
}

/// What a shared rule file can make a terminal print: its values come back in messages, echoed
/// lines and `cull explain`, and an escape sequence there could retitle, clear or rewrite the screen.
@Suite struct RuleTextEchoTests {
    static let escape: Character = "\u{1B}"

    @Test func diagnosticsShowControlCharactersAsText() {
        // A value quoted with YAML escapes reaches the message; a raw byte reaches the echoed line.
        let quoted = RuleLoader.load(source: "version: 1\nrules:\n  - name: r\n    match: {kind: \"\\e]0;owned\\a\\e[2J\"}\n", path: "q.yaml")
        let raw = RuleLoader.load(source: "version: 1\nrules:\n  - name: r\n    match: {name: \"\u{1B}[2J\u{7}*\"}\n", path: "r.yaml")
        #expect(quoted.hasErrors && raw.hasErrors)
        let text = TextDiagnosticPrinter(color: false).render([quoted, raw]).text
        #expect(!text.contains(Self.escape) && !text.contains("\u{7}"), "\(text.debugDescription)")
        #expect(text.contains("\\x1b]0;owned"), "\(text)")
        // The caret still stands under the column libyaml named.
        let lines = text.split(separator: "\n")
        let echoed = try! #require(lines.firstIndex { $0.hasPrefix("    match: {name:") })
        #expect(lines[echoed + 1].count == 20, "\(lines[echoed + 1].debugDescription)")
    }

    @Test func explainedValuesShowControlCharactersAsText() throws {
        let load = RuleLoader.load(source: "version: 1\nrules:\n  - name: r\n    match: {name: \"\\e[2J*\", camera: {matches: \"\\e]0;x\"}}\n"
                                   + "    limit: {count: 1}\n", path: "x.yaml")
        let rule = try #require(load.ruleFile?.rules.first)
        #expect(!rule.match.normalised.contains(Self.escape), "\(rule.match.normalised.debugDescription)")
        #expect(rule.match.normalised.contains("\\x1b[2J"))
    }
}
