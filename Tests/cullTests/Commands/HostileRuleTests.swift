import Foundation
import Testing
@testable import CullKit

/// The bounded-work suite: `cull check` and `cull plan` over hostile rule files, on a small real
/// library. Each run either completes or is rejected with the file's line:col; none crashes, hangs,
/// floods the terminal or fails with raw SQLite text. The timeout only guards against hangs (speed
/// is measured by benchmarks/hostile-rules, not asserted here).
@Suite(.serialized) struct HostileRuleTests {
    static let hangGuard: TimeInterval = 120

    struct Run {
        let status: Int32
        let exited: Bool
        let out: String
        let err: String
        let outputBytes: Int
    }

    /// Runs cull with stdout/stderr in files (a flood cannot block a pipe), killed after `hangGuard`.
    static func run(_ sandbox: Sandbox, _ arguments: [String]) throws -> Run {
        let outPath = sandbox.base + "/out.txt", errPath = sandbox.base + "/err.txt"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Subprocess.cullBinary)
        process.arguments = arguments
        process.environment = sandbox.environment
        process.currentDirectoryURL = URL(fileURLWithPath: sandbox.base)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        try process.run()
        let deadline = Date().addingTimeInterval(hangGuard)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let size = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0 }
        let bytes = size(outPath) + size(errPath)
        let read = { (path: String) in
            String(decoding: (FileHandle(forReadingAtPath: path)?.readData(ofLength: 200_000)) ?? Data(), as: UTF8.self)
        }
        return Run(status: process.terminationStatus, exited: process.terminationReason == .exit,
                   out: read(outPath), err: read(errPath), outputBytes: bytes)
    }

    static func rule(_ match: String, protect: String? = nil) -> String {
        (protect.map { "version: 1\nprotect:\n\($0)\nrules:\n" } ?? "version: 1\nrules:\n")
            + "  - name: hostile\n    match: \(match)\n"
    }

    /// The hostile files, by name.
    static let files: [(name: String, source: @Sendable () -> String)] = [
        ("alias-bomb", {
            var lines = ["version: 1", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
            for level in 1..<9 { lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]") }
            return lines.joined(separator: "\n") + "\nrules:\n  - name: r\n    match: {kind: video}\n"
        }),
        ("deep-yaml", { rule(String(repeating: "{not: ", count: 10_000) + "{kind: video}" + String(repeating: "}", count: 10_000)) }),
        ("deep-sequence", { "version: 1\nrules: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n" }),
        ("unknown-keys", {
            "version: 1\nrules:\n  - {name: r, match: {kind: video}, " + (0..<10_000).map { "k\($0): 1" }.joined(separator: ", ") + "}\n"
        }),
        ("protect-40000", { rule("{kind: video}", protect: (0..<40_000).map { "  - {name: \"p\($0).jpg\"}" }.joined(separator: "\n")) }),
        ("in-900000", { rule("{extension: {in: [" + (0..<900_000).map { "x\($0)" }.joined(separator: ", ") + "]}}") }),
        ("in-5000", { rule("{name: {in: [" + (0..<5_000).map { "\"n\($0).jpg\"" }.joined(separator: ", ") + "]}}") }),
        ("any-3000", { rule("{any: [" + (0..<3_000).map { "{size: {gt: \($0)KB}}" }.joined(separator: ", ") + "]}") }),
        ("globstar-40000", { rule("{path: \"" + String(repeating: "**/", count: 40_000) + "x.jpg\"}") }),
        ("globstar-300", { rule("{path: \"" + String(repeating: "**/", count: 300) + "*a*.jpg\"}") }),
        ("star-a-100000", { rule("{name: \"" + String(repeating: "*a", count: 100_000) + "\"}") }),
        ("regex-backreference", { rule("{path: {matches: \"^(([a-z/]+)+)+\\\\1[0-9]$\"}}") }),
        ("regex-nested-counts", { rule("{path: {matches: \"(((a{1,100}){1,100}){1,100})\"}}") }),
        ("regex-alternation", { rule("{path: {matches: \"" + (0..<20_000).map { "a\($0)" }.joined(separator: "|") + "\"}}") }),
        ("many-rules", {
            "version: 1\nrules:\n" + (0..<3_000).map { "  - name: r\($0)\n    match: {name: \"n\($0)\"}\n    action: keep" }.joined(separator: "\n") + "\n"
        }),
    ]

    static func library() throws -> Sandbox {
        let sandbox = try Sandbox("hostile")
        for index in 0..<24 {
            // 57-character paths of letters, the shape that made the backreference regex take 16 s.
            let path = "aaaaaaaaaaaaaaaaaaaa/aaaaaaaaaaaaaaaaaaaaaaaaaaaa\(String(format: "%03d", index)).jpg"
            sandbox.write(path)
            try sandbox.index(path)
        }
        return sandbox
    }

    /// Every position a diagnostic names lies in the file; every failure names one.
    static func expectBounded(_ run: Run, _ label: String, file: String) {
        #expect(run.exited, "\(label): killed (hang or crash), status \(run.status)")
        #expect([0, 1, 4].contains(run.status), "\(label): exit \(run.status)\n\(run.err.prefix(500))")
        #expect(run.outputBytes < 1_000_000, "\(label): printed \(run.outputBytes) bytes")
        #expect(!run.err.contains("SQLite error") && !run.out.contains("SQLite error"), "\(label): \(run.err.prefix(500))")
        if run.status == 1 {
            let located = (run.out + run.err).range(of: "\(file):[0-9]+:[0-9]+: error", options: .regularExpression) != nil
            #expect(located, "\(label): rejected without a line:col\n\(run.err.prefix(500))")
        }
    }

    @Test func everyHostileFileIsCheckedAndPlannedInBoundedWork() throws {
        let sandbox = try Self.library()
        for (name, source) in Self.files {
            let file = name + ".yaml"
            try source().write(toFile: sandbox.base + "/" + file, atomically: false, encoding: .utf8)
            let check = try Self.run(sandbox, ["check", file])
            Self.expectBounded(check, "check \(name)", file: file)
            let plan = try Self.run(sandbox, ["plan", file, "--ceiling", "100"])
            Self.expectBounded(plan, "plan \(name)", file: file)
            if check.status == 0 {
                #expect(plan.status != 1 || plan.err.contains("limit"), "plan \(name): check passed, plan failed\n\(plan.err.prefix(500))")
            }
        }
    }

    @Test func aRegexThatHitsItsMatchLimitStopsTheRunAtTheRulesPosition() throws {
        let sandbox = try Self.library()
        try Self.rule("{path: {matches: \"^(([a-z/]+)+)+\\\\1[0-9]$\"}}").write(toFile: sandbox.base + "/slow.yaml", atomically: false, encoding: .utf8)
        #expect(try Self.run(sandbox, ["check", "slow.yaml"]).status == 0)
        for command in ["plan", "stage"] {
            let run = try Self.run(sandbox, [command, "slow.yaml"])
            #expect(run.exited && run.status == 1, "\(command): exit \(run.status)\n\(run.err)")
            #expect(run.err.contains("slow.yaml:4:20:"), "\(command): \(run.err)")
            #expect(run.err.contains("aaaaaaaaaaaaaaaaaaaa/aaaaaaaaaaaaaaaaaaaaaaaaaaaa000.jpg"), "\(command): \(run.err)")
        }
        let find = try Self.run(sandbox, ["find", "path: {matches: \"^(([a-z/]+)+)+\\\\1[0-9]$\"}"])
        #expect(find.exited && find.status == 1, "find: exit \(find.status)\n\(find.err)")
        #expect(find.err.contains("<argument 1>:1:9:") && find.err.contains("000.jpg"), "find: \(find.err)")
        // The lock went with the failed run: another writing command gets in.
        try Self.rule("{kind: video}").write(toFile: sandbox.base + "/ok.yaml", atomically: false, encoding: .utf8)
        #expect(try Self.run(sandbox, ["stage", "ok.yaml"]).status == 0)
    }
}

