extension Migration {
    /// Migration `0019-raw-folders`: the folders of the RAW files, indexed (there are few, or none).
    /// Every plan looks for RAW+JPEG pairs only in the folders that hold a RAW (``RawPairs``);
    /// without the index, finding those folders read every row of `assets`: 54 M of the 750 M
    /// instructions of a warm exact-duplicates plan of 50,000 JPEGs, which hold no RAW at all.
    static let m0019RawFolders = Migration(id: "0019-raw-folders", sql: """
        CREATE INDEX assets_raw_folder ON assets(folder) WHERE raw = 1;
        """)
}
