extension Migration {
    /// Migration `0017-disagreement-index`: the assets whose sources disagree, indexed (there are
    /// few). Every `cull scan` counts them; without the index that count read every row of the
    /// table, some 20 ms and a 35 MB pass over the pages of a 100,000-file library's index.
    static let m0017DisagreementIndex = Migration(id: "0017-disagreement-index", sql: """
        CREATE INDEX assets_disagree ON assets(id) WHERE sources_disagree = 1;
        """)
}
