extension Migration {
    /// Migration `0035-picture-turns`: a count of the updates of what says which way up a picture
    /// is shown and whether it is a photo (`kind`, `orientation`), which `assets` leaves uncounted
    /// (a sidecar can change the orientation of a file that did not change). With it, the turned
    /// copies' candidate pairs (``TurnedDuplicates``) are remembered over what they are computed
    /// from, and not computed again because a rating or a capture time was edited.
    static let m0035PictureTurns = Migration(id: "0035-picture-turns", sql: """
        INSERT INTO change_counts (id, name, serial) VALUES (20, 'assets_turns', 0);
        CREATE TRIGGER assets_turned AFTER UPDATE OF kind, orientation ON assets BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 20; END;
        """)
}
