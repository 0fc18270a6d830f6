/// The one-object JSON results of the commands that change a few rows (keep, unkeep, restore, distinct,
/// init, catalog ignore), each under its documented key (`docs/json/<command>.schema.json`).
public enum ActionRenderer {
    /// A count under its key: `{"kept": 3}` (keep), `{"unkept": 1}` (unkeep), `{"unstaged": 2}` (restore).
    public static func count(_ key: String, _ count: Int) -> JSONValue { .object([(key, .integer(Int64(count)))]) }

    /// A path under its key: `{"library": "/photos"}` (init), `{"ignored": "/x/darktable.db"}` (catalog ignore).
    public static func path(_ key: String, _ path: String) -> JSONValue { .object([(key, .string(path))]) }

    /// `cull distinct`: how many pictures, whether the set is new, how many look-alikes it unstaged.
    public static func json(_ marked: DistinctSets.Marked) -> JSONValue {
        .object([("pictures", .integer(Int64(marked.pictures))), ("stored", .bool(marked.stored)), ("unstaged", .integer(Int64(marked.unstaged)))])
    }

    /// `cull distinct`'s sentence.
    public static func text(_ marked: DistinctSets.Marked) -> TerminalText {
        let photos = English.count(marked.pictures, "photo")
        return (marked.stored ? "Marked \(photos) as different pictures" : "The \(photos) were already marked as different pictures")
            + (marked.unstaged > 0 ? "; unstaged \(marked.unstaged) staged as a look-alike of another of them" : "") + ".\n"
    }
}
