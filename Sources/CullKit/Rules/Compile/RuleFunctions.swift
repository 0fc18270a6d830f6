import CSQLite

/// The SQL functions compiled rules call, registered on each connection that evaluates rules:
/// `cull_glob(pattern, value...)` (paths: case-sensitive, `*` stays within a folder),
/// `cull_ipathglob(…)` (paths, case-insensitive: `imatch`), `cull_iglob(…)` (labels:
/// case-insensitive, `/` is an ordinary character), `cull_regexp(pattern, value…)`,
/// `cull_iregexp(…)` (case-insensitive) and `cull_nfc(value)` (the NFC form of a text). The
/// matchers are true when any non-NULL value matches and NULL when every value is NULL, so missing
/// metadata stays unknown under `not`. Every comparison is in NFC (see ``UnicodeForm``). All are
/// deterministic; patterns are compiled once per statement.
public enum RuleFunctions {
    /// Registers the functions on `database` (idempotent).
    public static func register(on database: Database) throws(DatabaseError) {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        let functions: [(String, Int32, SQLFunction)] = [
            ("cull_glob", -1, globCaseSensitive), ("cull_iglob", -1, globLabel), ("cull_ipathglob", -1, globCaseInsensitive),
            ("cull_regexp", -1, regexpCaseSensitive), ("cull_iregexp", -1, regexpCaseInsensitive), ("cull_nfc", 1, normalForm),
            ("cull_listglob", -1, globList), ("cull_listregexp", -1, regexpList),
            ("cull_icontains", -1, containsText), ("cull_listicontains", -1, containsList),
        ]
        for (name, arity, function) in functions {
            let code = sqlite3_create_function_v2(database.handle, name, arity, flags, nil, function, nil, nil, nil)
            guard code == SQLITE_OK else {
                throw DatabaseError(code: code, message: "cannot register \(name)", sql: nil)
            }
        }
    }

    /// The start of the error a regex function raises when a value exhausts its match limits;
    /// ``RuleEvaluator`` turns it into a ``RuleMatchError`` at the rule's position.
    static let limitErrorPrefix = "cull_regexp: match limit\u{1F}"
}

private typealias SQLFunction = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void

private let globCaseSensitive: SQLFunction = { context, count, values in glob(context, count, values, fold: false, pathAware: true) }
private let globCaseInsensitive: SQLFunction = { context, count, values in glob(context, count, values, fold: true, pathAware: true) }
private let globLabel: SQLFunction = { context, count, values in glob(context, count, values, fold: true, pathAware: false) }
private let regexpCaseSensitive: SQLFunction = { context, count, values in regexp(context, count, values, fold: false) }
private let regexpCaseInsensitive: SQLFunction = { context, count, values in regexp(context, count, values, fold: true) }
private let globList: SQLFunction = { context, count, values in glob(context, count, values, fold: true, pathAware: false, list: true) }
private let regexpList: SQLFunction = { context, count, values in regexp(context, count, values, fold: true, list: true) }
// `contains:` is PCRE2 with the text taken literally and letter case ignored (Unicode case folding, in NFC).
private let containsText: SQLFunction = { context, count, values in regexp(context, count, values, fold: true, literal: true) }
private let containsList: SQLFunction = { context, count, values in regexp(context, count, values, fold: true, list: true, literal: true) }

/// For a list column (``ValueList``): true when `test` is true of one item, or of the leaf of a
/// hierarchical item (after its last `|`); nil when `test` reported an error.
private func anyItem(_ value: UnsafeBufferPointer<UInt8>, _ test: (UnsafeBufferPointer<UInt8>) -> Bool?) -> Bool? {
    var start = 0
    for end in 0...value.count where end == value.count || value[end] == 0x1F {
        defer { start = end + 1 }
        guard end > start else { continue }
        let item = UnsafeBufferPointer(rebasing: value[start..<end])
        guard let matched = test(item) else { return nil }
        if matched { return true }
        if let bar = item.lastIndex(of: UInt8(ascii: "|")), bar + 1 < item.count {
            guard let leaf = test(UnsafeBufferPointer(rebasing: item[(bar + 1)...])) else { return nil }
            if leaf { return true }
        }
    }
    return false
}

