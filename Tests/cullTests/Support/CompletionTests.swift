import Foundation
import Testing

/// `cull --generate-completion-script`: whole scripts (golden), valid bash that completes commands,
/// options and choices from the command specs.
@Suite struct CompletionTests {
    static func script(_ shell: String) throws -> Subprocess.Result {
        try Subprocess.run([Subprocess.cullBinary, "--generate-completion-script", shell],
                           environment: ProcessInfo.processInfo.environment, directory: NSTemporaryDirectory())
    }

    @Test func scriptsForEveryShell() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try Self.script(shell)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(shell): \(result.stderr)")
            try Golden.expect(result.stdout, matches: "completion/cull.\(shell)")
        }
        let other = try Self.script("tcsh")
        #expect(other.status == 2 && other.stderr.hasPrefix("cull: error: invalid value 'tcsh' for '--generate-completion-script'; expected bash, zsh or fish\n"),
                "\(other.stderr)")
    }

    /// Sources the bash script and asks `_cull` what completes `words` (the last word is the one typed).
    static func complete(_ script: String, _ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = "\(script)\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _cull; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try Subprocess.run(["/bin/bash", "--norc", "-c", program], environment: ["PATH": "/usr/bin:/bin"],
                                        directory: NSTemporaryDirectory())
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndChoices() throws {
        let script = try Self.script("bash").stdout
        #expect(try Self.complete(script, ["cull", "s"]) == ["status", "scan", "stage", "show", "schema"])
        #expect(try Self.complete(script, ["cull", "trash", "--sort", ""]) == ["largest", "newest", "oldest", "path"])
        #expect(try Self.complete(script, ["cull", "trash", "--k"]) == ["--kind"])
        #expect(try Self.complete(script, ["cull", "check", "--format", "s"]) == ["sarif"])
        #expect(try Self.complete(script, ["cull", "help", "un"]) == ["unkeep", "undo"])
    }
}
