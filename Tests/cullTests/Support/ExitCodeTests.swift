import CullKit
import Foundation
import Testing
@testable import cull

/// The one error → exit-code mapping (README's table): every command's errors go through it.
@Suite struct ExitCodeTests {
    @Test func everyErrorHasItsDocumentedCode() {
        let cases: [(any Error, ExitCode)] = [
            (UsageError(message: "x"), .usage),
            (IndexError.notALibrary(searchedFrom: "/"), .ruleError),
            (IndexError.noSuchFolder(path: "/x", namedBy: "--library"), .ruleError),
            (IndexError.locked(path: "/"), .locked),
            (IndexError.system(path: "/", call: "open", errno: 5), .failure),
            (StagingError.limitTripped(rule: "r", ruleFile: "f", wouldStage: 2, limit: 1), .limitTripped),
            (StagingError.notIndexed(path: "a"), .usage),
            (CommitError.badQuarantine(path: "/q", reason: "x"), .usage),
            (CommitError.fingerprintMismatch(expected: "a", actual: "b"), .ruleError),
            (CommitError.nothingToUndo, .ruleError),
            // An I/O failure during undo is an I/O failure (it used to exit 1 like "no such commit").
            (CommitError.system(path: "/t", call: "rename", errno: 5), .failure),
            (CommitError.unsafeTrash(path: "/t"), .failure),
            // A photo manager's catalog in use that cannot be read: nothing was decided on it.
            (CatalogsUnreadable(errors: [.missing(path: "/c", kind: .darktable)]), .catalogUnreadable),
        ]
        for (error, code) in cases { #expect(ExitCode(for: error) == code, "\(error)") }
        #expect(Set(ExitCode.documented.map(\.code.rawValue)) == [0, 1, 2, 3, 4, 5, 6, 7, 130])
    }

    /// README's exit-code table lists exactly the codes `cull --help` documents.
    @Test func readmeTableMatches() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let codes = text.split(separator: "\n").compactMap { line -> Int32? in
            guard line.hasPrefix("| ") else { return nil }
            return Int32(line.dropFirst(2).prefix { $0 != " " })
        }
        #expect(codes == ExitCode.documented.map(\.code.rawValue))
    }
}
