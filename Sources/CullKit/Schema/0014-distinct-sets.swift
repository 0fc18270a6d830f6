extension Migration {
    /// Migration `0014-distinct-sets`: `cull distinct` stores each marked set as one set, a row per
    /// picture, instead of every pair of it (3,000 photos were 4,498,500 pair rows and 213 MB, and
    /// every later scan walked them).
    ///
    /// - `distinct_sets`: one row per `cull distinct` (when it was marked).
    /// - `distinct_members`: the pictures of a set by their full content hash (XXH3-128), so renames
    ///   and rescans never bring the likeness back. Any two pictures of one set are different
    ///   pictures; a picture may be in several sets. Looked up by hash when sets are merged or pruned.
    ///
    /// The pairs of `distinct_pairs` are carried over: the pairs one `cull distinct` wrote share its
    /// time, and when those of one time hold every pair of their pictures they become one set; any
    /// other pair (a set partly pruned, two marks in one second) becomes a set of its two pictures,
    /// which keeps exactly the pairs there were.
    static let m0014DistinctSets = Migration(id: "0014-distinct-sets", sql: """
        CREATE TABLE distinct_sets (
            id INTEGER PRIMARY KEY,
            added INTEGER NOT NULL
        );
        CREATE TABLE distinct_members (
            set_id INTEGER NOT NULL REFERENCES distinct_sets(id) ON DELETE CASCADE,
            hash BLOB NOT NULL,
            PRIMARY KEY (set_id, hash)
        ) WITHOUT ROWID;
        CREATE INDEX distinct_members_hash ON distinct_members(hash);
        CREATE TEMP TABLE m0013_pictures AS
            SELECT added, first AS hash FROM distinct_pairs UNION SELECT added, second FROM distinct_pairs;
        CREATE TEMP TABLE m0013_whole AS
            WITH pairs AS (SELECT added, count(*) AS pairs FROM distinct_pairs GROUP BY added),
                 pictures AS (SELECT added, count(*) AS pictures FROM m0013_pictures GROUP BY added)
            SELECT added FROM pairs JOIN pictures USING (added) WHERE pairs = pictures * (pictures - 1) / 2;
        INSERT INTO distinct_sets (added) SELECT added FROM m0013_whole ORDER BY added;
        INSERT INTO distinct_members (set_id, hash)
            SELECT s.id, p.hash FROM distinct_sets s JOIN m0013_pictures p ON p.added = s.added;
        CREATE TEMP TABLE m0013_split AS
            SELECT (SELECT COALESCE(max(id), 0) FROM distinct_sets) + row_number() OVER (ORDER BY first, second) AS id,
                   first, second, added
            FROM distinct_pairs WHERE added NOT IN (SELECT added FROM m0013_whole);
        INSERT INTO distinct_sets (id, added) SELECT id, added FROM m0013_split;
        INSERT INTO distinct_members (set_id, hash) SELECT id, first FROM m0013_split UNION ALL SELECT id, second FROM m0013_split;
        DROP TABLE m0013_split;
        DROP TABLE m0013_whole;
        DROP TABLE m0013_pictures;
        DROP TABLE distinct_pairs;
        """)
}
