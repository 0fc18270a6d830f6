extension Migration {
    /// Migration `0024-catalog-cut`: `assets.catalog_cut` is 1 when a catalog's tags or people for
    /// the file were cut to their budget (``CatalogLimits``), so Cull no longer knows all of them: a
    /// run whose rules read `tags` or `people` leaves such a file where it is (a protect guard on a
    /// tag that was cut would otherwise protect nothing). Every catalog is read again at the next step.
    static let m0024CatalogCut = Migration(id: "0024-catalog-cut", sql: """
        ALTER TABLE assets ADD COLUMN catalog_cut INTEGER;
        UPDATE catalogs SET signature = NULL;
        """)
}
