@testable import CullKit
import Testing

/// A run's evaluations read back from the memo (``EvaluationMemo``) are exactly what evaluating
/// every rule again finds, whatever was written and however the clock moved in between.
@Suite struct EvaluationMemoTests {
    static let day: Int64 = 86_400
    static let start: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z

    static let source = """
        version: 1
        protect:
          - favorite: true
          - added: {newer_than: 1d}
        rules:
          - name: old
            match: {taken: {older_than: 30d}}
          - name: recent-large
            match: {added: {newer_than: 2d}, size: {gt: 5000B}}
          - name: unloved
            match: {rating: {lte: 1}, modified: {older_than: 10d}}
          - name: keepers
            action: keep
            match: {path: "Keep/**"}
          - name: halves
            match: {live: true, rating: {lte: 2}}
          - name: sharp
            match: {sharpness: {gt: 50}}
          - name: frames
            match: {burst: true}
        """

    /// Each rule's evaluation as text, to compare two of them whole.
    static func summary(_ evaluations: [RuleEvaluation]) -> [String] {
        evaluations.map { evaluation in
            "\(evaluation.rule.name) matched \(evaluation.matched) kept \(evaluation.userKept) "
                + "protected \(evaluation.protected.map { "\($0.protect.index): \($0.ids)" }) "
                + "keepRules \(evaluation.keptByRules.map { "\($0.rule): \($0.ids)" }) net \(evaluation.net) "
                + "bytes \(evaluation.netBytes) staged \(evaluation.alreadyStaged) limit \(String(describing: evaluation.limit))"
        }
    }

    /// Evaluations without the memo: each rule's own query.
    static func afresh(_ evaluator: RuleEvaluator, _ files: [RuleFile]) throws -> [RuleEvaluation] {
        let count = try evaluator.libraryAssetCount()
        return try evaluator.compile(files).map { try evaluator.evaluate($0, libraryCount: count) }
    }

    static func asset(_ random: inout SplitMix64, _ index: Int, now: Int64) -> TestAsset {
        var asset = TestAsset(path: (random.below(4) == 0 ? "Keep/" : "Camera/") + "IMG_\(index).jpg")
        asset.size = Int64(1000 + random.below(9000))
        asset.taken = random.below(8) == 0 ? nil : now - Int64(random.below(60)) * day + Int64(random.below(86_400))
        asset.added = now - Int64(random.below(5)) * day + Int64(random.below(86_400))
        asset.modified = now - Int64(random.below(20)) * day
        asset.rating = random.below(3) == 0 ? nil : Int64(random.below(6))
        asset.favoriteFlag = random.below(10) == 0 ? 1 : nil
        asset.liveID = random.below(3) == 0 ? "L\(index % 7)" : nil
        asset.kind = random.below(3) == 0 ? "video" : "photo"
        asset.burstID = random.below(3) == 0 ? "B\(index % 5)" : nil
        return asset
    }

