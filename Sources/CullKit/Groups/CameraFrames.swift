/// The photos that may be frames of a burst (``BurstGroups``) or of a bracket set
/// (``BracketGroups``), read in one scan of the assets. Both are found from the same capture
/// fields, and a plan that loads bursts loads the bracket sets too (a burst never splits one) and
/// looks for panoramas among the bursts (``PanoramaSets``): three scans of the whole table, 0.15 s
/// each at a million, where one reads what all three need.
struct CameraFrames {
    /// One photo as the scan reads it: its camera (an index into ``cameras``), capture time and
    /// settings, and which of the two kinds of set it may be a frame of (as the SQL says, so a value
    /// this Cull does not know, say a rendering, still counts as one).
    struct Frame {
        let id: Int64
        let path: [UInt8]
        let camera: Int?
        let taken: Int64?
        let subsecond: Int64?
        let burst: [UInt8]?
        let bias: Double?
        let mode: Int?
        let rendering: Rendering?
        let focus: Double?
        /// Carries a burst id, or a camera, a capture time and a fraction of its second.
        let burstFrame: Bool
        /// Carries a camera, a capture time and an exposure or focus setting or a rendering.
        let bracketFrame: Bool
    }

    /// A camera as the index stores it: make and model.
    struct Camera: Hashable {
        let make: [UInt8], model: [UInt8]

        /// "Canon EOS R5": how a set's key names it.
        var name: String { [make, model].map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ") }
    }

    private(set) var frames: [Frame] = []
    /// The cameras the frames name, each once.
    private(set) var cameras: [Camera] = []
    /// The change counts of the index the frames were read from (``ChangeCounts/readAll(_:)``), in
    /// the same read: a memo may take the frames for its own only while they are the same, as it
    /// records what it computed with the counts it saw before (``isCurrent(_:)``).
    private(set) var counts = ""

    /// True when nothing was written to the index since the frames were read.
    func isCurrent(_ db: Database) throws -> Bool { try counts == ChangeCounts.readAll(db) }

    /// One scan of the photos that may be frames of either. `+kind`: most of a library is photos,
    /// so the kind indexes select little and cost a table seek per photo.
    static func scan(_ db: Database) throws -> CameraFrames {
        try db.snapshot {
            var scanned = CameraFrames()
            scanned.counts = try ChangeCounts.readAll(db)
            try scanned.read(db)
            return scanned
        }
    }

    private mutating func read(_ db: Database) throws {
        var cameraIndex: [Camera: Int] = [:]
        try db.forEachRow("""
            SELECT id, path, camera_make, camera_model, taken, taken_subsec_us, burst_id, exposure_bias, exposure_mode,
                   rendering, focus_distance, burst_frame, bracket_frame
            FROM (SELECT a.*, (a.burst_id IS NOT NULL OR (a.taken_subsec_us IS NOT NULL AND a.camera_make IS NOT NULL
                                                         AND a.camera_model IS NOT NULL AND a.taken IS NOT NULL)) AS burst_frame,
                         (a.taken IS NOT NULL AND a.camera_make IS NOT NULL AND a.camera_model IS NOT NULL
                          AND (a.exposure_bias IS NOT NULL OR a.exposure_mode = 2 OR a.rendering IS NOT NULL
                               OR a.focus_distance IS NOT NULL)) AS bracket_frame
                  FROM assets a WHERE +a.kind = ?)
            WHERE burst_frame OR bracket_frame
            """, [.text(MediaKind.photo.rawValue)], Columns.self) { row, column in
            var camera: Int?
            if let make = row.bytes(column.make), let model = row.bytes(column.model) {
                let key = Camera(make: make, model: model)
                camera = cameraIndex[key] ?? {
                    cameras.append(key)
                    cameraIndex[key] = cameras.count - 1
                    return cameras.count - 1
                }()
            }
            frames.append(Frame(
                id: row.int64(column.id), path: row.bytes(column.path) ?? [], camera: camera,
                taken: row.optionalInt64(column.taken), subsecond: row.optionalInt64(column.subsecond), burst: row.bytes(column.burst),
                bias: row.optionalDouble(column.bias), mode: row.optionalInt64(column.mode).map(Int.init),
                rendering: row.enumValue(column.rendering, as: Rendering.self), focus: row.optionalDouble(column.focus),
                burstFrame: row.int64(column.burstFrame) != 0, bracketFrame: row.int64(column.bracketFrame) != 0))
        }
    }

    /// The frame fields ``scan(_:)`` reads.
    private struct Columns: RowColumns {
        let id, path, make, model, taken, subsecond, burst, bias, mode, rendering, focus, burstFrame, bracketFrame: Row.Column

        init(_ row: Row) {
            (id, path, make, model, taken) = (row.index("id"), row.index("path"), row.index("camera_make"), row.index("camera_model"), row.index("taken"))
            (subsecond, burst, bias, mode) = (row.index("taken_subsec_us"), row.index("burst_id"), row.index("exposure_bias"), row.index("exposure_mode"))
            (rendering, focus, burstFrame, bracketFrame) = (row.index("rendering"), row.index("focus_distance"), row.index("burst_frame"), row.index("bracket_frame"))
        }
    }
}