private let normalForm: SQLFunction = { context, _, values in
    guard let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL, let text = sqlite3_value_text(value) else {
        return sqlite3_result_null(context)
    }
    let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
    if UnicodeForm.isASCII(bytes) { return sqlite3_result_value(context, value) }
    UnicodeForm.withNFC(bytes) { normal in
        normal.withMemoryRebound(to: CChar.self) {
            sqlite3_result_text(context, $0.baseAddress, Int32($0.count), sqliteTransient)
        }
    }
}

/// SQLite copies the text before returning (`SQLITE_TRANSIENT`).
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// Calls `test` on each non-NULL subject (arguments 1…), returning true, false or NULL (all NULL);
/// a nil from `test` means the function already reported an error.
private func evaluate(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?,
                      _ test: (UnsafeBufferPointer<UInt8>) -> Bool?) {
    guard let values, count >= 2 else { return sqlite3_result_null(context) }
    var sawValue = false
    for index in 1..<Int(count) {
        let value = values[index]
        guard sqlite3_value_type(value) != SQLITE_NULL, let text = sqlite3_value_text(value) else { continue }
        sawValue = true
        guard let matched = test(UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))) else { return }
        if matched { return sqlite3_result_int(context, 1) }
    }
    if sawValue { sqlite3_result_int(context, 0) } else { sqlite3_result_null(context) }
}

/// The whole text of a value (a NUL inside it included, as the loader validated it).
private func text(_ start: UnsafePointer<UInt8>, _ value: OpaquePointer?) -> String {
    String(decoding: UnsafeBufferPointer(start: start, count: Int(sqlite3_value_bytes(value))), as: UTF8.self)
}

/// The object compiled from argument 0, cached on the statement for the following rows.
private func cached<T: AnyObject>(_ context: OpaquePointer?, _ make: () -> T?) -> T? {
    if let pointer = sqlite3_get_auxdata(context, 0) {
        return Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
    }
    guard let object = make() else { return nil }
    // SQLite owns the +1 from here and releases it when the statement no longer needs it; it may
    // release it at once, so the caller's strong reference keeps this row's use safe.
    sqlite3_set_auxdata(context, 0, Unmanaged.passRetained(object).toOpaque()) { pointer in
        if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
    }
    return object
}

private func glob(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?,
                  fold: Bool, pathAware: Bool, list: Bool = false) {
    guard let values, let patternText = sqlite3_value_text(values[0]) else { return sqlite3_result_null(context) }
    let matcher: GlobMatcher? = cached(context) {
        GlobMatcher(text(patternText, values[0]), foldCase: fold, pathAware: pathAware)
    }
    guard let matcher else { return sqlite3_result_null(context) }
    evaluate(context, count, values) { value in list ? anyItem(value) { matcher.matches($0) } : matcher.matches(value) }
}

private func regexp(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?, fold: Bool,
                    list: Bool = false, literal: Bool = false) {
    guard let values, let patternText = sqlite3_value_text(values[0]) else { return sqlite3_result_null(context) }
    let regex: Regex? = cached(context) {
        if case let .success(regex) = Regex.compile(text(patternText, values[0]), caseInsensitive: fold, literal: literal) { return regex }
        return nil
    }
    guard let regex else { return sqlite3_result_error(context, "cull_regexp: invalid regular expression", -1) }
    func test(_ value: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch UnicodeForm.withNFC(value, regex.test) {
        case .match: return true
        case .noMatch: return false
        case .limitHit:
            let message = RuleFunctions.limitErrorPrefix + text(patternText, values[0]) + "\u{1F}"
                + String(decoding: value, as: UTF8.self)
            sqlite3_result_error(context, message, -1)
            return nil
        }
    }
    evaluate(context, count, values) { whole in
        list ? anyItem(whole, test) : test(whole)
    }
}