    @Test(arguments: [0x5EED, 0xC0FFEE, 0xFACADE] as [UInt64])
    func aRecalledEvaluationIsWhatEvaluatingAgainFinds(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        var now = Self.start
        let index = try TestIndex((0 ..< 60).map { Self.asset(&random, $0, now: now) })
        let db = index.database
        try db.execute("""
            INSERT INTO image_features (asset_id, device, inode, size, mtime_ns, ctime_ns, sharpness, exposure, edges)
            SELECT id, device, inode, size, mtime_ns, 0, id * 7 % 100, 50, 10 FROM assets WHERE id % 4 <> 0
            """)
        let files = [try validRuleFile(Self.source)]
        var recalls = 0, merges = 0, added = 60
        for step in 0 ..< 160 {
            var ids: [Int64] = []
            try db.forEachRow("SELECT id FROM assets ORDER BY id") { ids.append($0.int64("id")) }
            let id = SQLValue.integer(ids.isEmpty ? 0 : ids[random.below(ids.count)])
            var offset = 0
            switch random.below(17) {
            case 0:
                let asset = Self.asset(&random, added, now: now)
                added += 1
                try db.execute("""
                    INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified, kind, taken, rating)
                    VALUES (?, '', ?, 'jpg', 1, ?, ?, 0, ?, ?, 'photo', ?, ?)
                    """, [.text(asset.path), .text(asset.name), .integer(Int64(1000 + added)), .integer(asset.size),
                          .integer(asset.added), .integer(asset.modified), asset.taken.map(SQLValue.integer) ?? .null,
                          asset.rating.map(SQLValue.integer) ?? .null])
            case 1: try db.execute("UPDATE assets SET size = ?, taken = taken - ? WHERE id = ?",
                                   [.integer(Int64(1000 + random.below(9000))), .integer(Int64(random.below(3)) * Self.day), id])
            case 2: try db.execute("UPDATE assets SET path = 'Keep/' || name WHERE id = ?", [id])
            case 3: try db.execute("DELETE FROM assets WHERE id = ?", [id])
            case 4: try db.execute("UPDATE assets SET rating = ? WHERE id = ?", [.integer(Int64(random.below(6))), id])
            case 5: try db.execute("INSERT OR REPLACE INTO reviews (asset_id, status, at) VALUES (?, 'kept', 0)", [id])
            case 6: try db.execute("INSERT OR REPLACE INTO reviews (asset_id, status, at) VALUES (?, 'trashed', 0)", [id])
            case 7: try db.execute("DELETE FROM reviews WHERE asset_id = ?", [id])
            case 8: try db.execute("UPDATE assets SET favorite_flag = 1 - COALESCE(favorite_flag, 0) WHERE id = ?", [id])
            case 9:
                // The clock moves on: a second, an hour, or a day and a half, across some file's bound.
                now += [1, 3600, Self.day * 3 / 2][random.below(3)]
            case 10:
                // The local time zone changes (a trip, daylight saving time): `taken` is a wall clock.
                offset = [0, 3600, -7200][random.below(3)]
            // A Live Photo pair made or broken, by its id or its halves' kinds (the other half's `live` changes too).
            case 11: try db.execute("UPDATE assets SET live_id = CASE WHEN live_id IS NULL THEN 'L' || (id % 7) END WHERE id = ?", [id])
            case 12: try db.execute("UPDATE assets SET kind = CASE kind WHEN 'photo' THEN 'video' ELSE 'photo' END WHERE id = ?", [id])
            // A burst joined or left (the other frames' groups change too).
            case 13: try db.execute("UPDATE assets SET burst_id = CASE WHEN burst_id IS NULL THEN 'B' || (id % 5) END WHERE id = ?", [id])
            // A cache row changed or dropped while its asset stays.
            case 14: try db.execute("UPDATE image_features SET sharpness = ? WHERE asset_id = ?", [.integer(Int64(random.below(100))), id])
            case 15: try db.execute("DELETE FROM image_features WHERE asset_id = ?", [id])
            default: break  // nothing written: the memo answers
            }
            let evaluator = try RuleEvaluator(database: db, clock: RunClock(now: now, localOffset: offset))
            _ = try evaluator.loadGroups(files)
            let evaluated = try evaluator.evaluate(files)
            if evaluator.recalled { recalls += 1 }
            if case .merged = evaluator.source { merges += 1 }
            #expect(Self.summary(evaluated) == Self.summary(try Self.afresh(evaluator, files)), "step \(step)")
            // What the guards spare of the Live Photo halves, remembered the same way.
            let spared = try evaluator.sparedLiveHalves(files)
            let sparedAfresh = try evaluator.spared(files, scope: "a.live_id IS NOT NULL", remembered: "afresh \(step)")
            #expect(spared.mapValues(\.description) == sparedAfresh.mapValues(\.description), "step \(step)")
        }
        // The memo was used (the runs with nothing written, or a clock that moved no file across),
        // and brought up to date with the assets written since (every write here but a clock that
        // crossed a file's bound).
        #expect(recalls >= 10)
        #expect(merges >= 60)
    }

