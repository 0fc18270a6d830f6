extension Migration {
    /// Migration `0001-assets`: the first tables of `.cull/index.sqlite`.
    ///
    /// Conventions every other layer relies on:
    /// - `assets.path` is relative to the library root, `/`-separated; TEXT when the name is UTF-8,
    ///   a BLOB of the raw bytes otherwise (so a non-UTF-8 name is never mangled).
    /// - `width`/`height` are orientation-corrected (what a viewer shows).
    /// - `taken` is the *local* wall-clock capture time as seconds since 1970 (as if UTC);
    ///   `taken_utc` is the instant when the offset is known; `taken_source` says where it came from.
    /// - Missing metadata is NULL and never matches a rule.
    static let m0001Assets = Migration(id: "0001-assets", sql: """
        CREATE TABLE assets (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            folder TEXT NOT NULL,
            name TEXT NOT NULL,
            extension TEXT NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            sidecar_signature TEXT NOT NULL DEFAULT '',
            added INTEGER NOT NULL,
            modified INTEGER NOT NULL,
            kind TEXT,
            format TEXT,
            width INTEGER,
            height INTEGER,
            orientation INTEGER,
            duration REAL,
            taken INTEGER,
            taken_utc INTEGER,
            taken_offset INTEGER,
            taken_source TEXT,
            camera_make TEXT,
            camera_model TEXT,
            lens TEXT,
            software TEXT,
            latitude REAL,
            longitude REAL,
            rating INTEGER,
            favorite_flag INTEGER,
            screenshot INTEGER NOT NULL DEFAULT 0,
            screenshot_evidence TEXT,
            live_id TEXT,
            burst_id TEXT,
            raw INTEGER NOT NULL DEFAULT 0,
            broken INTEGER NOT NULL DEFAULT 0,
            broken_reason TEXT
        );
        CREATE INDEX assets_taken ON assets(taken);
        CREATE INDEX assets_size ON assets(size);
        CREATE INDEX assets_kind ON assets(kind, taken);
        CREATE INDEX assets_folder ON assets(folder);
        CREATE INDEX assets_live ON assets(live_id) WHERE live_id IS NOT NULL;

        -- Sidecars and other companions that travel with their primary (XMP, AAE, Takeout JSON).
        CREATE TABLE companions (
            asset_id INTEGER NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
            path TEXT NOT NULL,
            role TEXT NOT NULL,
            PRIMARY KEY (asset_id, path)
        ) WITHOUT ROWID;

        -- The review state of an asset: no row = never reviewed ('new').
        CREATE TABLE reviews (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            status TEXT NOT NULL CHECK (status IN ('kept', 'trashed')),
            rule TEXT,
            rule_file TEXT,
            run_id TEXT,
            at INTEGER NOT NULL
        );
        CREATE INDEX reviews_status ON reviews(status, rule);

        -- Library settings (e.g. favorite_threshold).
        CREATE TABLE settings (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
        INSERT INTO settings (key, value) VALUES ('favorite_threshold', 4);
        """)
}
