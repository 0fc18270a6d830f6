@testable import CullKit
import Testing

/// The breakdown one query per rule yields: matched, user-kept, protected per guard, kept by keep rules, net, limits.
@Suite struct RuleEvaluatorTests {
    static let source = """
        version: 1
        protect:
          - favorite: true
          - path: "Family/**"
        rules:
          - name: everything
            match:
              extension: {in: [jpg, png, mov, heic, dng]}
            limit: {percent: 10}
          - name: keep-videos
            action: keep
            match: {kind: video}
          - name: screenshots
            match: {screenshot: true}
            limit: {count: 5}
        """

    @Test func breaksDownEveryMatchByTheFirstReasonThatExcludesIt() throws {
        let index = try TestIndex(OperatorRoundTripTests.assets)
        let file = try validRuleFile(Self.source)
        let evaluator = try RuleEvaluator(database: index.database, clock: OperatorRoundTripTests.clock)
        let results = try evaluator.evaluate([file])
        #expect(results.map(\.rule.name) == ["everything", "keep-videos", "screenshots"])

        let everything = results[0]
        let id = { (name: String) in try index.id(name) }
        #expect(everything.matched == [try id("a.jpg"), try id("b.jpg"), try id("c.png"), try id("d.mov"),
                                       try id("e.heic"), try id("f.dng")])
        #expect(everything.userKept == [try id("c.png")])
        #expect(everything.protected.map(\.protect.index) == [0, 1])
        #expect(everything.protected[0].ids == [try id("a.jpg"), try id("b.jpg")])
        #expect(everything.protected[1].ids == [try id("e.heic")])
        #expect(everything.keptByRules.map(\.rule) == ["keep-videos"])
        #expect(everything.keptByRules[0].ids == [try id("d.mov")])
        #expect(everything.net == [try id("f.dng")])
        #expect(everything.netBytes == 0)
        // 10% of 6 assets allows 0: the breaker trips on one.
        #expect(everything.limit == LimitCheck(limit: Limit(count: nil, percent: 10), libraryCount: 6, actual: 1))
        #expect(everything.limit?.tripped == true)

        let keep = results[1]
        #expect(keep.net == [try id("d.mov")])
        #expect(keep.limit == nil)

        let screenshots = results[2]
        #expect(screenshots.matched == [try id("c.png")])
        #expect(screenshots.net.isEmpty)
        #expect(screenshots.limit?.tripped == false)
    }

    /// Two files repeating a guard, a keep rule, a rule that reads the review status and one that
    /// matches nothing: the one pass of the run gives every rule what its own query gives it.
    @Test func theOnePassOfARunEqualsEachRulesOwnQuery() throws {
        let index = try TestIndex(OperatorRoundTripTests.assets)
        let first = try validRuleFile(Self.source, path: "first.yaml")
        let second = try validRuleFile("""
            version: 1
            protect:
              - favorite: true
              - screenshot: true
            rules:
              - name: new-photos
                match: {kind: photo, status: new}
              - name: keep-pngs
                action: keep
                match: {extension: png}
              - name: nothing
                match: {size: {gt: 1TB}}
            """, path: "second.yaml")
        let evaluator = try RuleEvaluator(database: index.database, clock: OperatorRoundTripTests.clock)
        let onePass = try evaluator.evaluate([first, second])
        let count = try evaluator.libraryAssetCount()
        let each = try evaluator.compile([first, second]).map { try evaluator.evaluate($0, libraryCount: count) }
        #expect(onePass.map(\.rule.name) == ["everything", "keep-videos", "screenshots", "new-photos", "keep-pngs", "nothing"])
        #expect(onePass.contains { !$0.protected.isEmpty } && onePass.contains { !$0.keptByRules.isEmpty })
        for (one, own) in zip(onePass, each) {
            #expect(one.file == own.file && one.rule.name == own.rule.name)
            #expect(one.matched == own.matched && one.userKept == own.userKept && one.net == own.net)
            #expect(one.netBytes == own.netBytes && one.alreadyStaged == own.alreadyStaged && one.limit == own.limit)
            #expect(one.protected.map(\.protect.index) == own.protected.map(\.protect.index))
            #expect(one.protected.map(\.protect.file) == own.protected.map(\.protect.file))
            #expect(one.protected.map(\.ids) == own.protected.map(\.ids))
            #expect(one.keptByRules.map(\.rule) == own.keptByRules.map(\.rule) && one.keptByRules.map(\.ids) == own.keptByRules.map(\.ids))
        }
    }

    /// Each trash rule's own query has its match and the run's guards; the one pass has a column
    /// for every rule. Past SQLite's 2,000 result columns the run is evaluated one query per rule
    /// (what `cull check` accepted), not stopped with SQLite's "too many columns".
    @Test func aRunWhoseOnePassSQLiteRefusesIsEvaluatedOneQueryPerRule() throws {
        let index = try TestIndex(OperatorRoundTripTests.assets)
        let files = try (0..<5).map { file in
            try validRuleFile("version: 1\nprotect:\n  - favorite: true\nrules:\n" + (0..<420).map { rule in
                "  - name: r\(file)-\(rule)\n    match: {extension: \(["jpg", "png", "mov"][rule % 3])}\n"
            }.joined(), path: "f\(file).yaml")
        }
        let evaluator = try RuleEvaluator(database: index.database, clock: OperatorRoundTripTests.clock)
        let results = try evaluator.evaluate(files)
        let count = try evaluator.libraryAssetCount()
        let each = try evaluator.compile(files).map { try evaluator.evaluate($0, libraryCount: count) }
        #expect(results.count == 2_100)
        #expect(results.map(\.rule.name) == each.map(\.rule.name))
        #expect(results.map(\.matched) == each.map(\.matched) && results.map(\.net) == each.map(\.net))
        #expect(results[0].matched == [try index.id("a.jpg"), try index.id("b.jpg")] && results[0].net.isEmpty)
    }

    /// A rule's own query SQLite refuses is a typed error at the rule, with SQLite's reason: five
    /// files of 450 keep rules, whose every trash rule carries all 2,250 as columns.
    @Test func aRuleQuerySQLiteRefusesIsATypedErrorAtTheRule() throws {
        let index = try TestIndex(OperatorRoundTripTests.assets)
        let files = try (0..<5).map { try validRuleFile(RuleFilesTests.keepHeavy($0), path: "f\($0).yaml") }
        let evaluator = try RuleEvaluator(database: index.database, clock: OperatorRoundTripTests.clock)
        #expect {
            _ = try evaluator.evaluate(files)
        } throws: { error in
            guard let refused = error as? RuleQueryRefused else { return false }
            return refused.rule == "trash-0" && refused.file == "f0.yaml" && "\(refused.mark)" == "1353:11"
                && refused.error.isRefusal && refused.error.message.contains("too many columns")
        }
    }

    /// The one pass joins the image features once: it reads a row only while it was computed for
    /// the asset as indexed, as each rule's own query (a subquery per condition) does, and sees a
    /// change another connection writes to the index before the next evaluation.
    @Test func theOnePassReadsImageFeaturesOnlyWhileTheyAreCurrent() throws {
        let index = try TestIndex(["blurry.jpg", "sharp.jpg", "dark.jpg", "stale.jpg", "none.jpg"].map { TestAsset(path: "p/" + $0) })
        let features: [(name: String, sharpness: Double, exposure: Double, mtime: Int64)] = [
            ("blurry.jpg", 3, 0.5, 0), ("sharp.jpg", 400, 0.5, 0), ("dark.jpg", 400, 0.01, 0), ("stale.jpg", 3, 0.01, 1)]
        for row in features {
            try index.database.execute("""
                INSERT INTO image_features (asset_id, device, inode, size, mtime_ns, ctime_ns, phash, sharpness, edges, exposure)
                SELECT id, device, inode, size, ?, 0, 1, ?, 1000, ? FROM assets WHERE name = ?
                """, [.integer(row.mtime), .real(row.sharpness), .real(row.exposure), .text(row.name)])
        }
        let file = try validRuleFile("""
            version: 1
            rules:
              - name: blurry
                match: {blurry: true}
              - name: dark
                match: {exposure: {lt: 0.04}}
              - name: soft-or-dark
                match: {any: [{sharpness: {lt: 50}}, {exposure: {lt: 0.04}}], kind: photo}
              - name: photos
                match: {kind: photo}
            """)
        let evaluator = try RuleEvaluator(database: index.database, clock: OperatorRoundTripTests.clock)
        func matched() throws -> [[Int64]] {
            let onePass = try evaluator.evaluate([file])
            let count = try evaluator.libraryAssetCount()
            let each = try evaluator.compile([file]).map { try evaluator.evaluate($0, libraryCount: count) }
            #expect(onePass.map(\.matched) == each.map(\.matched))
            return onePass.map(\.matched)
        }
        let (blurry, dark) = (try index.id("blurry.jpg"), try index.id("dark.jpg"))
        #expect(try matched().prefix(3) == [[blurry], [dark], [blurry, dark]])
        // Another connection gives the blurry photo a new ctime (its content rewritten in place,
        // same size and mtime): its row is no longer its own, and the next pass sees that.
        let other = try Database(path: index.directory + "/.cull/index.sqlite", create: false)
        try other.execute("UPDATE assets SET ctime_ns = 7 WHERE id = ?", [.integer(blurry)])
        #expect(try matched().prefix(3) == [[], [dark], [dark]])
    }

    @Test func alreadyStagedMatchesStayInNetAndAreFlagged() throws {
        let index = try TestIndex(OperatorRoundTripTests.assets)
        let file = try validRuleFile("version: 1\nrules:\n  - name: videos\n    match: {kind: video}\n")
        let results = try RuleEvaluator(database: index.database, clock: OperatorRoundTripTests.clock).evaluate([file])
        #expect(results[0].net == [try index.id("d.mov")])
        #expect(results[0].alreadyStaged == [try index.id("d.mov")])
        #expect(results[0].netBytes == 2_000_000_000)
    }

    @Test func valuesAreBoundNeverSplicedIntoSQL() throws {
        let file = try validRuleFile("""
            version: 1
            rules:
              - name: injection
                match: {name: "x'; DROP TABLE assets; --", camera: "Robert'); --", size: {gt: 12345MB}}
            """)
        let compiled = RuleCompiler.compile([file], CompileContext(now: 0))
        let sql = compiled[0].query.sql
        #expect(!sql.contains("DROP") && !sql.contains("Robert") && !sql.contains("12345"))
        #expect(compiled[0].query.arguments.contains(.text("x'; DROP TABLE assets; --")))
        let index = try TestIndex(OperatorRoundTripTests.assets)
        let results = try RuleEvaluator(database: index.database, clock: OperatorRoundTripTests.clock).evaluate([file])
        #expect(results[0].matched.isEmpty)
    }

    @Test func favoriteThresholdComesFromLibrarySettings() throws {
        let index = try TestIndex(OperatorRoundTripTests.assets)
        try index.database.execute("UPDATE settings SET value = 2 WHERE key = 'favorite_threshold'")
        #expect(try index.names("favorite: true", clock: OperatorRoundTripTests.clock) == ["a.jpg", "b.jpg", "e.heic"])
    }

    @Test func indexesServeTheStockRulePlans() throws {
        let index = try TestIndex([])
        let evaluator = try RuleEvaluator(database: index.database, clock: OperatorRoundTripTests.clock)
        let file = try validRuleFile("version: 1\nrules:\n  - name: big\n    match: {kind: video, size: {gt: 1GB}}\n"
                                     + "    limit: {count: 1}\n")
        let rule = evaluator.compile([file])[0]
        let plan = try index.database.queryPlan(rule.query.sql, rule.query.arguments).joined(separator: "\n")
        // The size bound picks an index; kind, most of a library, never does.
        #expect(plan.contains("INDEX assets_size") && !plan.contains("SCAN a"), "\(plan)")
        // Old unrated photos are most of a library: one pass over the table, not 90 % of it looked
        // up row by row through the kind index.
        let broad = evaluator.compile([try validRuleFile("version: 1\nrules:\n  - name: old\n"
                                                          + "    match: {kind: photo, taken: {older_than: 5y}}\n    limit: {count: 1}\n")])[0]
        let broadPlan = try index.database.queryPlan(broad.query.sql, broad.query.arguments).joined(separator: "\n")
        #expect(!broadPlan.contains("assets_kind"), "\(broadPlan)")
    }

    /// A group rule starts from the group's members, never a pass over every asset testing each
    /// (`IN (…) = 1` did that: 50,000 probes for 3,000 members on the benchmark tree).
    @Test func aGroupRuleReadsOnlyTheMembers() throws {
        let index = try TestIndex([])
        let evaluator = try RuleEvaluator(database: index.database, clock: OperatorRoundTripTests.clock)
        for match in ["{duplicate: true}", "{duplicate: image}", "{burst: true}"] {
            let file = try validRuleFile("version: 1\nrules:\n  - name: twins\n    match: \(match)\n")
            let rule = evaluator.compile([file])[0]
            let plan = try index.database.queryPlan(rule.query.sql, rule.query.arguments).joined(separator: "\n")
            #expect(plan.contains("SEARCH a USING INTEGER PRIMARY KEY"), "\(match): \(plan)")
        }
    }

    /// What spares a Live Photo half is named by the guard or keep rule itself, not by a sentence:
    /// the first guard that matches (always with its file, as the plan names another rule's guard), else the first keep rule.
    @Test func sparedHalvesNameTheGuardOrKeepRule() throws {
        let index = try TestIndex(OperatorRoundTripTests.assets)
        let file = try validRuleFile(Self.source)
        let evaluator = try RuleEvaluator(database: index.database, clock: OperatorRoundTripTests.clock)
        let spared = try evaluator.sparedLiveHalves([file])
        #expect(spared.count == 2)
        #expect(spared[try index.id("d.mov")] == .keepRule(rule: "keep-videos", file: "test.yaml"))
        guard case let .protected(guarded)? = spared[try index.id("e.heic")] else {
            Issue.record("e.heic is spared by its guard: \(spared)")
            return
        }
        #expect(guarded.index == 1 && guarded.file == "test.yaml")
        #expect(spared[try index.id("e.heic")]?.description == "protect[1] (test.yaml): \(guarded.predicate)")
    }
}
