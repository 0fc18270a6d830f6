extension Migration {
    /// Migration `0005-ctime`: the status-change time joins the identity a commit re-checks. An edit
    /// that keeps the size and puts the mtime back (`touch -r`) cannot put the ctime back, so the
    /// scanner re-reads such a file and a commit skips it. Rows written before this migration have
    /// no ctime (NULL) and are compared without it.
    static let m0005Ctime = Migration(id: "0005-ctime", sql: """
        ALTER TABLE assets ADD COLUMN ctime_ns INTEGER;
        ALTER TABLE commit_assets ADD COLUMN ctime_ns INTEGER;
        ALTER TABLE commit_items ADD COLUMN ctime_ns INTEGER;
        """)
}
