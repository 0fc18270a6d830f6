/// Keeps the ``TurnPrint`` of every measured photo in `image_features`: new rows get theirs when the
/// photo is measured; rows measured before migration `0030-turns` get theirs here, from the layout
/// they keep, without decoding the photo again.
public enum TurnPrints {
    /// Computes and stores the print of every row that has a hash and a layout but no print yet
    /// (the partial index `image_features_unturned` lists them, so a library with none costs one
    /// index lookup), in one transaction.
    public static func fill(_ db: Database) throws {
        var prints: [(id: Int64, print: TurnPrint?)] = []
        try db.forEachRow("""
            SELECT asset_id, layout FROM image_features INDEXED BY image_features_unturned
            WHERE turns IS NULL AND phash IS NOT NULL AND layout IS NOT NULL
            """) { row in
            let layout = row.bytes("layout").flatMap(PictureLayout.init(cells:))
            prints.append((row.int64("asset_id"), layout.flatMap(TurnPrint.of)))
        }
        guard !prints.isEmpty else { return }
        try db.transaction {
            let update = try db.prepare("UPDATE image_features SET turn_signs = ?, turns = ? WHERE asset_id = ?")
            for (id, print) in prints {
                let stored = stored(print)
                try update.execute([stored.signs, stored.code, .integer(id)])
            }
        }
    }

    /// The `turn_signs` and `turns` of a photo with a hash whose print is `print`: its signs and code,
    /// or NULL and 0 for a picture without one (0 says "computed, none"; NULL would be filled again).
    static func stored(_ print: TurnPrint?) -> (signs: SQLValue, code: SQLValue) {
        (print.map { .integer(Int64(bitPattern: $0.signs)) } ?? .null, .integer(print?.code ?? 0))
    }
}
