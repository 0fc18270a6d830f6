extension Migration {
    /// Migration `0030-turns`: `image_features.turn_signs` and `turns` keep each photo's ``TurnPrint``,
    /// what finds a copy of it turned or mirrored (`turns` is its code, 0 for a picture without one;
    /// NULL where it was not computed yet). Computed from the `layout` every row measured since
    /// `0025-picture-layout` has, so no photo is decoded again: rows of before are filled by the first
    /// run that looks for similar photos (``TurnPrints/fill(_:)``), found by a partial index of the rows
    /// still to fill. The commits' copies gain the columns too (undo puts rows back whole).
    static let m0030Turns = Migration(id: "0030-turns", sql: """
        ALTER TABLE image_features ADD COLUMN turn_signs INTEGER;
        ALTER TABLE image_features ADD COLUMN turns INTEGER;
        ALTER TABLE commit_image_features ADD COLUMN turn_signs INTEGER;
        ALTER TABLE commit_image_features ADD COLUMN turns INTEGER;
        CREATE INDEX image_features_unturned ON image_features(asset_id) WHERE turns IS NULL AND phash IS NOT NULL AND layout IS NOT NULL;
        """)
}
