extension Migration {
    /// Migration `0008-review-live-pair`: `reviews.live_pair_of`, the asset a Live Photo half was
    /// staged with ("live pair of …"): staging one half of a pair stages the other as its own row,
    /// through the same guards, keeps and limits.
    static let m0008ReviewLivePair = Migration(id: "0008-review-live-pair", sql: "ALTER TABLE reviews ADD COLUMN live_pair_of INTEGER;")
}
