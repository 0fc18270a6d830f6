import Foundation
import Testing
@testable import CullKit

/// The hostile corpus in a real terminal: every `--preview` mode and the deck in a pseudo-terminal
/// (the raw bytes read back), and tmux, whose clipboard (OSC 52) and pane title are what a raw
/// sequence would change.
@Suite(.serialized, .enabled(if: HostileCorpus.toolsAvailable && PTYRun.missingTools() == nil, "needs convert, exiftool, python3, stty"))
struct HostileTerminalTests {
    /// Every corpus name as a photo in `Hostile/`, plus the three burst frames with hostile EXIF in `DCIM/`; scanned.
    static func library(_ name: String) throws -> Sandbox {
        let box = try EscapeReproductionTests.burstLibrary(name)
        for (index, path) in HostileCorpus.paths(in: "Hostile").enumerated() { try HostileCorpus.photo(box, path, hue: 17 + index * 23) }
        let scan = try RawRun.cull(box, ["scan"])
        try #require(scan.status == 0, "\(scan.err)")
        return box
    }

    @Test func everyPreviewModeInATerminal() throws {
        let box = try Self.library("hostile-preview")
        let rules = try box.rules("all.yaml", "version: 1\ndescription: \"\\e]52;c;REVTQw==\\a\"\nrules:\n  - name: all\n    match: {kind: photo}\n")
        for mode in PreviewMode.allCases {
            for arguments in [["find", "--preview=\(mode.rawValue)"], ["plan", EscapeReproductionTests.bursts, "--preview=\(mode.rawValue)"],
                              ["plan", rules, "--ceiling", "100", "--preview=\(mode.rawValue)"]] {
                let run = try PTYRun.cull(box, arguments, steps: [.exit])
                #expect(run.status == 0 || run.status == 4, "\(arguments): \(run.error ?? "")")
                #expect(HostileCorpus.violations(run.output, .terminal).isEmpty, "\(arguments): \(HostileCorpus.violations(run.output, .terminal))")
            }
        }
        #expect(try RawRun.cull(box, ["stage", rules, "--ceiling", "100"]).status == 0)
        let trash = try PTYRun.cull(box, ["trash", "--preview"], steps: [.exit])
        #expect(trash.status == 0, "\(trash.error ?? "")")
        #expect(HostileCorpus.violations(trash.output, .terminal).isEmpty, "\(HostileCorpus.violations(trash.output, .terminal))")
        #expect(visibleText(trash.output).contains(#"spoof\u{202e}fdp"#) || visibleText(trash.output).contains("spoof"))
    }

    /// The deck shows every card's name, folder, reason and group: stepped through all of them.
    @Test func theDeckInATerminal() throws {
        let box = try Self.library("hostile-deck")
        let rules = try box.rules("all.yaml", "version: 1\ndescription: \"\\e]52;c;REVTQw==\\a\"\nrules:\n  - name: all\n    match: {kind: photo}\n")
        let cards = HostileCorpus.entries.count + 3
        var steps: [PTYRun.Step] = []
        for card in 1 ... cards { steps += [.wait("card \(card) of \(cards)"), .send("\u{1B}[B")] }
        steps += [.wait("done"), .send("q"), .exit]
        for mode in ["symbols", "sixel", "kitty", "iterm"] {
            let run = try PTYRun.cull(box, ["review", "--terminal=\(mode)", "--ceiling", "100", rules], steps: steps)
            #expect(run.status == 0, "\(mode): \(run.error ?? "")")
            #expect(HostileCorpus.violations(run.output, .terminal).isEmpty, "\(mode): \(HostileCorpus.violations(run.output, .terminal))")
        }
        let bursts = try PTYRun.cull(box, ["review", "--terminal=symbols", EscapeReproductionTests.bursts],
                                     steps: [.wait("card 1 of"), .send("\u{1B}[B"), .wait("card 2 of"), .send("q"), .exit])
        #expect(HostileCorpus.violations(bursts.output, .terminal).isEmpty, "\(HostileCorpus.violations(bursts.output, .terminal))")
    }

    /// Inside tmux with `set-clipboard on` (so an OSC 52 from the pane becomes a tmux buffer): the
    /// burst label of the issue leaves no buffer behind, and neither it nor Cull's own terminal
    /// queries change the pane's title.
    @Test(.enabled(if: PTYRun.missingTools(["tmux"]) == nil, "needs tmux"))
    func tmuxKeepsItsClipboardAndTitle() throws {
        let box = try Self.library("hostile-tmux")
        let socket = box.base + "/tmux.sock"
        func tmux(_ arguments: [String]) throws -> Subprocess.Result {
            // Through Python, which closes every descriptor but 0–2 in its child (see PreviewSheetTests.symbolsInTmux).
            try Subprocess.run(["/usr/bin/env", "python3", "-c", "import subprocess, sys; sys.exit(subprocess.call(sys.argv[1:]))",
                                "tmux", "-S", socket, "-f", "/dev/null"] + arguments, environment: box.environment)
        }
        defer { _ = try? tmux(["kill-server"]) }
        // The options first, on an idle session: the commands' panes start under them.
        try #require(try tmux(["new-session", "-d", "-s", "idle", "-x", "120", "-y", "60", "sleep 600"]).status == 0)
        _ = try tmux(["set-option", "-g", "set-clipboard", "on"])
        let title = try tmux(["display-message", "-p", "-t", "idle", "#{pane_title}"]).stdout
        let commands = [
            "plan '\(EscapeReproductionTests.bursts)'", "plan '\(EscapeReproductionTests.bursts)' --explain DCIM/frame2.jpg",
            "plan '\(EscapeReproductionTests.bursts)' --preview", "find --preview", "find", "find --format paths",
        ]
        for (index, command) in commands.enumerated() {
            let name = "w\(index)"
            let line = "cd '\(box.library.root)' && unset NO_COLOR && '\(Subprocess.cullBinary)' \(command); echo CULL-DONE; sleep 60"
            try #require(try tmux(["new-session", "-d", "-s", name, "-x", "120", "-y", "60", line]).status == 0)
            var screen = ""
            for _ in 0 ..< 400 where !screen.contains("CULL-DONE") {
                usleep(50_000)
                screen = try tmux(["capture-pane", "-p", "-t", name]).stdout
            }
            #expect(screen.contains("CULL-DONE"), "\(command) did not finish:\n\(screen)")
            #expect(try tmux(["list-buffers"]).stdout.isEmpty, "\(command) set the clipboard")
            #expect(try tmux(["display-message", "-p", "-t", name, "#{pane_title}"]).stdout == title, "\(command) changed the title")
        }
    }
}
