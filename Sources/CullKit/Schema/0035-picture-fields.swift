extension Migration {
    /// Migration `0035-picture-fields`: a count of the updates of what the picture groups read of an
    /// asset besides its identity and size, which `assets` leaves uncounted: its kind, which way up
    /// it is shown, whether it is a screenshot (a sidecar can turn a file that did not change). With
    /// it, the turned copies' candidate pairs (``TurnedDuplicates``) and the similar search's turned
    /// pairs are remembered over what they are computed from, and not computed again because a
    /// rating or a capture time was edited.
    static let m0035PictureFields = Migration(id: "0035-picture-fields", sql: """
        INSERT INTO change_counts (id, name, serial) VALUES (20, 'assets_pictures', 0);
        CREATE TRIGGER assets_pictured AFTER UPDATE OF kind, orientation, screenshot ON assets BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 20; END;
        """)
}
