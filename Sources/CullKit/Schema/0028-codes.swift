extension Migration {
    /// Migration `0028-codes`: `image_codes`, the QR codes and barcodes read in each photo
    /// (``CacheTable/imageCodes``), and its commit copy.
    static let m0028Codes = Migration.cacheTable(id: "0028-codes", .imageCodes)
}
