extension Migration {
    /// Migration `0015-raw-formats`: every camera RAW format is read now (LibRaw for CR3, RAF, CRW,
    /// MRW, IIQ; the TIFF reader tells PEF, SRW, NRW … apart by name; an RW2 stripped of its sensor
    /// data is no longer "cut"), so files indexed before are read once more by the next scan
    /// (`settings.reread_metadata`): a RAW that was a plain TIFF or broken gets its format, `raw`,
    /// date and camera. Their reviews stay.
    static let m0015RawFormats = Migration(id: "0015-raw-formats", sql: """
        INSERT OR REPLACE INTO settings (key, value) VALUES ('reread_metadata', 1);
        """)
}
