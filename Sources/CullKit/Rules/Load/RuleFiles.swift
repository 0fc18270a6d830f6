import Foundation

/// Expands folders given on the command line into their rule files and loads them.
public enum RuleFiles {
    /// Every file and every `*.yaml` / `*.yml` (any case) in every folder, loaded; a folder without
    /// one is an error of its own, not silently nothing to check.
    /// `-` reads the rules from standard input, named `<stdin>` in diagnostics (once: it has no second reading).
    public static func load(_ paths: [String]) -> [LoadedRuleFile] {
        var readStandardInput = false
        return paths.flatMap { path -> [LoadedRuleFile] in
            if path == "-" {
                defer { readStandardInput = true }
                return [readStandardInput ? RuleLoader.unusable(path: RuleLoader.standardInputName, "standard input ('-') can be read only once")
                                          : RuleLoader.loadStandardInput()]
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [RuleLoader.load(path: path)] }
            let base = path.hasSuffix("/") ? path : path + "/"
            let rules = names.filter { name in [".yaml", ".yml"].contains { name.lowercased().hasSuffix($0) } && !name.hasPrefix(".") }
            guard !rules.isEmpty else {
                return [RuleLoader.unusable(path: path, "no rule files (*.yaml or *.yml) in this folder")]
            }
            return rules.sorted().map { RuleLoader.load(path: base + $0) }
        }
    }
}
