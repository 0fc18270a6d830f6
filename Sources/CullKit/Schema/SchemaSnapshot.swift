/// The schema of an index that has run every migration, as SQLite keeps it (`sqlite_schema.sql`
/// in creation order, SQLite's own automatic indexes left out): what Rails keeps as `schema.rb`.
///
/// Replaying every migration on an empty database re-parses the whole schema after each
/// table change; creating the final tables directly takes a fraction of that. The SQL probe
/// (``SQLProbe``) needs an empty index of the current schema in every process that loads a rule
/// file, so it is made from this. `SchemaSnapshotTests` fails, and prints the new text, when a
/// migration changes the schema and this was not brought along.
enum SchemaSnapshot {
    /// Generated from a migrated index: see ``source(_:)``.
    static let statements: [String] = [
        #"""
        CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)
        """#,
        #"""
        CREATE TABLE assets (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            folder TEXT NOT NULL,
            name TEXT NOT NULL,
            extension TEXT NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            sidecar_signature TEXT NOT NULL DEFAULT '',
            added INTEGER NOT NULL,
            modified INTEGER NOT NULL,
            kind TEXT,
            format TEXT,
            width INTEGER,
            height INTEGER,
            orientation INTEGER,
            duration REAL,
            taken INTEGER,
            taken_utc INTEGER,
            taken_offset INTEGER,
            taken_source TEXT,
            camera_make TEXT,
            camera_model TEXT,
            lens TEXT,
            software TEXT,
            latitude REAL,
            longitude REAL,
            rating INTEGER,
            favorite_flag INTEGER,
            screenshot INTEGER NOT NULL DEFAULT 0,
            screenshot_evidence TEXT,
            live_id TEXT,
            burst_id TEXT,
            raw INTEGER NOT NULL DEFAULT 0,
            broken INTEGER NOT NULL DEFAULT 0,
            broken_reason TEXT
        , ctime_ns INTEGER, unreadable_reason TEXT, taken_subsec_us INTEGER, pick INTEGER, labels TEXT, tags TEXT, people TEXT, catalog_rating INTEGER, catalog_pick INTEGER, catalog_labels TEXT, catalog_tags TEXT, catalog_people TEXT, app_trash INTEGER, hidden INTEGER, sources_disagree INTEGER, exposure_bias REAL, exposure_mode INTEGER, rendering TEXT, focus_distance REAL, declined_reason TEXT, catalog_cut INTEGER)
        """#,
        #"""
        CREATE INDEX assets_taken ON assets(taken)
        """#,
        #"""
        CREATE INDEX assets_size ON assets(size)
        """#,
        #"""
        CREATE INDEX assets_kind ON assets(kind, taken)
        """#,
        #"""
        CREATE INDEX assets_folder ON assets(folder)
        """#,
        #"""
        CREATE TABLE companions (
            asset_id INTEGER NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
            path TEXT NOT NULL,
            role TEXT NOT NULL,
            PRIMARY KEY (asset_id, path)
        ) WITHOUT ROWID
        """#,
        #"""
        CREATE TABLE reviews (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            status TEXT NOT NULL CHECK (status IN ('kept', 'trashed')),
            rule TEXT,
            rule_file TEXT,
            run_id TEXT,
            at INTEGER NOT NULL
        , live_pair_of INTEGER, keeper_id INTEGER)
        """#,
        #"""
        CREATE INDEX reviews_status ON reviews(status, rule)
        """#,
        #"""
        CREATE TABLE settings (key TEXT PRIMARY KEY, value) WITHOUT ROWID
        """#,
        #"""
        CREATE TABLE commit_items (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            entry INTEGER NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('primary', 'sidecar', 'live')),
            asset_id INTEGER,
            path BLOB NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            destination BLOB,
            info BLOB,
            state TEXT NOT NULL DEFAULT 'pending'
                CHECK (state IN ('pending', 'moved', 'gone', 'skipped', 'restored')),
            reason TEXT,
            snapshot TEXT, ctime_ns INTEGER, skip TEXT CHECK (skip IN ('keeper-changed', 'keeper-staged', 'twin-changed',
            'sidecar-changed', 'catalog-hold', 'live-pair', 'live-pair-unstaged', 'primary-skipped', 'no-free-name', 'refused')),
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID
        """#,
        #"""
        CREATE INDEX assets_screenshot ON assets(kind, taken) WHERE screenshot = 1
        """#,
        #"""
        CREATE INDEX assets_broken ON assets(id) WHERE broken = 1
        """#,
        #"""
        CREATE INDEX assets_kind_size ON assets(kind, size)
        """#,
        #"""
        CREATE INDEX assets_modified ON assets(modified)
        """#,
        #"""
        CREATE INDEX assets_rating ON assets(rating) WHERE rating IS NOT NULL
        """#,
        #"""
        CREATE TABLE commit_assets (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            id INTEGER,
            path TEXT,
            folder TEXT,
            name TEXT,
            extension TEXT,
            device INTEGER,
            inode INTEGER,
            size INTEGER,
            mtime_ns INTEGER,
            sidecar_signature TEXT,
            added INTEGER,
            modified INTEGER,
            kind TEXT,
            format TEXT,
            width INTEGER,
            height INTEGER,
            orientation INTEGER,
            duration REAL,
            taken INTEGER,
            taken_utc INTEGER,
            taken_offset INTEGER,
            taken_source TEXT,
            camera_make TEXT,
            camera_model TEXT,
            lens TEXT,
            software TEXT,
            latitude REAL,
            longitude REAL,
            rating INTEGER,
            favorite_flag INTEGER,
            screenshot INTEGER,
            screenshot_evidence TEXT,
            live_id TEXT,
            burst_id TEXT,
            raw INTEGER,
            broken INTEGER,
            broken_reason TEXT, ctime_ns INTEGER, unreadable_reason TEXT, taken_subsec_us INTEGER, "pick" INTEGER, "labels" TEXT, "tags" TEXT, "people" TEXT, "catalog_rating" INTEGER, "catalog_pick" INTEGER, "catalog_labels" TEXT, "catalog_tags" TEXT, "catalog_people" TEXT, "app_trash" INTEGER, "hidden" INTEGER, "sources_disagree" INTEGER, "exposure_bias" REAL, "exposure_mode" INTEGER, "rendering" TEXT, "focus_distance" REAL, "declined_reason" TEXT, "catalog_cut" INTEGER,
            PRIMARY KEY (commit_id, seq)
        )
        """#,
        #"""
        CREATE TABLE commit_companions (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            path TEXT NOT NULL,
            role TEXT NOT NULL,
            PRIMARY KEY (commit_id, seq, path)
        ) WITHOUT ROWID
        """#,
        #"""
        CREATE TABLE "commits" (
            id INTEGER PRIMARY KEY,
            state TEXT NOT NULL CHECK (state IN ('open', 'done', 'cancelled', 'undone')),
            mode TEXT NOT NULL CHECK (mode IN ('trash', 'quarantine', 'permanent')),
            target BLOB,
            fingerprint TEXT NOT NULL,
            started_at INTEGER NOT NULL,
            finished_at INTEGER,
            moved INTEGER NOT NULL DEFAULT 0,
            gone INTEGER NOT NULL DEFAULT 0,
            skipped INTEGER NOT NULL DEFAULT 0,
            bytes INTEGER NOT NULL DEFAULT 0
        )
        """#,
        #"""
        CREATE INDEX commits_state ON commits(state)
        """#,
        #"""
        CREATE TABLE undos (
            id INTEGER PRIMARY KEY,
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            state TEXT NOT NULL CHECK (state IN ('open', 'done', 'cancelled')),
            started_at INTEGER NOT NULL,
            finished_at INTEGER
        )
        """#,
        #"""
        CREATE INDEX undos_state ON undos(state)
        """#,
        #"""
        CREATE TABLE undo_items (
            undo_id INTEGER NOT NULL REFERENCES undos(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'restored', 'refused')),
            reason TEXT,
            PRIMARY KEY (undo_id, seq)
        ) WITHOUT ROWID
        """#,
        #"""
        CREATE TABLE hashes (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            partial BLOB NOT NULL,
            full BLOB
        )
        """#,
        #"""
        CREATE TABLE commit_hashes (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            partial BLOB NOT NULL,
            full BLOB,
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID
        """#,
        #"""
        CREATE TABLE image_hashes (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            hash BLOB,
            problem TEXT
        )
        """#,
        #"""
        CREATE INDEX image_hashes_hash ON image_hashes(hash) WHERE hash IS NOT NULL
        """#,
        #"""
        CREATE TABLE commit_image_hashes (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            hash BLOB,
            problem TEXT,
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID
        """#,
        #"""
        CREATE TABLE catalogs (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('used', 'ignored', 'unrelated')),
            origin TEXT NOT NULL CHECK (origin IN ('found', 'added')),
            maps TEXT NOT NULL DEFAULT '',
            signature TEXT,
            schema_version TEXT,
            rows_inside INTEGER,
            rows_outside INTEGER,
            read_at INTEGER,
            problem TEXT
        , checked TEXT)
        """#,
        #"""
        CREATE TABLE catalog_entries (
            catalog_id INTEGER NOT NULL REFERENCES catalogs(id) ON DELETE CASCADE,
            path TEXT NOT NULL,
            rating INTEGER,
            pick INTEGER,
            labels TEXT,
            tags TEXT,
            people TEXT,
            app_trash INTEGER NOT NULL DEFAULT 0,
            hidden INTEGER NOT NULL DEFAULT 0, cut INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (catalog_id, path)
        ) WITHOUT ROWID
        """#,
        #"""
        CREATE INDEX catalog_entries_path ON catalog_entries(path)
        """#,
        #"""
        CREATE TABLE catalog_holds (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            staged_at INTEGER NOT NULL,
            reason TEXT NOT NULL
        )
        """#,
        #"""
        CREATE TABLE distinct_sets (
            id INTEGER PRIMARY KEY,
            added INTEGER NOT NULL
        )
        """#,
        #"""
        CREATE TABLE distinct_members (
            set_id INTEGER NOT NULL REFERENCES distinct_sets(id) ON DELETE CASCADE,
            hash BLOB NOT NULL,
            PRIMARY KEY (set_id, hash)
        ) WITHOUT ROWID
        """#,
        #"""
        CREATE INDEX distinct_members_hash ON distinct_members(hash)
        """#,
        #"""
        CREATE INDEX assets_disagree ON assets(id) WHERE sources_disagree = 1
        """#,
        #"""
        CREATE TABLE change_counts (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, serial INTEGER NOT NULL)
        """#,
        #"""
        CREATE TRIGGER assets_added AFTER INSERT ON assets
        BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 1; END
        """#,
        #"""
        CREATE TRIGGER assets_removed AFTER DELETE ON assets
        BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 1; END
        """#,
        #"""
        CREATE TRIGGER assets_changed
        AFTER UPDATE OF path, device, inode, size, mtime_ns, ctime_ns, format, width, height, broken, unreadable_reason ON assets
        BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 1; END
        """#,
        #"""
        CREATE TRIGGER hashes_changed AFTER UPDATE ON hashes BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 2; END
        """#,
        #"""
        CREATE TRIGGER image_hashes_changed AFTER UPDATE ON image_hashes BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 3; END
        """#,
        #"""
        CREATE TABLE cache_states (name TEXT PRIMARY KEY, counts TEXT NOT NULL, memo BLOB) WITHOUT ROWID
        """#,
        #"""
        CREATE INDEX assets_raw_folder ON assets(folder) WHERE raw = 1
        """#,
        #"""
        CREATE TABLE image_features (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            phash INTEGER,
            sharpness REAL,
            exposure REAL,
            edges INTEGER,
            failure TEXT, layout BLOB, turn_signs INTEGER, turns INTEGER,
            -- A decoded photo has its exposure and its count of strong edges, and a sharpness unless it
            -- is featureless; one that failed has nothing but the reason. phash is NULL for a picture
            -- without structure (it is never similar).
            CHECK ((failure IS NULL) = (exposure IS NOT NULL) AND (failure IS NULL) = (edges IS NOT NULL) AND (failure IS NULL OR (phash IS NULL AND sharpness IS NULL)))
        )
        """#,
        #"""
        CREATE TABLE commit_image_features (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            phash INTEGER,
            sharpness REAL,
            exposure REAL,
            edges INTEGER,
            failure TEXT, layout BLOB, turn_signs INTEGER, turns INTEGER,
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID
        """#,
        #"""
        CREATE TRIGGER image_features_changed AFTER UPDATE ON image_features BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 4; END
        """#,
        #"""
        CREATE TABLE text_readings (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            recognized INTEGER,
            text TEXT,
            words INTEGER,
            document INTEGER,
            coverage REAL,
            turn INTEGER,
            failure TEXT,
            CHECK ((failure IS NULL) = (recognized IS NOT NULL) AND (failure IS NULL) = (words IS NOT NULL) AND (failure IS NULL) = (document IS NOT NULL))
        )
        """#,
        #"""
        CREATE TABLE commit_text_readings (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            recognized INTEGER,
            text TEXT,
            words INTEGER,
            document INTEGER,
            coverage REAL,
            turn INTEGER,
            failure TEXT,
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID
        """#,
        #"""
        CREATE TABLE image_codes (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            kinds TEXT,
            texts TEXT,
            failure TEXT,
            CHECK (failure IS NULL OR kinds IS NULL)
        )
        """#,
        #"""
        CREATE TABLE commit_image_codes (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            device INTEGER NOT NULL,
            inode INTEGER NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            kinds TEXT,
            texts TEXT,
            failure TEXT,
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID
        """#,
        #"""
        CREATE TABLE taken_prints (
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            content BLOB,
            phash INTEGER,
            failure TEXT,
            PRIMARY KEY (commit_id, seq)
        ) WITHOUT ROWID
        """#,
        #"""
        CREATE TABLE returns (
            asset_id INTEGER PRIMARY KEY REFERENCES assets(id) ON DELETE CASCADE,
            commit_id INTEGER NOT NULL REFERENCES commits(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            evidence TEXT NOT NULL CHECK (evidence IN ('bytes', 'picture')),
            distance INTEGER NOT NULL
        )
        """#,
        #"""
        CREATE INDEX image_features_unturned ON image_features(asset_id) WHERE turns IS NULL AND phash IS NOT NULL AND layout IS NOT NULL
        """#,
        #"""
        CREATE TRIGGER assets_edited AFTER UPDATE ON assets BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 5; END
        """#,
        #"""
        CREATE TRIGGER reviews_added AFTER INSERT ON reviews BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 6; END
        """#,
        #"""
        CREATE TRIGGER reviews_removed AFTER DELETE ON reviews BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 6; END
        """#,
        #"""
        CREATE TRIGGER reviews_changed AFTER UPDATE ON reviews BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 6; END
        """#,
        #"""
        CREATE TRIGGER settings_added AFTER INSERT ON settings BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 7; END
        """#,
        #"""
        CREATE TRIGGER settings_removed AFTER DELETE ON settings BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 7; END
        """#,
        #"""
        CREATE TRIGGER settings_changed AFTER UPDATE ON settings BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 7; END
        """#,
        #"""
        CREATE TRIGGER catalogs_added AFTER INSERT ON catalogs BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 8; END
        """#,
        #"""
        CREATE TRIGGER catalogs_removed AFTER DELETE ON catalogs BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 8; END
        """#,
        #"""
        CREATE TRIGGER catalogs_changed AFTER UPDATE ON catalogs BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 8; END
        """#,
        #"""
        CREATE TRIGGER catalog_entries_added AFTER INSERT ON catalog_entries BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 9; END
        """#,
        #"""
        CREATE TRIGGER catalog_entries_removed AFTER DELETE ON catalog_entries BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 9; END
        """#,
        #"""
        CREATE TRIGGER catalog_entries_changed AFTER UPDATE ON catalog_entries BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 9; END
        """#,
        #"""
        CREATE TRIGGER catalog_holds_added AFTER INSERT ON catalog_holds BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 10; END
        """#,
        #"""
        CREATE TRIGGER catalog_holds_removed AFTER DELETE ON catalog_holds BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 10; END
        """#,
        #"""
        CREATE TRIGGER catalog_holds_changed AFTER UPDATE ON catalog_holds BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 10; END
        """#,
        #"""
        CREATE TRIGGER companions_added AFTER INSERT ON companions BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 11; END
        """#,
        #"""
        CREATE TRIGGER companions_removed AFTER DELETE ON companions BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 11; END
        """#,
        #"""
        CREATE TRIGGER companions_changed AFTER UPDATE ON companions BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 11; END
        """#,
        #"""
        CREATE TRIGGER distinct_sets_added AFTER INSERT ON distinct_sets BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 12; END
        """#,
        #"""
        CREATE TRIGGER distinct_sets_removed AFTER DELETE ON distinct_sets BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 12; END
        """#,
        #"""
        CREATE TRIGGER distinct_sets_changed AFTER UPDATE ON distinct_sets BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 12; END
        """#,
        #"""
        CREATE TRIGGER distinct_members_added AFTER INSERT ON distinct_members BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 13; END
        """#,
        #"""
        CREATE TRIGGER distinct_members_removed AFTER DELETE ON distinct_members BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 13; END
        """#,
        #"""
        CREATE TRIGGER distinct_members_changed AFTER UPDATE ON distinct_members BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 13; END
        """#,
        #"""
        CREATE TRIGGER returns_added AFTER INSERT ON returns BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 14; END
        """#,
        #"""
        CREATE TRIGGER returns_removed AFTER DELETE ON returns BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 14; END
        """#,
        #"""
        CREATE TRIGGER returns_changed AFTER UPDATE ON returns BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 14; END
        """#,
        #"""
        CREATE TRIGGER taken_prints_added AFTER INSERT ON taken_prints BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 15; END
        """#,
        #"""
        CREATE TRIGGER taken_prints_removed AFTER DELETE ON taken_prints BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 15; END
        """#,
        #"""
        CREATE TRIGGER taken_prints_changed AFTER UPDATE ON taken_prints BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 15; END
        """#,
        #"""
        CREATE TRIGGER commits_added AFTER INSERT ON commits BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 16; END
        """#,
        #"""
        CREATE TRIGGER commits_removed AFTER DELETE ON commits BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 16; END
        """#,
        #"""
        CREATE TRIGGER commits_changed AFTER UPDATE ON commits BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 16; END
        """#,
        #"""
        CREATE TRIGGER text_readings_changed AFTER UPDATE ON text_readings BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 17; END
        """#,
        #"""
        CREATE TRIGGER image_codes_changed AFTER UPDATE ON image_codes BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 18; END
        """#,
        #"""
        CREATE INDEX assets_catalog_cut ON assets(id) WHERE catalog_cut = 1
        """#,
        #"""
        CREATE TRIGGER assets_deleted AFTER DELETE ON assets BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 19; END
        """#,
        #"""
        CREATE TRIGGER hashes_removed AFTER DELETE ON hashes WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id) BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 2; END
        """#,
        #"""
        CREATE TRIGGER image_hashes_removed AFTER DELETE ON image_hashes WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id) BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 3; END
        """#,
        #"""
        CREATE TRIGGER image_features_removed AFTER DELETE ON image_features WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id) BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 4; END
        """#,
        #"""
        CREATE TRIGGER text_readings_removed AFTER DELETE ON text_readings WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id) BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 17; END
        """#,
        #"""
        CREATE TRIGGER image_codes_removed AFTER DELETE ON image_codes WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id) BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 18; END
        """#,
        #"""
        CREATE TRIGGER assets_pictured AFTER UPDATE OF kind, orientation, screenshot ON assets BEGIN UPDATE change_counts SET serial = serial + 1 WHERE id = 20; END
        """#,
        #"""
        CREATE TABLE asset_changes (serial INTEGER PRIMARY KEY, asset_id INTEGER NOT NULL, live_id TEXT)
        """#,
        #"""
        CREATE TRIGGER assets_logged_added AFTER INSERT ON assets BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (NEW.id, NEW.live_id); END
        """#,
        #"""
        CREATE TRIGGER assets_logged_changed AFTER UPDATE ON assets BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (NEW.id, OLD.live_id); END
        """#,
        #"""
        CREATE TRIGGER assets_logged_renumbered AFTER UPDATE OF id ON assets WHEN OLD.id IS NOT NEW.id BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.id, OLD.live_id); END
        """#,
        #"""
        CREATE TRIGGER assets_logged_removed AFTER DELETE ON assets BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.id, OLD.live_id); END
        """#,
        #"""
        CREATE TRIGGER reviews_logged_added AFTER INSERT ON reviews BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (NEW.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER reviews_logged_changed AFTER UPDATE ON reviews BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (NEW.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER reviews_logged_moved AFTER UPDATE OF asset_id ON reviews WHEN OLD.asset_id IS NOT NEW.asset_id BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER reviews_logged_removed AFTER DELETE ON reviews WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id) BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER companions_logged_added AFTER INSERT ON companions BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (NEW.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER companions_logged_changed AFTER UPDATE ON companions BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (NEW.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER companions_logged_moved AFTER UPDATE OF asset_id ON companions WHEN OLD.asset_id IS NOT NEW.asset_id BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER companions_logged_removed AFTER DELETE ON companions WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id) BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER hashes_logged_changed AFTER UPDATE ON hashes BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (NEW.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER hashes_logged_moved AFTER UPDATE OF asset_id ON hashes WHEN OLD.asset_id IS NOT NEW.asset_id BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER hashes_logged_removed AFTER DELETE ON hashes WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id) BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER image_hashes_logged_changed AFTER UPDATE ON image_hashes BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (NEW.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER image_hashes_logged_moved AFTER UPDATE OF asset_id ON image_hashes WHEN OLD.asset_id IS NOT NEW.asset_id BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER image_hashes_logged_removed AFTER DELETE ON image_hashes WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id) BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER image_features_logged_changed AFTER UPDATE ON image_features BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (NEW.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER image_features_logged_moved AFTER UPDATE OF asset_id ON image_features WHEN OLD.asset_id IS NOT NEW.asset_id BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER image_features_logged_removed AFTER DELETE ON image_features WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id) BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER text_readings_logged_changed AFTER UPDATE ON text_readings BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (NEW.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER text_readings_logged_moved AFTER UPDATE OF asset_id ON text_readings WHEN OLD.asset_id IS NOT NEW.asset_id BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER text_readings_logged_removed AFTER DELETE ON text_readings WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id) BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER image_codes_logged_changed AFTER UPDATE ON image_codes BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (NEW.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER image_codes_logged_moved AFTER UPDATE OF asset_id ON image_codes WHEN OLD.asset_id IS NOT NEW.asset_id BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE TRIGGER image_codes_logged_removed AFTER DELETE ON image_codes WHEN EXISTS (SELECT 1 FROM assets WHERE id = OLD.asset_id) BEGIN INSERT INTO asset_changes (asset_id, live_id) VALUES (OLD.asset_id, NULL); END
        """#,
        #"""
        CREATE INDEX assets_added ON assets(added)
        """#,
        #"""
        CREATE INDEX assets_live ON assets(live_id, kind) WHERE live_id IS NOT NULL
        """#,
    ]

    /// Creates the schema on an empty database; `indexes: false` leaves the indexes out, for a
    /// database that only prepares queries (an index changes how SQLite runs one, never whether it
    /// prepares), which saves a third of the statements and makes each query's planning cheaper.
    static func create(on db: Database, indexes: Bool = true) throws {
        try db.transaction {
            for statement in statements where indexes || !isIndex(statement) { try db.execute(statement) }
        }
    }

    private static func isIndex(_ statement: String) -> Bool {
        statement.hasPrefix("CREATE INDEX ") || statement.hasPrefix("CREATE UNIQUE INDEX ")
    }

    /// The `sql` of every schema object of a migrated index, in the order SQLite created them.
    static func read(_ db: Database) throws -> [String] {
        var found: [String] = []
        try db.forEachRow("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid") { found.append($0.string("sql") ?? "") }
        return found
    }

    /// This file's text for `statements` (what the test prints when they are out of date).
    static func source(_ statements: [String]) -> String {
        "    static let statements: [String] = [\n"
            + statements.map { "        #\"\"\"\n" + $0.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "        " + $0 }.joined(separator: "\n") + "\n        \"\"\"#,\n" }.joined()
            + "    ]\n"
    }
}
