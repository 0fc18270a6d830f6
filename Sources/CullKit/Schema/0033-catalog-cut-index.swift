extension Migration {
    /// Migration `0033-catalog-cut-index`: the assets whose catalog tags or people were cut
    /// (`0024-catalog-cut`), indexed (there are few). Every plan whose rules read catalog lists
    /// holds them back (``RulePlanner/heldSQL``); without the index that read every row of the
    /// table: 0.16 s of a warm plan at a million files, for a column almost always empty.
    static let m0033CatalogCutIndex = Migration(id: "0033-catalog-cut-index", sql: """
        CREATE INDEX assets_catalog_cut ON assets(id) WHERE catalog_cut = 1;
        """)
}