/// A run prepares its rules' queries on the index instead of probing them first: when SQLite refuses
/// one there, the run stops as the probe stopped it, before anything is staged, with the rules' positions.
@Suite(.serialized) struct RefusedRunTests {
    /// 450 keep rules and a trash rule (line 1353): alone it fits; five such files together do not.
    static func keepHeavy(_ index: Int) -> String {
        "version: 1\nrules:\n" + (0..<450).map { "  - name: keep-\(index)-\($0)\n    action: keep\n    match: {name: \"k\(index)x\($0).jpg\"}\n" }.joined()
            + "  - name: trash-\(index)\n    match: {name: \"*.jpg\"}\n"
    }

    @Test func rulesSQLiteRefusesTogetherStopTheRunAtEachRule() throws {
        let sandbox = try HostileRuleTests.library()
        let files = (0..<5).map { "f\($0).yaml" }
        for (index, file) in files.enumerated() {
            try Self.keepHeavy(index).write(toFile: sandbox.base + "/" + file, atomically: false, encoding: .utf8)
        }
        #expect(try HostileRuleTests.run(sandbox, ["check"] + files).status == 0)
        let expected = files.indices.map {
            "f\($0).yaml:1353:11: error: rule 'trash-\($0)' compiles to a query SQLite cannot run (too many columns in result set); "
                + "split it into several rules or shorten its lists [too-complex]"
        }
        for command in [["plan"], ["stage"], ["run"], ["run", "--commit", "--yes"]] {
            let run = try HostileRuleTests.run(sandbox, command + files)
            #expect(run.exited && run.status == 1, "\(command): exit \(run.status)\n\(run.err.prefix(500))")
            #expect(run.err.split(separator: "\n").map(String.init) == expected, "\(command): \(run.err.prefix(800))")
            #expect(run.out.isEmpty, "\(command): \(run.out.prefix(300))")
        }
        #expect(try HostileRuleTests.run(sandbox, ["trash"]).out.contains("aaaa") == false)
    }

    /// A warning is printed once: before the run, not again with the probe's errors.
    @Test func aWarningIsPrintedOnceWhenTheRunIsRefused() throws {
        let sandbox = try HostileRuleTests.library()
        let files = (0..<5).map { "f\($0).yaml" }
        for (index, file) in files.enumerated() {
            let broad = index == 0 ? "  - name: broad\n    match: {kind: photo}\n" : ""
            try (Self.keepHeavy(index) + broad).write(toFile: sandbox.base + "/" + file, atomically: false, encoding: .utf8)
        }
        let check = try HostileRuleTests.run(sandbox, ["check", "f0.yaml"])
        #expect(check.status == 0 && (check.out + check.err).contains("[unbounded-broad-rule]"))
        let plan = try HostileRuleTests.run(sandbox, ["plan"] + files)
        #expect(plan.status == 1, "exit \(plan.status)\n\(plan.err.prefix(500))")
        #expect(plan.err.components(separatedBy: "[unbounded-broad-rule]").count == 2, "\(plan.err.prefix(1500))")
        #expect(plan.err.contains("f0.yaml:1355:11: error: rule 'broad' compiles to a query SQLite cannot run"), "\(plan.err.prefix(1500))")
        #expect(plan.err.components(separatedBy: "[too-complex]").count == 7, "\(plan.err.prefix(1500))")
    }
}
