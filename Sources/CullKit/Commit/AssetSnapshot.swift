import Foundation

/// An asset's index row (and its companions rows) as JSON, saved in the journal so `cull undo`
/// can put the row back without re-reading the file. Column names are read from the row, so
/// columns a later migration adds are kept too; undo restores the columns that still exist.
enum AssetSnapshot {
    /// Captures many rows with one prepared statement and the column names quoted once.
    /// The JSON is written by hand (columns in table order): Foundation's sorted-key writer
    /// collates keys through ICU and cost more than the whole commit.
    struct Capturer {
        let db: Database
        private let asset: Statement
        private let companions: Statement
        private let keys: [String]

        init(db: Database) throws {
            self.db = db
            let asset = try db.cached("SELECT * FROM assets WHERE id = ?")
            self.asset = asset
            companions = try db.cached("SELECT path, role FROM companions WHERE asset_id = ?")
            keys = (0 ..< asset.columnCount).map { JSONText.quote(asset.columnName($0)) + ":" }
        }

        func capture(assetID: Int64) throws -> String? {
            var row: String?
            try asset.forEachRow([.integer(assetID)]) { values in
                row = "{" + keys.indices.map { keys[$0] + AssetSnapshot.encode(values.value($0)) }.joined(separator: ",") + "}"
            }
            guard let row else { return nil }
            var sidecars: [String] = []
            try companions.forEachRow([.integer(assetID)]) { values in
                sidecars.append("[" + AssetSnapshot.encode(values.value(0)) + "," + JSONText.quote(values.string(1) ?? "") + "]")
            }
            return "{\"asset\":" + row + ",\"companions\":[" + sidecars.joined(separator: ",") + "]}"
        }
    }

    static func capture(_ db: Database, assetID: Int64) throws -> String? {
        try Capturer(db: db).capture(assetID: assetID)
    }

    /// Re-inserts the row saved by ``capture(_:assetID:)``. Keeps the old id when it is free;
    /// does nothing when the path is indexed again already. Returns the asset id used.
    @discardableResult
    static func restore(_ db: Database, _ json: String) throws -> Int64? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              var asset = object["asset"] as? [String: Any] else { return nil }
        var existing = Set<String>()
        try db.forEachRow("SELECT name FROM pragma_table_info('assets')") { existing.insert($0.string(0) ?? "") }
        if let id = asset["id"] as? NSNumber,
           try db.scalar("SELECT 1 FROM assets WHERE id = ?", [.integer(id.int64Value)]) != nil {
            asset["id"] = nil
        }
        let names = asset.keys.filter(existing.contains).sorted()
        guard !names.isEmpty else { return nil }
        let quoted = names.map { "\"" + $0 + "\"" }.joined(separator: ", ")
        let marks = names.map { _ in "?" }.joined(separator: ", ")
        try db.execute("INSERT OR IGNORE INTO assets (\(quoted)) VALUES (\(marks))", names.map { decode(asset[$0]) })
        guard db.changes == 1 else { return nil }
        let id = db.lastInsertRowID
        for companion in object["companions"] as? [[Any]] ?? [] where companion.count == 2 {
            try db.execute("INSERT OR IGNORE INTO companions (asset_id, path, role) VALUES (?, ?, ?)",
                           [.integer(id), decode(companion[0]), .text(companion[1] as? String ?? "")])
        }
        return id
    }

    fileprivate static func encode(_ value: SQLValue) -> String {
        switch value {
        case .null: "null"
        case let .integer(number): String(number)
        case let .real(number): number.isFinite ? "\(number)" : "null"
        case let .text(text): JSONText.quote(text)
        case let .blob(bytes): "{\"blob\":\"" + bytes.map(PathBytes.hex).joined() + "\"}"
        }
    }

    private static func decode(_ value: Any?) -> SQLValue {
        switch value {
        case let text as String: return .text(text)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            if type == "d" || type == "f" { return .real(number.doubleValue) }
            return .integer(number.int64Value)
        case let object as [String: Any]:
            guard let hex = object["blob"] as? String else { return .null }
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
                bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
                index = next
            }
            return .blob(bytes)
        default: return .null
        }
    }
}
