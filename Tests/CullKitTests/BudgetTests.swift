import Foundation
import Testing

/// The sizes the team keeps (issue 39), checked as SwiftLint's `file_length` and
/// `function_body_length` would check them, without the dependency: every `.swift` file under
/// `Sources/` has at most 400 lines, every body at most 80, and a command's `run(_ terminal:)` at
/// most 30 (it parses, calls one engine entry point and renders). A body's length is the lines
/// between the line of its `{` and the line of its `}`, leaving out blank and comment-only lines
/// as SwiftLint does; a line of string text counts. The sources are read as LayeringTests reads
/// them (`SwiftNames.code`): braces in comments and string literals are not code.
@Suite struct BudgetTests {
    static let root = Corpus.packageRoot
    static let fileBudget = 400
    static let bodyBudget = 80
    static let runBudget = 30

    /// Files over the file budget that nobody writes by hand, and why.
    static let generated: [String: String] = [
        "Sources/CullKit/Schema/SchemaSnapshot.swift":
            "generated from the migrations: SchemaSnapshotTests prints its new text when a migration changes the schema",
    ]

    @Test func filesKeepTheirBudget() throws {
        var over: [String] = []
        for file in try Self.swiftFiles() where Self.generated[file.path] == nil {
            if file.lineCount > Self.fileBudget {
                over.append("\(file.path):1: \(file.lineCount) lines, budget \(Self.fileBudget)")
            }
        }
        #expect(over.isEmpty, "files over budget (split them by what each part does):\n\(over.joined(separator: "\n"))")
    }

    @Test func bodiesKeepTheirBudget() throws {
        var over: [String] = []
        for file in try Self.swiftFiles() {
            for body in SwiftBodies.bodies(in: file.text) where body.length > Self.bodyBudget {
                over.append("\(file.path):\(body.line): \(body.name) has a body of \(body.length) lines, budget \(Self.bodyBudget)")
            }
        }
        #expect(over.isEmpty, "bodies over budget (split them into named steps):\n\(over.joined(separator: "\n"))")
    }

    @Test func commandRunsKeepTheirBudget() throws {
        var over: [String] = []
        for file in try Self.commandRuns() {
            for body in file.runs where body.length > Self.runBudget {
                over.append("\(file.path):\(body.line): \(body.name) has a body of \(body.length) lines, budget \(Self.runBudget)")
            }
        }
        #expect(over.isEmpty, "commands' runs over budget (one engine call, then render):\n\(over.joined(separator: "\n"))")
    }

    /// An entry in an allow-list names a file that exists and is still over its budget, so the list
    /// empties as the files are fixed instead of hiding new growth.
    @Test func allowListsAreCurrent() throws {
        let files = try Self.swiftFiles()
        for (path, _) in Self.generated {
            let file = try #require(files.first { $0.path == path }, "\(path) is listed as generated but does not exist")
            #expect(file.lineCount > Self.fileBudget, "\(path) is within the file budget: take it off `generated`")
        }
    }

