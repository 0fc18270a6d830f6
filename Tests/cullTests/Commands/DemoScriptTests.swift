import Foundation
import Testing

/// The demo prints every command as it must be typed: what it prints, pasted into a shell, runs
/// the very command with the very arguments (`$ cull find kind: video` was a YAML error when typed).
@Suite struct DemoScriptTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../examples/demo.sh").standardizedFileURL.path

    @Test(arguments: [["find", "kind: video"], ["plan", "/r/rules", "--now", "2026-11-29"], ["find", "name: it's", "a\tb", "$HOME", "*.jpg", ""]])
    func aPrintedCommandIsWhatRuns(words: [String]) throws {
        // The demo's own `typed`, then the shell reads back what it printed.
        let script = """
            eval "$(sed -n '/^typed()/,/^}/p' "$1")"
            shift
            printed=$(typed "$@")
            eval "set -- $printed"
            printf '%s\\0' "$@"
            """
        let result = try Subprocess.run(["/bin/bash", "-c", script, "demo", Self.demo] + words, environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == words.map { $0 + "\0" }.joined(), "\(result.stdout.debugDescription)")
    }
}