    @Test func aWriteToAnyTableAPlanReadsIsAMiss() throws {
        var random = SplitMix64(state: 7)
        let index = try TestIndex((0 ..< 10).map { Self.asset(&random, $0, now: Self.start) })
        let db = index.database
        let files = [try validRuleFile(Self.source)]
        let clock = RunClock(now: Self.start, localOffset: 0)
        let recalled = { () throws -> Bool in
            let evaluator = try RuleEvaluator(database: db, clock: clock)
            _ = try evaluator.evaluate(files)
            return evaluator.recalled
        }
        #expect(try recalled() == false)
        #expect(try recalled() == true)
        // A setting, a catalog decision, a commit: every table a plan reads counts its writes.
        for write in [
            "UPDATE assets SET camera_make = 'Canon' WHERE id = 1",
            "INSERT INTO settings (key, value) VALUES ('memo_test', 1)",
            "INSERT INTO reviews (asset_id, status, at) VALUES (2, 'kept', 0)",
        ] {
            try db.execute(write)
            #expect(try recalled() == false, "\(write)")
            #expect(try recalled() == true, "\(write)")
        }
        // Other rules are another key.
        let other = try validRuleFile(Self.source.replacingOccurrences(of: "30d", with: "31d"))
        let evaluator = try RuleEvaluator(database: db, clock: clock)
        _ = try evaluator.evaluate([other])
        #expect(evaluator.recalled == false)
    }

    /// The groups a run's group fields read are part of what its evaluations are remembered with:
    /// a run whose groups differ (another writer moved the index between the groups and the rules)
    /// evaluates again.
    @Test func otherGroupsAreAMiss() throws {
        let index = try TestIndex([TestAsset(path: "a.jpg"), TestAsset(path: "b.jpg"), TestAsset(path: "c.jpg")])
        let db = index.database
        try db.execute("""
            INSERT INTO hashes (asset_id, device, inode, size, mtime_ns, ctime_ns, partial, full)
            SELECT id, device, inode, size, mtime_ns, 0, zeroblob(16), zeroblob(16) FROM assets WHERE name IN ('a.jpg', 'b.jpg')
            """)
        let files = [try validRuleFile("""
            version: 1
            rules:
              - name: copies
                match: {duplicate: true}
            """)]
        let clock = RunClock(now: Self.start, localOffset: 0)
        let run = { (loadingGroups: Bool) throws -> (names: [Int64], recalled: Bool) in
            let evaluator = try RuleEvaluator(database: db, clock: clock)
            if loadingGroups { _ = try evaluator.loadGroups(files) }
            let evaluation = try evaluator.evaluate(files)
            return (evaluation[0].matched, evaluator.recalled)
        }
        let first = try run(true)
        #expect(first.names.count == 2 && !first.recalled)
        #expect(try run(true) == (first.names, true))
        // No groups loaded: not what was remembered.
        #expect(try run(false).recalled == false)
    }

    /// Every table a plan reads moves a change count on whenever a row of it is written
    /// (`0031-plan-inputs`): a table added later without one would let a memo outlive what it read.
    @Test func everyTableAPlanReadsIsCounted() throws {
        let index = try TestIndex([])
        // Not read by a plan: history, memos, and the log of changed assets (whose every write a count moves too).
        let history: Set<String> = ["change_counts", "cache_states", "schema_migrations", "sqlite_stat1", "commit_items",
                                    "undos", "undo_items", "asset_changes"]
        var tables: [String] = [], counted: [String: Set<String>] = [:]
        try index.database.forEachRow("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { row in
            let name = row.string("name") ?? ""
            if !history.contains(name) && !name.hasPrefix("commit_") { tables.append(name) }
        }
        try index.database.forEachRow("SELECT tbl_name, sql FROM sqlite_schema WHERE type = 'trigger'") { row in
            let sql = (row.string("sql") ?? "").uppercased()
            for event in ["INSERT", "DELETE", "UPDATE ON", "UPDATE OF"] where sql.contains("UPDATE CHANGE_COUNTS") && sql.contains("AFTER \(event)") {
                counted[row.string("tbl_name") ?? "", default: []].insert(event == "UPDATE OF" ? "UPDATE ON" : event)
            }
        }
        let caches = Set(CacheTable.registered.map(\.name))
        for table in tables {
            let events = counted[table] ?? []
            #expect(events.contains("DELETE"), "\(table)")
            #expect(events.contains("UPDATE ON"), "\(table)")
            // A cache table's one writer counts the rows it inserts.
            #expect(events.contains("INSERT") || caches.contains(table), "\(table)")
        }
    }
}

