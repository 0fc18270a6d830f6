@testable import CullKit
import Testing

/// A condition is typed when it is made: an (operator, value) pair its field's type cannot take is a
/// located error, so the compiler never has a shape left over that it would have to turn into SQL
/// that silently matches nothing (`NULL`, which inside `protect:` is `NOT (NULL)`: protects nothing).
@Suite struct ConditionTypingTests {
    static let mark = Mark(line: 3, column: 7)

    /// One value of every shape a rule value can have.
    static let values: [RuleValue] = {
        let date = RuleDate.parse("2020-01-01")!
        let size = try! ByteSize.parse("1MB").get()
        let span = try! TimeSpan.parse("30d").get()
        return [
            .text("jpg"), .text("image"), .text("video"), .text("new"), .regex("^a"), .number(3), .size(size), .span(span),
            .date(date), .bool(true), .bool(false), .list([.text("jpg")]), .list([.number(1)]), .list([.bool(true)]),
            .range(.number(1), .number(2)), .range(.date(date), .date(date)), .range(.text("a"), .text("b")),
            .range(.size(size), .size(size)),
        ]
    }()

    /// Shapes the validator never produces; before typing, each compiled to `NULL` (or crashed on
    /// a missing subject), here each is refused naming where it was written.
    @Test func misTypedShapesAreRefusedWithTheirPosition() throws {
        let date = RuleDate.parse("2020-01-01")!
        let shapes: [(String, Operator, RuleValue)] = [
            ("gps", .eq, .text("yes")),                 // a boolean given a word
            ("favorite", .eq, .number(1)),              // a boolean given a number
            ("duplicate", .eq, .text("video")),         // a word that names no variant
            ("duplicate", .eq, .number(1)),
            ("taken", .before, .span(try TimeSpan.parse("30d").get())),  // a date operator given a span
            ("taken", .olderThan, .date(date)),
            ("taken", .between, .range(.number(1), .number(2))),
            ("name", .matches, .text("a*")),            // a regex operator given a glob
            ("name", .eq, .bool(true)),
            ("size", .gt, .list([.size(try ByteSize.parse("1MB").get())])),  // a comparison given a list
            ("kind", .in, .list([.number(1)])),
            ("similar", .distance, .text("6")),
            ("rating", .before, .number(3)),            // an operator the field does not take
        ]
        for (name, op, value) in shapes {
            let field = try #require(FieldRegistry.field(named: name))
            do {
                let condition = try Condition(field: field, op: op, value: value, mark: Self.mark)
                Issue.record("\(name) \(op.rawValue) \(value) was accepted: \(PredicateCompiler.compile(.condition(condition), CompileContext(now: 0)).sql)")
            } catch {
                #expect("\(error)".hasPrefix("3:7: "), "\(error)")
                #expect("\(error)".contains(name), "\(error)")
            }
        }
    }

    /// Whatever shape is accepted compiles to a real predicate: never the `NULL` fallback, never a
    /// NULL bound where a value belongs.
    @Test func everyAcceptedShapeCompilesToARealPredicate() throws {
        var accepted = 0
        for field in FieldRegistry.all where field.isSupported {
            for op in Operator.allCases {
                for value in Self.values {
                    guard let condition = try? Condition(field: field, op: op, value: value, mark: Self.mark) else { continue }
                    accepted += 1
                    let sql = PredicateCompiler.compile(.condition(condition), CompileContext(now: 0))
                    #expect(sql.sql != "NULL", "\(field.name) \(op.rawValue) \(value)")
                    #expect(!sql.arguments.contains(.null), "\(field.name) \(op.rawValue) \(value): \(sql.arguments)")
                    #expect(sql.sql.filter { $0 == "?" }.count == sql.arguments.count, "\(field.name) \(op.rawValue) \(value)")
                }
            }
        }
        #expect(accepted > 50)
    }

    /// The reason the fallback mattered: a guard that compiled to NULL protected nothing, so the
    /// files it was written for were staged. Either the guard is refused where it was written, or
    /// it protects the favorites it names.
    @Test func aGuardThatCannotBeTypedNeverLetsItsFilesBeStaged() throws {
        let index = try TestIndex(OperatorRoundTripTests.assets)
        let file = try validRuleFile("""
            version: 1
            rules:
              - name: everything
                match: {path: "**"}
            """)
        let favorite = try #require(FieldRegistry.field(named: "favorite"))
        let condition: Condition
        do {
            // A quoted "true" for a boolean: the shape a validator that let it slip would hand over.
            condition = try Condition(field: favorite, op: .eq, value: .text("true"), mark: Self.mark)
        } catch {
            #expect("\(error)".hasPrefix("3:7: "), "\(error)")
            return
        }
        let guarded = RuleFile(path: file.path, version: file.version, description: nil,
                               protect: [Guard(index: 0, predicate: .condition(condition), mark: Self.mark)], rules: file.rules)
        let evaluator = try RuleEvaluator(database: index.database, clock: OperatorRoundTripTests.clock)
        let everything = try evaluator.evaluate([guarded])[0]
        // a.jpg is rated 5, b.jpg flagged favorite: both protected, neither staged.
        #expect(!everything.net.contains(try index.id("a.jpg")))
        #expect(!everything.net.contains(try index.id("b.jpg")))
    }

    /// The loader hands every shape it reads to the same typing, so the two never disagree: every
    /// operator of every field, written in YAML, loads and compiles without the fallback.
    @Test func protectGuardsOfEveryFamilyProtect() throws {
        let index = try TestIndex(OperatorRoundTripTests.assets)
        let guards = [
            "favorite: true", "camera: {exists: true}", "any: [{camera: \"Canon*\"}, {camera: \"apple*\"}]",
            "name: {in: [a.jpg, b.jpg]}", "any: [{rating: {gte: 4}}, {rating: {exists: false}}]",
            "taken: {before: 2020-01-02}", "taken: {between: [2019-12-31, 2020-01-01]}", "size: {lt: 1.1MB}",
            "path: {matches: \"^20(19|20)/\"}", "kind: {in: [photo]}", "added: {older_than: 1d}", "extension: {ne: png}",
            "status: new", "not: {path: {imatch: \"screenshots/**\"}}",
        ]
        for guardText in guards {
            let file = try validRuleFile("""
                version: 1
                protect:
                  - \(guardText)
                rules:
                  - name: jpegs
                    match: {extension: jpg}
                """)
            let evaluator = try RuleEvaluator(database: index.database, clock: OperatorRoundTripTests.clock)
            let jpegs = try evaluator.evaluate([file])[0]
            #expect(jpegs.matched.count == 2, "\(guardText)")
            #expect(jpegs.net.isEmpty, "\(guardText): \(jpegs.net) staged")
        }
    }
}
