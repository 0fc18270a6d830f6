/// How many files are staged, their bytes and their ``Fingerprint``: what a plan says of the staged
/// set as a whole. Remembered with the change counts of `assets` and `reviews` (``ChangeWatch``):
/// the staged set is the trashed rows of `reviews` and the path, size and mtime of their assets,
/// and every write to either moves a count on. A warm plan of half a million staged files read
/// each one's path, sorted them and hashed them again to say the same 12 characters.
struct StagedSummary: Equatable {
    let count: Int
    let bytes: Int64
    let fingerprint: String

    init(count: Int, bytes: Int64, fingerprint: String) {
        (self.count, self.bytes, self.fingerprint) = (count, bytes, fingerprint)
    }

    /// The summary of `files`, the whole staged set.
    init(_ files: [StagedFile]) {
        self.init(count: files.count, bytes: files.reduce(0) { $0 + $1.size }, fingerprint: Fingerprint.of(files))
    }

    /// The watch a summary is remembered under, as the index stands.
    static func watch(_ db: Database) throws -> ChangeWatch {
        try ChangeWatch(db, name: "staged_summary", tables: [ChangeCounts.assets, ChangeCounts.reviews])
    }

    /// The summary `watch` remembers, when nothing it depends on was written since.
    static func remembered(_ watch: ChangeWatch) -> StagedSummary? {
        guard let memo = watch.memo else { return nil }
        var reader = MemoReader(memo)
        guard let count = reader.next(), let bytes = reader.next(), let fingerprint = reader.bytesList(), reader.isAtEnd,
              count >= 0, let text = String(validating: fingerprint, as: UTF8.self) else { return nil }
        return StagedSummary(count: Int(count), bytes: bytes, fingerprint: text)
    }

    /// The bytes ``remembered(_:)`` reads back.
    var memo: [UInt8] {
        var writer = MemoWriter()
        writer.append(Int64(count))
        writer.append(bytes)
        writer.append(bytes: Array(fingerprint.utf8))
        return writer.bytes
    }
}
