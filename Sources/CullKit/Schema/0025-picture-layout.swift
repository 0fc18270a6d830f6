extension Migration {
    /// Migration `0025-picture-layout`: `image_features.layout` keeps each photo's 16 × 16 grid of
    /// greys (``PictureLayout``), what tells the frames of a panorama from a burst's. Rows measured
    /// before have none, so every photo is measured again by the next plan that needs it (after
    /// `0022-blur-evidence` the table is empty already), and what the cache remembered of its last
    /// refresh is forgotten. The commits' copies gain the column too (undo puts rows back whole).
    static let m0025PictureLayout = Migration(id: "0025-picture-layout", sql: """
        ALTER TABLE image_features ADD COLUMN layout BLOB;
        ALTER TABLE commit_image_features ADD COLUMN layout BLOB;
        DELETE FROM image_features;
        DELETE FROM commit_image_features;
        DELETE FROM cache_states WHERE name = 'image_features';
        """)
}
