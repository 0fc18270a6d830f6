/// The bursts of the whole index (`burst: true`): photos sharing a burst identifier (Apple's
/// burst UUID from the maker note, Google's XMP `BurstID`), else photos from the same camera
/// (make and model) in the same capture second that SubSecTime tells apart (two or more distinct
/// fractions: copies of one frame alone are no burst).
///
/// Frames of a bracket set (``BracketGroups``) are no burst frames: a bracket, an HDR set or a
/// focus stack is one intention, and keeping one frame of it while staging the rest loses it.
///
/// Each candidate lists its ids in burst order (the `first`/`last` rankings): capture time, then
/// the fraction of the second, then the path.
enum BurstGroups {
    private typealias Frame = (id: Int64, taken: Int64?, subsecond: Int64?, path: [UInt8])

    /// A camera's capture second: the make, model and time, compared as the index stores them.
    private struct Second: Hashable {
        let make: [UInt8], model: [UInt8], taken: Int64
    }

    /// The frames of one capture second, and the distinct fractions of the second they were taken at.
    private struct SecondFrames {
        var frames: [Frame] = []
        var fractions: Set<Int64> = []

        mutating func add(_ frame: Frame, at fraction: Int64) {
            frames.append(frame)
            fractions.insert(fraction)
        }
    }

    static func candidates(_ db: Database, excluding brackets: Set<Int64> = []) throws -> [GroupCandidate] {
        // One scan of the photos that may be frames, grouped here: the burst ids and capture
        // seconds each took a query with a subquery of its own, four scans of the table in all
        // (the index has no column of either to search by). `+kind`: most of a library is
        // photos, so the kind indexes select little and cost a table seek per photo.
        var bursts: [[UInt8]: [Frame]] = [:]
        var seconds: [Second: SecondFrames] = [:]
        try db.forEachRow("""
            SELECT a.burst_id, a.id, a.taken, a.taken_subsec_us, a.path, a.camera_make, a.camera_model FROM assets a
            WHERE +a.kind = ? AND (a.burst_id IS NOT NULL OR (a.taken_subsec_us IS NOT NULL AND a.camera_make IS NOT NULL
                                                             AND a.camera_model IS NOT NULL AND a.taken IS NOT NULL))
            """, [.text(MediaKind.photo.rawValue)], Columns.self) { row, column in
            let frame: Frame = (row.int64(column.id), row.optionalInt64(column.taken), row.optionalInt64(column.subsecond), row.bytes(column.path) ?? [])
            guard !brackets.contains(frame.id) else { return }
            if let burst = row.bytes(column.burst) {
                bursts[burst, default: []].append(frame)
            } else if let make = row.bytes(column.make), let model = row.bytes(column.model), let taken = frame.taken, let fraction = frame.subsecond {
                seconds[Second(make: make, model: model, taken: taken), default: SecondFrames()].add(frame, at: fraction)
            }
        }
        // The burst id, or the camera and its capture second ("Canon EOS R5 2024-05-01T10:00:00").
        var frames: [String: [Frame]] = [:]
        for (burst, rows) in bursts where rows.count > 1 { frames[String(decoding: burst, as: UTF8.self), default: []] += rows }
        for (second, found) in seconds where found.fractions.count > 1 {
            let key = [second.make, second.model].map { String(decoding: $0, as: UTF8.self) } + [CivilDate.iso8601(second.taken)]
            frames[key.joined(separator: " "), default: []] += found.frames
        }
        return frames.map { key, rows in
            let ordered = rows.sorted { a, b in
                if a.taken != b.taken { return (a.taken ?? Int64.max) < (b.taken ?? Int64.max) }
                if a.subsecond != b.subsecond { return (a.subsecond ?? -1) < (b.subsecond ?? -1) }
                return PathBytes.precedes(a.path, b.path)
            }
            return GroupCandidate(key: key, ids: ordered.map(\.id))
        }.sorted { $0.key < $1.key }
    }

    /// The frame fields the scan reads: a frame's burst id or camera, its capture time and its path.
    private struct Columns: RowColumns {
        let burst, id, taken, subsecond, path, make, model: Row.Column

        init(_ row: Row) {
            (burst, id, taken, subsecond) = (row.index("burst_id"), row.index("id"), row.index("taken"), row.index("taken_subsec_us"))
            (path, make, model) = (row.index("path"), row.index("camera_make"), row.index("camera_model"))
        }
    }
}
