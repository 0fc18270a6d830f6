extension Migration {
    /// Migration `0023-catalog-bytes`: catalogs matched as bytes, bounded per file, checked once per change.
    ///
    /// - `catalog_entries.path` holds a library file's key as bytes (``CatalogPaths/key(indexed:)``:
    ///   TEXT when valid UTF-8, in NFC; else a BLOB of the name's own bytes), and only files of the
    ///   library: two names that are not UTF-8 no longer share one key.
    /// - `catalog_entries.cut`: how many of the catalog's tags and people for the file were not kept
    ///   (``CatalogLimits``), which `plan --explain` says.
    /// - `catalogs.checked`: the identity of the catalog's files when SQLite's `quick_check` last passed.
    /// Every catalog is read again at the next step (its signature is cleared): its rows were keyed by
    /// text that folded names not in UTF-8 together.
    static let m0023CatalogBytes = Migration(id: "0023-catalog-bytes", sql: """
        ALTER TABLE catalog_entries ADD COLUMN cut INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE catalogs ADD COLUMN checked TEXT;
        UPDATE catalogs SET signature = NULL;
        """)
}
