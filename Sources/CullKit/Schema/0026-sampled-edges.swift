extension Migration {
    /// Migration `0026-sampled-edges`: the blur judgement (``Sharpness``) follows every other pixel along
    /// an edge, so `edges` counts half of what it counted and the thresholds were rescaled with it; and
    /// stills FFmpeg now decodes (TIFF, BMP, PSD, JPEG 2000, JPEG XL) have pixels where rows said they
    /// failed. Rows of the old counting would mix two scales in one column, so every photo is measured
    /// again by the next plan that needs it, the commits' copies go (undo would put back old-scale rows
    /// as current), and what the cache remembered of its last refresh is forgotten.
    static let m0026SampledEdges = Migration(id: "0026-sampled-edges", sql: """
        DELETE FROM image_features;
        DELETE FROM commit_image_features;
        DELETE FROM cache_states WHERE name = 'image_features';
        """)
}
