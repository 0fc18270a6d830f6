extension Migration {
    /// Migration `0003-rule-indexes`: the indexes the plans of compiled rules need (checked with `cull explain`): screenshots and broken
    /// files by capture time (partial, tiny), videos by size, folders for `folder:` globs, mtime, rating.
    static let m0003RuleIndexes = Migration(id: "0003-rule-indexes", sql: """
        CREATE INDEX IF NOT EXISTS assets_screenshot ON assets(kind, taken) WHERE screenshot = 1;
        CREATE INDEX IF NOT EXISTS assets_broken ON assets(id) WHERE broken = 1;
        CREATE INDEX IF NOT EXISTS assets_kind_size ON assets(kind, size);
        CREATE INDEX IF NOT EXISTS assets_folder ON assets(folder);
        CREATE INDEX IF NOT EXISTS assets_modified ON assets(modified);
        CREATE INDEX IF NOT EXISTS assets_rating ON assets(rating) WHERE rating IS NOT NULL;
        """)
}