    /// The scanner on small pieces: braces in strings, raw strings, multi-line strings and
    /// comments are not code; blank and comment-only lines do not count, string lines do; a
    /// default argument's closure is not the function's body; a statement ends at its line's end.
    @Test func theScannerSeesBodies() {
        let text = #####"""
            struct S {
                var computed: Int {
                    let open = "{"   // a brace in a string
                    return open.count
                }
                func multiLine() -> String {
                    """
                    { not a brace
                    """
                }
                /* a comment with { and
                   another { */
                func raw(_ x: Int, to y: Int = { 1 }()) -> String {
                    // } a brace in a comment

                    return #"}"# + "\(x.description.map { _ in "}" })"
                }
                init?(from decoder: [String: Int], _ other: Dictionary<String, Int>) {
                    let f = { (a: Int) in a }
                    _ = f
                }
                let stored = 3
                var observed: Int = 0 {
                    didSet { print(oldValue) }
                }
                func requirementLike()
                func interpolated() {
                    let s = "\(1)"
                    if s.isEmpty { print(s) }
                }
                subscript(index: Int) -> Int { index }
                static let made: [Int] = {
                    [1]
                }()
            }
            """#####
        let bodies = SwiftBodies.bodies(in: text).map { "\($0.name) \($0.line) \($0.length)" }
        #expect(bodies == [
            "var computed 2 2",
            "func multiLine() 6 3",
            "func raw(_:to:) 13 1",
            "init(from:_:) 18 2",
            "let f 19 0",
            "var observed 23 1",
            "func interpolated() 27 2",
            "subscript(index:) 31 0",
            "let made 32 1",
        ])
    }

    /// The file budget counts lines as `wc -l` does.

    @Test func linesAreCountedAsWcDoes() {
        #expect(SourceFile(path: "a", text: "one\ntwo\n").lineCount == 2)
        #expect(SourceFile(path: "a", text: "one\ntwo").lineCount == 2)
        #expect(SourceFile(path: "a", text: "").lineCount == 0)
    }

    struct SourceFile {
        let path: String, text: String
        var lineCount: Int {
            let breaks = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            return text.isEmpty || text.hasSuffix("\n") ? breaks : breaks + 1
        }
    }

    /// Every `.swift` file under `Sources/`, its path relative to the package.
    static func swiftFiles() throws -> [SourceFile] {
        let sources = root.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var files: [SourceFile] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            files.append(SourceFile(path: "Sources/" + relative, text: text))
        }
        #expect(files.count > 100, "the sources are found")
        return files.sorted { $0.path < $1.path }
    }

    /// The `run(_:)` bodies of the commands in `Sources/cull/Commands/`, by file.
    static func commandRuns() throws -> [(path: String, runs: [SwiftBody])] {
        try swiftFiles().filter { $0.path.hasPrefix("Sources/cull/Commands/") }.map { file in
            (file.path, SwiftBodies.bodies(in: file.text).filter { $0.name == "func run(_:)" })
        }
    }
}

/// A declaration with a body, as `SwiftBodies` finds it.
struct SwiftBody {
    /// Its keyword and name, a function's with its argument labels: `func line(for:)`, `var markdown`.
    let name: String
    /// The line of its keyword, from 1.
    let line: Int
    /// The lines between the line of its `{` and the line of its `}` that hold code or string text.
    let length: Int
}

/// The bodies of Swift declarations: `func`, `init`, `deinit`, `subscript`, and a `var` or `let`
/// whose declaration opens a brace (a computed property, observers, a closure it is set to), at
/// any depth. It reads `SwiftNames.code`, so braces in comments and strings are not seen.
enum SwiftBodies {
    enum Token: Equatable {
        case word(String), mark(Character), newline
    }

    /// A declaration whose `{` has not come yet.
    struct Pending {
        let name: String, line: Int, parens: Int, isFunction: Bool
    }

    /// Words that may stand before `var`/`let` in a declaration (an attribute is any `@` word).
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final",
        "lazy", "override", "nonisolated", "weak", "unowned", "dynamic", "set", "unsafe",
    ]
    static let functions: Set<String> = ["func", "init", "deinit", "subscript"]
    static let types: Set<String> = ["struct", "class", "enum", "extension", "protocol", "actor"]

    static func bodies(in text: String) -> [SwiftBody] {
        let code = SwiftNames.code(of: text, stringFill: "\"")
        // counted[n]: how many of lines 1...n hold code or string text (strings are filled with `"`).
        var counted = [0]
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            counted.append(counted.last! + (line.contains { $0 != " " && $0 != "\t" } ? 1 : 0))
        }
        let tokens = tokenize(code)
        var found: [(Pending, length: Int?)] = []  // in the order their keywords come
        // Each open brace: the index in `found` of the declaration it is the body of, its line, and
        // what was open outside it.
        var opens: [(body: Int?, line: Int, outerParens: Int, outerPending: Pending?)] = []
        var parens = 0
        var pending: Pending?
        var previous: Token?  // the last token of this statement; nil at its start
        for (index, (token, line)) in tokens.enumerated() {
            switch token {
            case .newline:
                if parens == 0 && !continues(tokens, at: index) { pending = nil; previous = nil }
                continue
            case .mark("{"):
                let body = pending.flatMap { !$0.isFunction || $0.parens == parens ? $0 : nil }
                if let body { found.append((body, nil)) }
                opens.append((body == nil ? nil : found.count - 1, line, parens, body == nil ? pending : nil))
                parens = 0
                pending = nil
                previous = nil
                continue
            case .mark("}"):
                if let open = opens.popLast() {
                    if let body = open.body { found[body].length = max(0, counted[line - 1] - counted[open.line]) }
                    parens = open.outerParens
                    pending = open.outerPending
                }
            case .mark("("), .mark("["):
                parens += 1
            case .mark(")"), .mark("]"):
                parens = max(0, parens - 1)
            case .mark(";") where parens == 0:
                pending = nil
                previous = nil
                continue
            case .word(let word) where functions.contains(word) && previous != .mark("."):
                pending = Pending(name: functionName(tokens, at: index), line: line, parens: parens, isFunction: true)
            case .word(let word) where (word == "var" || word == "let") && startsDeclaration(after: previous):
                let name = tokens.dropFirst(index + 1).lazy.compactMap { if case .word(let w) = $0.0 { w } else { nil } }.first
                pending = Pending(name: "\(word) \(name ?? "_")", line: line, parens: parens, isFunction: false)
            case .word(let word) where types.contains(word) && startsDeclaration(after: previous):
                pending = nil
            default:
                break
            }
            previous = token
        }
        return found.compactMap { body, length in length.map { SwiftBody(name: body.name, line: body.line, length: $0) } }
    }

    /// Words (with a leading `@`, `#` or `$`, and backquoted ones), single marks and line breaks, each with its line.
    static func tokenize(_ code: String) -> [(Token, Int)] {
        var tokens: [(Token, Int)] = []
        var line = 1
        var word = ""
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "`" }
        for c in code {
            if isWord(c) || (word.isEmpty && (c == "@" || c == "#" || c == "$")) {
                word.append(c)
                continue
            }
            if !word.isEmpty { tokens.append((.word(word.replacingOccurrences(of: "`", with: "")), line)); word = "" }
            if c == "\n" {
                tokens.append((.newline, line))
                line += 1
            } else if c == "\"" {
                if tokens.last?.0 != .mark("\"") { tokens.append((.mark("\""), line)) }  // a run of string text is one token
            } else if c != " " && c != "\t" {
                tokens.append((.mark(c), line))
            }
        }
        if !word.isEmpty { tokens.append((.word(word), line)) }
        return tokens
    }

    /// Whether the statement goes on past the line break at `index`: the line ends in an operator
    /// that wants more, or the next line starts with one or with a clause of a declaration.
    static func continues(_ tokens: [(Token, Int)], at index: Int) -> Bool {
        let before = tokens[..<index].last { $0.0 != .newline }?.0
        let after = tokens[(index + 1)...].first { $0.0 != .newline }?.0
        let twoBefore = index >= 2 ? tokens[index - 2].0 : nil
        switch before {
        case .mark("="), .mark(","), .mark(":"), .mark("."), .mark("&"), .mark("|"), .mark("+"): return true
        case .mark(">") where twoBefore == .mark("-"): return true
        default: break
        }
        switch after {
        case .mark("."), .mark("{"), .mark("?"), .mark(":"), .mark("&"), .mark("|"), .mark("="), .mark("-"), .mark("+"): return true
        case .word(let word): return ["where", "throws", "rethrows", "async"].contains(word)
        default: return false
        }
    }

    /// A `var`, `let` or type keyword declares only at the start of a statement, after modifiers and
    /// attributes: `if let`, `case let` and `(let x, …)` do not.
    static func startsDeclaration(after previous: Token?) -> Bool {
        switch previous {
        case nil, .mark(")"): return true
        case .word(let word): return modifiers.contains(word) || word.hasPrefix("@")
        default: return false
        }
    }

    /// `func name(label:label:)`, `init(label:)`, `subscript(label:)`, `deinit`: the keyword at
    /// `index`, the name after it, and the first word of each parameter.
    static func functionName(_ tokens: [(Token, Int)], at index: Int) -> String {
        guard case .word(let keyword) = tokens[index].0 else { return "?" }
        var name = keyword == "func" ? "func " : keyword
        var at = index + 1
        if keyword == "func" {  // a name, or an operator's marks
            while at < tokens.count, tokens[at].0 != .mark("("), tokens[at].0 != .mark("<"), tokens[at].0 != .newline {
                if case .word(let word) = tokens[at].0 { name += word } else if case .mark(let mark) = tokens[at].0 { name += String(mark) }
                at += 1
            }
        }
        if keyword == "deinit" { return name }
        // Skip generic parameters and an initializer's `?`/`!` to the parameter list.
        while at < tokens.count, tokens[at].0 != .mark("(") { at += 1 }
        var labels = ""
        var depth = 0, angles = 0, expectLabel = false
        while at < tokens.count {
            let token = tokens[at].0
            at += 1
            switch token {
            case .mark("("), .mark("["):
                depth += 1
                if depth == 1 { expectLabel = true }
            case .mark(")"), .mark("]"):
                depth -= 1
                if depth == 0 { return "\(name)(\(labels))" }
            case .mark("<"): angles += 1
            case .mark(">") where tokens[at - 2].0 != .mark("-"): angles -= 1
            case .mark(",") where depth == 1 && angles == 0: expectLabel = true
            case .word(let word) where expectLabel && !word.hasPrefix("@"):
                labels += word + ":"
                expectLabel = false
            default: break
            }
        }
        return name
    }
}
