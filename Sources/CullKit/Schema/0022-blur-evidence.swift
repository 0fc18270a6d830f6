extension Migration {
    /// Migration `0022-blur-evidence`: `sharpness` means evidence of blur (``Sharpness``), no longer the
    /// variance of the Laplacian, and a photo with too few edges to judge has none.
    ///
    /// `image_features` is made again, empty: `sharpness` may now be NULL for a decoded photo
    /// (featureless), which the old CHECK forbade and SQLite cannot alter, and `edges` counts the
    /// strong edges the judgement rests on. Every photo is measured again by the next plan that needs
    /// it (old rows would mix two meanings of one number). The copies commits kept for undo go too:
    /// undo would put back rows of the old meaning as current. The triggers that count the table's
    /// changes (`0018-change-counts`) go with the table and are made again, and what the cache
    /// remembered of its last refresh (`cache_states`) is forgotten, so the next refresh looks at
    /// every photo instead of the few it had left to retry.
    static let m0022BlurEvidence = Migration(id: "0022-blur-evidence", sql: """
        DROP TABLE image_features;
        DROP TABLE commit_image_features;
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
            edges INTEGER,
            failure TEXT,
            -- A decoded photo has its exposure and its count of strong edges, and a sharpness unless it
            -- is featureless; one that failed has nothing but the reason. phash is NULL for a picture
            -- without structure (it is never similar).
            CHECK ((failure IS NULL) = (exposure IS NOT NULL) AND (failure IS NULL) = (edges IS NOT NULL) AND (failure IS NULL OR (phash IS NULL AND sharpness IS NULL)))
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
            edges INTEGER,
            failure TEXT,
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID;
        CREATE TRIGGER image_features_removed AFTER DELETE ON image_features BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 4; END;
        CREATE TRIGGER image_features_changed AFTER UPDATE ON image_features BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 4; END;
        UPDATE change_counts SET serial = serial + 1 WHERE id = 4;
        DELETE FROM cache_states WHERE name = 'image_features';
        """)
}
