/// The documented bounds of a rule file. `cull check` reports crossing one as an error at the
/// line:col where it happens, and below them loading, compiling and matching cost grows linearly,
/// so a hostile file shared on the internet costs seconds and megabytes, never minutes or gigabytes.
public enum RuleLimits {
    /// The largest rule file read, in bytes.
    public static let fileBytes = 1 << 20
    /// YAML nodes (scalars, lists and mappings) in one file.
    public static let nodes = 100_000
    /// Nesting of YAML lists and mappings.
    public static let yamlDepth = 64
    /// Nesting of `all` / `any` / `not` in one predicate.
    public static let predicateDepth = 16
    /// Rules in one file.
    public static let rules = 500
    /// Entries of one file's `protect` list.
    public static let protectEntries = 500
    /// Items of one `in` list, and predicates of one `all` / `any` list.
    public static let listItems = 10_000
    /// Characters of one glob or regular expression.
    public static let patternLength = 1_000
    /// Characters of a rule name (it is written into the index with every file the rule stages).
    public static let ruleNameCharacters = 100
    /// Characters of one diagnostic message; a longer one (it quotes a long value) is cut in the middle.
    public static let messageCharacters = 400
    /// Diagnostics printed per file (the rest are counted).
    public static let printedDiagnostics = 100
    /// Anchors and aliases are refused outright: nothing is ever expanded.
    public static let aliasExpansions = 0
    /// PCRE2 match limit per tested value (backtracking steps).
    public static let regexMatchSteps: UInt32 = 200_000
    /// PCRE2 depth limit per tested value (nested backtracking frames).
    public static let regexDepth: UInt32 = 5_000
    /// PCRE2 heap limit per tested value, in KiB.
    public static let regexHeapKiB: UInt32 = 16_384

    /// The limits as documented in docs/rules.md (name, value).
    public static let documented: [(String, String)] = [
        ("file size", "1 MiB"),
        ("YAML nodes per file", "100,000"),
        ("YAML nesting", "64 levels"),
        ("anchors and aliases", "refused (no expansion at all)"),
        ("`all` / `any` / `not` nesting", "\(predicateDepth) levels"),
        ("rules per file", "\(rules)"),
        ("characters of a rule name", "\(ruleNameCharacters)"),
        ("`protect` entries per file", "\(protectEntries)"),
        ("items of one `in`, `all` or `any` list", "10,000"),
        ("characters of one glob or regular expression", "1,000"),
        ("regular-expression work per value", "200,000 match steps, depth 5,000, 16 MiB heap (PCRE2 limits)"),
        ("diagnostics printed per file", "\(printedDiagnostics) (the rest are counted)"),
        ("characters of one diagnostic message", "\(messageCharacters) (a longer one is cut in the middle)"),
    ]
}
