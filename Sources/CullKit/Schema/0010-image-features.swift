extension Migration {
    /// Migration `0010-image-features`: what the small decode of each photo measured, and the pairs
    /// the user said are different pictures.
    ///
    /// - `image_features`: one row per analysed photo, for the identity (device, inode, size, mtime,
    ///   ctime) it was computed for; a row whose identity is not the asset's any more is stale and
    ///   recomputed, so a second plan decodes nothing that did not change. Either the features
    ///   (`phash` — the 64-bit ``PerceptualHash`` as a signed integer —, `sharpness`, `exposure`) or
    ///   the `failure` reason of a photo that could not be decoded (kept, so it is not retried until
    ///   the file changes). Deleted with the asset (`ON DELETE CASCADE`).
    /// - `commit_image_features`: the copy a commit keeps of its moved assets' rows, so undo puts
    ///   them back (as `commit_hashes` does for `hashes`).
    /// - `distinct_pairs`: `cull distinct` — two photos the user says are different pictures, by
    ///   their full content hashes (XXH3-128, `first` < `second`), so renames and rescans never
    ///   bring the pair back. Similar groups never hold both.
    static let m0010ImageFeatures = Migration(id: "0010-image-features", sql: """
        CREATE TABLE image_features (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            phash INTEGER,
            sharpness REAL,
            exposure REAL,
            failure TEXT,
            -- A decoded photo has its sharpness and exposure; one that failed has nothing but the
            -- reason. phash is NULL for a picture without structure (it is never similar).
            CHECK ((failure IS NULL) = (sharpness IS NOT NULL) AND (failure IS NULL OR phash IS NULL))
        );
        CREATE TABLE commit_image_features (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            phash INTEGER,
            sharpness REAL,
            exposure REAL,
            failure TEXT,
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID;
        CREATE TABLE distinct_pairs (
            first BLOB NOT NULL,
            second BLOB NOT NULL,
            added INTEGER NOT NULL,
            PRIMARY KEY (first, second),
            CHECK (first < second)
        ) WITHOUT ROWID;
        """)
}
