extension Migration {
    /// Migration `0038-live-kinds`: the index of the paired assets (`0001-assets`) holds their kinds
    /// too, so every plan's read of the Live Photo halves (``LivePairs/partners(_:)``, a photo and a
    /// video sharing a `live_id`) is answered from the index alone, not from a seek into the table
    /// for each half: 0.14 s at a million files with 66,000 halves, 0.05 s covered.
    static let m0038LiveKinds = Migration(id: "0038-live-kinds", sql: """
        DROP INDEX assets_live;
        CREATE INDEX assets_live ON assets(live_id, kind) WHERE live_id IS NOT NULL;
        """)
}
