/// What a run computes from the whole index (rule evaluations, groups), remembered over the change
/// count of every table a plan reads (``ChangeWatch/overEverything(_:name:version:)``) and handed
/// back while none moved: the same rows give the same result. `key` holds what else the result was
/// computed from (a distance, a library root); a memo of another key is computed again. A result is
/// recorded only by a run that saw no write from its first read to its last.
enum IndexMemo {
    static func value<T>(_ db: Database, name: String, version: Int, key: [UInt8] = [],
                         write: (T, inout MemoWriter) -> Void, read: (inout MemoReader) -> T?,
                         compute: () throws -> T) throws -> T {
        try value(db, watch: ChangeWatch.overEverything(db, name: name, version: version), key: key,
                  write: write, read: read, compute: compute)
    }

    /// The same over what `watch` watches: for a result computed from fewer tables than a plan
    /// reads. `holds` says whether a remembered result is still the one `compute` would give (a
    /// watch tolerating deletions hands back a result some of whose assets may be gone).
    static func value<T>(_ db: Database, watch: ChangeWatch, key: [UInt8] = [],
                         write: (T, inout MemoWriter) -> Void, read: (inout MemoReader) -> T?,
                         holds: (T) throws -> Bool = { _ in true }, compute: () throws -> T) throws -> T {
        if let memo = watch.memo {
            var reader = MemoReader(memo)
            if reader.bytesList() == key, let value = read(&reader), reader.isAtEnd, try holds(value) { return value }
        }
        let value = try compute()
        var writer = MemoWriter()
        writer.append(bytes: key)
        write(value, &writer)
        // Remembering saves the next run the work: an index this run cannot write (read-only, locked
        // by a long write) only computes it again.
        try? watch.recordIfUnchanged(db, memo: writer.bytes)
        return value
    }
}
