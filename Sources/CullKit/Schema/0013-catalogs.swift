extension Migration {
    /// Migration `0013-catalogs`: the decisions people make in photo managers and in the files.
    ///
    /// - `assets.pick`, `labels`, `tags`, `people`: what the file itself says (XMP, IPTC), written by
    ///   the scan like `rating`. Lists are items joined by U+001F (``ValueList``), NULL when empty.
    /// - `assets.catalog_*`, `app_trash`, `hidden`: what the catalogs in use say about the file, merged
    ///   (the value that stages less), written by ``CatalogSync``, never by the scan; rule fields combine
    ///   them with the file's columns in one expression, so a plan joins nothing.
    /// - `assets.sources_disagree`: 1 when two sources disagree (`cull scan` counts them).
    /// - `catalogs`: the library's list of catalogs (found in their default places, or added by hand),
    ///   each used or ignored, with the identity of what was read last and what that read found.
    /// - `catalog_entries`: what each catalog says per library file, by library-relative path in NFC
    ///   (a file scanned later finds its row without the catalog being read again).
    /// - `catalog_holds`: a staged file whose decision changed in a photo manager after it was staged
    ///   (as of `staged_at`): the commit holds it back with the reason.
    /// Files indexed before are read once more by the next scan (their reviews stay) for the new columns.
    static let m0013Catalogs = Migration(id: "0013-catalogs", sql: """
        ALTER TABLE assets ADD COLUMN pick INTEGER;
        ALTER TABLE assets ADD COLUMN labels TEXT;
        ALTER TABLE assets ADD COLUMN tags TEXT;
        ALTER TABLE assets ADD COLUMN people TEXT;
        ALTER TABLE assets ADD COLUMN catalog_rating INTEGER;
        ALTER TABLE assets ADD COLUMN catalog_pick INTEGER;
        ALTER TABLE assets ADD COLUMN catalog_labels TEXT;
        ALTER TABLE assets ADD COLUMN catalog_tags TEXT;
        ALTER TABLE assets ADD COLUMN catalog_people TEXT;
        ALTER TABLE assets ADD COLUMN app_trash INTEGER;
        ALTER TABLE assets ADD COLUMN hidden INTEGER;
        ALTER TABLE assets ADD COLUMN sources_disagree INTEGER;
        CREATE TABLE catalogs (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('used', 'ignored', 'unrelated')),
            origin TEXT NOT NULL CHECK (origin IN ('found', 'added')),
            maps TEXT NOT NULL DEFAULT '',
            signature TEXT,
            schema_version TEXT,
            rows_inside INTEGER,
            rows_outside INTEGER,
            read_at INTEGER,
            problem TEXT
        );
        CREATE TABLE catalog_entries (
            catalog_id INTEGER NOT NULL REFERENCES catalogs(id) ON DELETE CASCADE,
            path TEXT NOT NULL,
            rating INTEGER,
            pick INTEGER,
            labels TEXT,
            tags TEXT,
            people TEXT,
            app_trash INTEGER NOT NULL DEFAULT 0,
            hidden INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (catalog_id, path)
        ) WITHOUT ROWID;
        CREATE INDEX catalog_entries_path ON catalog_entries(path);
        CREATE TABLE catalog_holds (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            staged_at INTEGER NOT NULL,
            reason TEXT NOT NULL
        );
        INSERT OR REPLACE INTO settings (key, value) VALUES ('reread_metadata', 1);
        """)
}
