extension Migration {
    /// Migration `0034-deletions-apart`: a cache whose every current asset has a current row stays
    /// so when assets are deleted, but a deletion moved on the counts it watches like any change, so
    /// a plan after a scan that found a few files gone looked through the whole library for photos
    /// to measure (0.5 s at a million files). Now the deletions of assets are also counted on their
    /// own (`assets_deleted`), so a watch can tell that only deletions happened since
    /// (``ChangeWatch``, `toleratingDeletions`), and a cache table's row deleted with its asset (a
    /// foreign-key cascade, which SQLite runs once the asset's row is gone) no longer moves the
    /// table's count on: the asset's deletion counts it. A row deleted while its asset stays still
    /// does. `assets` moves on with every deletion as before, so no watch that does not tolerate
    /// them sees less. The commit deletes a leaving asset's rows itself, before the asset, and
    /// moves the counters on as these triggers would (``ChangeCounts/deletionBookings(_:writing:deletingFrom:)``).
    static let m0034DeletionsApart = Migration(id: "0034-deletions-apart", sql: """
        INSERT INTO change_counts (id, name, serial) VALUES (19, 'assets_deleted', 0);
        CREATE TRIGGER assets_deleted AFTER DELETE ON assets BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 19; END;
        \([("hashes", 2), ("image_hashes", 3), ("image_features", 4), ("text_readings", 17), ("image_codes", 18)]
            .map { countingDeletionsApart(of: $0.0, id: $0.1) }.joined())
        """)

    /// The trigger that counts a row of cache table `table` (counter `id`) deleted while its asset
    /// stays, replacing the one of `0018-change-counts` that counted every row deleted: part of the
    /// text of `0034-deletions-apart`, so never changed. A cache table added later counts its
    /// deletions so too.
    static func countingDeletionsApart(of table: String, id: Int) -> String {
        """
        DROP TRIGGER IF EXISTS \(table)_removed;
        CREATE TRIGGER \(table)_removed AFTER DELETE ON \(table) \(ChangeCounts.withItsAsset) \
        BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = \(id); END;

        """
    }
}
