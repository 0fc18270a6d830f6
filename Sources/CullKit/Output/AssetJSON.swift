/// One indexed asset as JSON (`cull find --format json`), in the rule vocabulary: the keys are the
/// rule fields' names (`camera`, `favorite`, `taken`), booleans are the fields' own expressions
/// (never null), metadata that is missing is null, and times are ISO 8601 (see ``JSONValue/instant(_:)``).
public enum AssetJSON {
    /// The columns printed, under their own name (or the alias after `AS`), in this order.
    static let columns: [SQLFragment] = [AssetColumn.id, .path, .folder, .name, .fileExtension, .kind, .format, .size,
                                         .modified, .added, .width, .height, .duration, .taken, .takenOffset, .takenUTC,
                                         .takenSource].map(\.selected)
        + ["NULLIF(TRIM(COALESCE(a.camera_make, '') || ' ' || COALESCE(a.camera_model, '')), '') AS camera"]
        + [AssetColumn.cameraMake, .cameraModel, .lens, .software, .latitude, .longitude, .rating, .liveID, .burstID,
           .brokenReason, .unreadableReason].map(\.selected)
        + ["COALESCE(r.status, '\(sql: ReviewStatus.new.rawValue)') AS status"]
        // What the decode measured, when it is current (null otherwise, and sharpness null when featureless).
        + ["\(sql: FeatureCache.current("sharpness")) AS sharpness", "\(sql: FeatureCache.current("exposure")) AS exposure"]
    /// The boolean rule fields printed, each from its own SQL (the duplicate groups are `cull plan`'s).
    static let booleans = ["gps", "favorite", "screenshot", "live", "burst", "raw", "broken", "unreadable", "blurry", "featureless"]

    /// `SELECT … FROM assets a LEFT JOIN reviews r … WHERE predicate ORDER BY a.path`.
    public static func query(_ predicate: Predicate, _ context: CompileContext) -> SQLFragment {
        var select = columns
        for name in booleans {
            guard let field = FieldRegistry.field(named: name), let subject = field.subjects(context).first else { continue }
            select.append("(\(subject)) AS \(sql: field.name)")
        }
        return RuleCompiler.findQuery(predicate, columns: SQLFragment.join(select, separator: ", "), context)
    }

    /// The object of one row of ``query(_:_:)``; `columns` are its statement's (``Statement/columns``).
    public static func object(_ row: Row, columns: [(name: String, column: Row.Column)]) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        for (name, column) in columns {
            switch name {
            case "path", "folder", "name": fields.append((name, .path(row.bytes(column) ?? [])))
            case "modified", "added": fields.append((name, row.optionalInt64(column).map(JSONValue.instant) ?? .null))
            case "taken":
                // Local wall-clock seconds, with the offset when the photo recorded one.
                let offsetMinutes = columns.first { $0.name == "taken_offset" }.flatMap { row.optionalInt64($0.column) }.map { Int($0) }
                fields.append((name, row.optionalInt64(column).map { .string(CivilDate.iso8601($0, offsetMinutes: offsetMinutes)) } ?? .null))
            case "taken_offset", "taken_utc": continue  // in `taken`
            case _ where booleans.contains(name): fields.append((name, .bool(row.int64(column) != 0)))
            default: fields.append((name, JSONValue(row.value(column))))
            }
        }
        return .object(fields)
    }
}
