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
           .brokenReason, .unreadableReason, .declinedReason].map(\.selected)
        + ["COALESCE(r.status, '\(sql: StagingStatus.new.rawValue)') AS status"]
        // What the decode measured, when it is current (null otherwise, and sharpness null when featureless).
        + ["\(sql: FeatureCache.current("sharpness")) AS sharpness", "\(sql: FeatureCache.current("exposure")) AS exposure"]
        // What was read of its text, when it is current (null where it was not read).
        + ["\(sql: TextCache.current("text")) AS text", "\(sql: TextCache.current("words")) AS text_words"]
        + [AssetColumn.labels, .tags, .people, .catalogLabels, .catalogTags, .catalogPeople].map(\.selected)
        // The codes read, when a run read them and the row is current (empty lists otherwise).
        + ["\(sql: CodeCache.current("kinds")) AS code", "\(sql: CodeCache.current("texts")) AS code_text"]
        // The path of the taken file it came back as, when a run found it (null otherwise).
        + ["\(sql: ReturnedFields.fromPath) AS returned_from"]
    /// The list fields printed as their rule field (`label`, `tags`, `people`): the file's own list, then
    /// what a catalog adds, as the rule field reads both.
    static let lists: [(field: String, file: String, catalog: String)] = [
        ("label", "labels", "catalog_labels"), ("tags", "tags", "catalog_tags"), ("people", "people", "catalog_people"),
        ("code", "code", "code"), ("code_text", "code_text", "code_text"),
    ]
    /// The boolean rule fields printed, each from its own SQL (the duplicate groups are `cull plan`'s).
    static let booleans = ["gps", "favorite", "screenshot", "live", "burst", "raw", "broken", "unreadable", "declined", "blurry", "featureless", "document", "returned"]

    /// `SELECT … FROM assets a LEFT JOIN reviews r … WHERE predicate ORDER BY a.path`.
    public static func query(_ predicate: Predicate, _ context: CompileContext) -> SQLFragment {
        RuleCompiler.findQuery(predicate, columns: selected(context), context)
    }

    /// The same columns for the one asset `assetID` (`cull show`).
    public static func query(assetID: Int64, _ context: CompileContext) -> SQLFragment {
        "SELECT \(selected(context)) FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id WHERE a.id = \(assetID)"
    }

    /// The same columns for the assets `assetIDs` (`cull find --limit`), in no set order.
    static func query(assetIDs: [Int64], _ context: CompileContext) -> SQLFragment {
        """
        SELECT \(selected(context)) FROM assets a LEFT JOIN reviews r ON r.asset_id = a.id \
        WHERE a.id IN (SELECT value FROM json_each(\(JSONValue.list(assetIDs))))
        """
    }

    private static func selected(_ context: CompileContext) -> SQLFragment {
        var select = columns
        for name in booleans {
            guard let field = FieldRegistry.field(named: name), let subject = field.subjects(context).first else { continue }
            select.append("(\(subject)) AS \(sql: field.name)")
        }
        return SQLFragment.join(select, separator: ", ")
    }

    /// The object of one row of ``query(_:_:)``; `columns` are its statement's (``Statement/columns``).
    public static func object(_ row: Row, columns: [(name: String, column: Row.Column)]) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        for (name, column) in columns {
            switch name {
            case "path", "folder", "name": fields.append((name, .path(row.bytes(column) ?? [])))
            case "returned_from": fields.append((name, row.bytes(column).map(JSONValue.path) ?? .null))
            case "modified", "added": fields.append((name, row.optionalInt64(column).map(JSONValue.instant) ?? .null))
            case "taken":
                // Local wall-clock seconds, with the offset when the photo recorded one.
                let offsetMinutes = columns.first { $0.name == "taken_offset" }.flatMap { row.optionalInt64($0.column) }.map { Int($0) }
                fields.append((name, row.optionalInt64(column).map { .string(CivilDate.iso8601($0, offsetMinutes: offsetMinutes)) } ?? .null))
            case "taken_offset", "taken_utc": continue  // in `taken`
            case _ where lists.contains(where: { $0.file == name }):
                fields.append(list(name, row, columns: columns))
            case _ where lists.contains(where: { $0.catalog == name }): continue  // in the file's list
            case _ where booleans.contains(name): fields.append((name, .bool(row.int64(column) != 0)))
            default: fields.append((name, JSONValue(row.value(column))))
            }
        }
        return .object(fields)
    }

    /// A list field from the file's column `name` and its catalog counterpart, each item once.
    private static func list(_ name: String, _ row: Row, columns: [(name: String, column: Row.Column)]) -> (String, JSONValue) {
        let list = lists.first { $0.file == name } ?? (name, name, name)
        var items: [String] = []
        for column in columns where column.name == list.file || column.name == list.catalog {
            for item in ValueList.decode(row.string(column.column)) where !items.contains(item) { items.append(item) }
        }
        return (list.field, .array(items.map(JSONValue.string)))
    }
}
