/// `cull catalog list`'s lines and JSON objects, one per catalog (`docs/json/catalog.schema.json`).
public enum CatalogRenderer {
    public static func text(_ record: CatalogRecord) -> TerminalText {
        var line: TerminalText = "\(record.kind.application) \(record.path) (\(record.state.rawValue), \(record.origin.rawValue))"
        if let version = record.schemaVersion { line += ", schema \(version)" }
        if let inside = record.rowsInside, let outside = record.rowsOutside {
            line += ": \(English.count(inside, "file")) of this library, \(outside) \(outside == 1 ? "row" : "rows") elsewhere"
        }
        for map in record.maps { line += "\n  map \(map.from) = \(map.to)" }
        if let problem = record.problem { line += "\n  cannot be read: \(problem)" }
        return line + "\n"
    }

    public static func json(_ record: CatalogRecord) -> JSONValue {
        .object([
            ("path", .string(record.path)), ("kind", .string(record.kind.rawValue)), ("state", .string(record.state.rawValue)),
            ("origin", .string(record.origin.rawValue)), ("schema_version", record.schemaVersion.map { .string($0) } ?? .null),
            ("rows_inside", record.rowsInside.map { .integer(Int64($0)) } ?? .null),
            ("rows_outside", record.rowsOutside.map { .integer(Int64($0)) } ?? .null),
            ("maps", .array(record.maps.map { .object([("from", .string($0.from)), ("to", .string($0.to))]) })),
            ("problem", record.problem.map { .string($0) } ?? .null),
        ])
    }
}
