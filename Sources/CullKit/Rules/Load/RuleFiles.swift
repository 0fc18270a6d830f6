import Foundation

/// Expands folders given on the command line into their rule files and loads them.
public enum RuleFiles {
    /// Every file and every `*.yaml` / `*.yml` (any case) in every folder, loaded; a folder without
    /// one is an error of its own, not silently nothing to check.
    /// `-` reads the rules from standard input, named `<stdin>` in diagnostics (once: it has no second reading).
    public static func load(_ paths: [String]) -> [LoadedRuleFile] {
        read(paths).map { $0.probed() }
    }

    /// The files of a run (`plan`, `stage`, `run`, `review`), loaded as ``load(_:)`` loads them, and
    /// what SQLite refuses of their queries compiled together (empty when a file has errors: they come first).
    /// ``readForRun(_:)`` then ``probeForRun(_:)``.
    public static func loadForRun(_ paths: [String]) -> (files: [LoadedRuleFile], together: [Diagnostic]) {
        probeForRun(readForRun(paths))
    }

    /// The files of a run, loaded as ``load(_:)`` loads them but for SQLite's own check of their
    /// queries: a run prepares them on its index anyway, and only when SQLite refuses one there
    /// does it need ``probeForRun(_:)`` to say which rule, and where (see ``RuleQueryRefused``).
    public static func readForRun(_ paths: [String]) -> [LoadedRuleFile] { read(paths) }

    /// `read` (from ``readForRun(_:)``) with its queries prepared by SQLite as ``loadForRun(_:)`` reports them.
    ///
    /// Compiled together, each rule's query is the one it has alone plus the other files' guards and
    /// keep rules as more columns, and SQLite's limits only add up (columns, variables; each
    /// expression is the same). So when every query prepares together, each file's would alone, and
    /// the per-file probe runs only when the files fail together: the diagnostics are then the same
    /// as a load of each file alone, and that saves preparing every query twice.
    public static func probeForRun(_ read: [LoadedRuleFile]) -> (files: [LoadedRuleFile], together: [Diagnostic]) {
        guard read.count > 1, !read.contains(where: \.hasErrors) else { return (read.map { $0.probed() }, []) }
        let together = SQLProbe.diagnostics(read.compactMap(\.ruleFile))
        if together.isEmpty { return (read, []) }
        let alone = read.map { $0.probed() }
        return (alone, alone.contains(where: \.hasErrors) ? [] : together)
    }

    private static func read(_ paths: [String]) -> [LoadedRuleFile] {
        var readStandardInput = false
        return paths.flatMap { path -> [LoadedRuleFile] in
            if path == "-" {
                defer { readStandardInput = true }
                return [readStandardInput ? RuleLoader.unusable(path: RuleLoader.standardInputName, "standard input ('-') can be read only once")
                                          : RuleLoader.readStandardInput(.standardInput)]
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [RuleLoader.read(path: path)] }
            let base = path.hasSuffix("/") ? path : path + "/"
            let rules = names.filter { name in [".yaml", ".yml"].contains { name.lowercased().hasSuffix($0) } && !name.hasPrefix(".") }
            guard !rules.isEmpty else {
                return [RuleLoader.unusable(path: path, "no rule files (*.yaml or *.yml) in this folder")]
            }
            return rules.sorted().map { RuleLoader.read(path: base + $0) }
        }
    }
}
