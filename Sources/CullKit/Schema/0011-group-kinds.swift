extension Migration {
    /// Migration `0011-group-kinds`: what the same-picture, burst and RAW+JPEG groups need.
    ///
    /// - `image_hashes`: the hash of each photo's or video's image data alone (``ImageDataHasher``),
    ///   with the identity of the file it was computed for (a row whose identity is not the asset's
    ///   any more is stale and recomputed, as in `hashes`). `hash` is NULL and `problem` says why when
    ///   the file's structure could not be walked: such a file is recorded, never grouped, and not
    ///   re-read until it changes.
    /// - `commit_image_hashes`: the copy a commit keeps of its moved assets' rows, so undo puts them back.
    /// - `assets.taken_subsec_us`: EXIF SubSecTimeOriginal as microseconds, which tells the frames of
    ///   a burst apart within their capture second (and `commit_assets` mirrors it). Files indexed
    ///   before are read once more by the next scan (`settings.reread_metadata`), which also picks up
    ///   Google's XMP `BurstID`; their reviews stay.
    static let m0011GroupKinds = Migration(id: "0011-group-kinds", sql: """
        CREATE TABLE image_hashes (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            hash BLOB,
            problem TEXT
        );
        CREATE INDEX image_hashes_hash ON image_hashes(hash) WHERE hash IS NOT NULL;
        CREATE TABLE commit_image_hashes (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            hash BLOB,
            problem TEXT,
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID;
        ALTER TABLE assets ADD COLUMN taken_subsec_us INTEGER;
        ALTER TABLE commit_assets ADD COLUMN taken_subsec_us INTEGER;
        INSERT OR REPLACE INTO settings (key, value) VALUES ('reread_metadata', 1);
        """)
}
