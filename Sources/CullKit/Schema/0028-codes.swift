extension Migration {
    /// Migration `0028-codes`: `image_codes`, the QR codes and barcodes read in each photo
    /// (``CacheTable/imageCodes``), and its commit copy, both from that description.
    static let m0028Codes = Migration(id: "0028-codes", sql: CacheTable.imageCodes.createSQL)
}