/// That a run's text scope had no photo left to read is remembered only while it holds.
@Suite struct TextScopeMemoTests {
    @Test func aPhotoTheClockOrAWriteBringsIntoTheScopeIsRead() throws {
        let now = EvaluationMemoTests.start, day = EvaluationMemoTests.day
        let index = try TestIndex([TestAsset(path: "read.jpg", taken: now - 400 * day), TestAsset(path: "young.jpg", taken: now - 364 * day)])
        let db = index.database
        try db.execute("UPDATE assets SET format = 'jpeg', width = 100, height = 100")
        try db.execute("""
            INSERT INTO text_readings (asset_id, device, inode, size, mtime_ns, ctime_ns, recognized, words, document, coverage, turn)
            SELECT id, device, inode, size, mtime_ns, 0, 0, 0, 0, 0, 0 FROM assets WHERE name = 'read.jpg'
            """)
        let rule = try validRuleFile("""
            version: 1
            rules:
              - name: old-documents
                match: {kind: photo, taken: {older_than: 1y}, document: true}
            """).rules[0].match
        let read = { (now: Int64) throws -> TextCache.Report? in
            try RuleEvaluator(database: db, clock: RunClock(now: now, localOffset: 0)).readText([rule], root: index.directory, progress: false)
        }
        #expect(try read(now) == TextCache.Report(), "nothing in the scope left to read")
        #expect(try read(now + 3600) == TextCache.Report(), "an hour later, still nothing")
        // Two days later the young photo is a year old: it is looked for (and missing here, so skipped).
        #expect(try read(now + 2 * day)?.skipped == 1)
        try db.execute("DELETE FROM assets WHERE name = 'young.jpg'")
        #expect(try read(now + 2 * day) == TextCache.Report())
        try db.execute("""
            INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified, kind, format, width, height, taken)
            VALUES ('new.jpg', '', 'new.jpg', 'jpg', 1, 99, 1000, 0, 0, 0, 'photo', 'jpeg', 100, 100, ?)
            """, [.integer(now - 500 * day)])
        #expect(try read(now + 2 * day)?.skipped == 1, "a photo added in the scope")
    }

    /// After a few assets were written, only they are looked at for photos to read (``AssetChanges``):
    /// a photo the log does not name (its row taken out of the log here) is not found until a
    /// write the log cannot tell about (a setting) makes the run look through the library.
    @Test func onlyTheAssetsWrittenSinceAreLookedAt() throws {
        let now = EvaluationMemoTests.start, day = EvaluationMemoTests.day
        let index = try TestIndex([TestAsset(path: "read.jpg", taken: now - 400 * day), TestAsset(path: "other.jpg", taken: now - 400 * day)])
        let db = index.database
        try db.execute("UPDATE assets SET format = 'jpeg', width = 100, height = 100")
        try db.execute("""
            INSERT INTO text_readings (asset_id, device, inode, size, mtime_ns, ctime_ns, recognized, words, document, coverage, turn)
            SELECT id, device, inode, size, mtime_ns, 0, 0, 0, 0, 0, 0 FROM assets
            """)
        // Another rule of the run reads a group; the text scope does not.
        let rules = try validRuleFile("""
            version: 1
            rules:
              - name: old-documents
                match: {kind: photo, taken: {older_than: 1y}, document: true}
              - name: copies
                match: {duplicate: true}
            """).rules.map(\.match)
        let read = { () throws -> TextCache.Report? in
            try RuleEvaluator(database: db, clock: RunClock(now: now, localOffset: 0)).readText(rules, root: index.directory, progress: false)
        }
        #expect(try read() == TextCache.Report())
        try db.execute("""
            INSERT INTO assets (path, folder, name, extension, device, inode, size, mtime_ns, added, modified, kind, format, width, height, taken)
            VALUES ('unlogged.jpg', '', 'unlogged.jpg', 'jpg', 1, 99, 1000, 0, 0, 0, 'photo', 'jpeg', 100, 100, ?)
            """, [.integer(now - 500 * day)])
        try db.execute("DELETE FROM asset_changes WHERE asset_id = (SELECT id FROM assets WHERE name = 'unlogged.jpg')")
        try db.execute("UPDATE assets SET rating = 3 WHERE name = 'other.jpg'")
        #expect(try read() == TextCache.Report(), "only other.jpg is looked at, and its reading is current")
        try db.execute("INSERT INTO settings (key, value) VALUES ('memo_test', 1)")
        #expect(try read()?.skipped == 1, "the whole library is looked through: the unlogged photo is found (and missing here)")
    }
}
