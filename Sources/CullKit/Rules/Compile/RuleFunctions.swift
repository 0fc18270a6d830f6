import CSQLite

/// The SQL functions compiled rules call, registered on each connection that evaluates rules:
/// `cull_glob(pattern, value...)` (paths: case-sensitive, `*` stays within a folder), `cull_iglob(…)`
/// (labels: case-insensitive, `/` is an ordinary character), `cull_regexp(pattern, value…)`,
/// `cull_iregexp(…)` (case-insensitive). Each is true when any non-NULL value matches and NULL when every value is
/// NULL, so missing metadata stays unknown under `not`. All are deterministic.
public enum RuleFunctions {
    /// Registers the functions on `database` (idempotent).
    public static func register(on database: Database) throws(DatabaseError) {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        for (name, function) in [("cull_glob", globCaseSensitive), ("cull_iglob", globCaseInsensitive),
                                 ("cull_regexp", regexpCaseSensitive), ("cull_iregexp", regexpCaseInsensitive)] {
            let code = sqlite3_create_function_v2(database.handle, name, -1, flags, nil, function, nil, nil, nil)
            guard code == SQLITE_OK else {
                throw DatabaseError(code: code, message: "cannot register \(name)", sql: nil)
            }
        }
    }
}

private typealias SQLFunction = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void

private let globCaseSensitive: SQLFunction = { context, count, values in glob(context, count, values, fold: false) }
private let globCaseInsensitive: SQLFunction = { context, count, values in glob(context, count, values, fold: true) }
private let regexpCaseSensitive: SQLFunction = { context, count, values in regexp(context, count, values, fold: false) }
private let regexpCaseInsensitive: SQLFunction = { context, count, values in regexp(context, count, values, fold: true) }

/// Calls `test` on each non-NULL subject (arguments 1…), returning true, false or NULL (all NULL).
private func evaluate(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?,
                      _ test: (UnsafePointer<UInt8>, Int) -> Bool) {
    guard let values, count >= 2 else { return sqlite3_result_null(context) }
    var sawValue = false
    for index in 1..<Int(count) {
        let value = values[index]
        guard sqlite3_value_type(value) != SQLITE_NULL, let text = sqlite3_value_text(value) else { continue }
        sawValue = true
        if test(text, Int(sqlite3_value_bytes(value))) { return sqlite3_result_int(context, 1) }
    }
    if sawValue { sqlite3_result_int(context, 0) } else { sqlite3_result_null(context) }
}

private func glob(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?, fold: Bool) {
    guard let values, let patternText = sqlite3_value_text(values[0]) else { return sqlite3_result_null(context) }
    let pattern = UnsafeBufferPointer(start: patternText, count: Int(sqlite3_value_bytes(values[0])))
    evaluate(context, count, values) { text, length in
        GlobMatcher.matches(pattern: pattern, text: UnsafeBufferPointer(start: text, count: length), foldCase: fold,
                            pathAware: !fold)
    }
}

private func regexp(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?, fold: Bool) {
    guard let values, let patternText = sqlite3_value_text(values[0]) else { return sqlite3_result_null(context) }
    let regex: PosixRegex
    var fresh = false
    if let cached = sqlite3_get_auxdata(context, 0) {
        regex = Unmanaged<PosixRegex>.fromOpaque(cached).takeUnretainedValue()
    } else {
        let pattern = String(cString: patternText)
        guard let compiled = PosixRegex(pattern, caseInsensitive: fold) else {
            return sqlite3_result_error(context, "cull_regexp: invalid regular expression", -1)
        }
        regex = compiled
        fresh = true
    }
    evaluate(context, count, values) { text, _ in
        text.withMemoryRebound(to: CChar.self, capacity: 1) { regex.matches($0) }
    }
    if fresh {
        // SQLite owns the +1 from here and releases it when the statement no longer needs it.
        sqlite3_set_auxdata(context, 0, Unmanaged.passRetained(regex).toOpaque()) { pointer in
            if let pointer { Unmanaged<PosixRegex>.fromOpaque(pointer).release() }
        }
    }
}
