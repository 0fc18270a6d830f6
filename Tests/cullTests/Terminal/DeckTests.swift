import Foundation
import Testing
@testable import CullKit

/// `cull review --terminal` in a real pseudo-terminal: each key writes the rows the CLI's own
/// commands write (or none), guards are said on screen, and the terminal is given back as it was
/// on every way out — `q`, Ctrl-C, SIGTERM — and for the time of a stop (Ctrl-Z, SIGTSTP) until `fg`.
@Suite(.serialized)
struct DeckTests {
    /// A library with one photo in three copies (the keeper in DCIM/) and two more photos, and rules
    /// for both: five cards — the group's keeper, its two twins, then the two loose photos.
    private func library(_ name: String) throws -> (box: Sandbox, rules: String) {
        let box = try Sandbox(name)
        _ = try box.threeDistinctPhotos()
        try box.copiesOfTheFirstPhoto()
        let rules = try box.rules("deck.yaml", """
            version: 1
            rules:
              - name: dupes
                match: {duplicate: true}
                keep: [{path: "DCIM/**"}]
              - name: pictures
                match: {path: {matches: "^DCIM/[bc]-"}}
            """)
        return (box, rules)
    }

    private func row(_ box: Sandbox, _ path: String) throws -> (status: String, rule: String?, keeper: Int64?)? {
        var found: (String, String?, Int64?)?
        try box.db.forEachRow("""
            SELECT r.status, r.rule, r.keeper_id FROM reviews r JOIN assets a ON a.id = r.asset_id WHERE a.path = ?
            """, [.text(path)]) { found = ($0.string("status") ?? "", $0.string("rule"), $0.optionalInt64("keeper_id")) }
        return found
    }

    private func id(_ box: Sandbox, _ path: String) throws -> Int64? { try StagingStore(db: box.db).assetID(path: Array(path.utf8)) }

    /// → keeps, ← stages with the rule's own row (its name, the twin's keeper), ↓ writes nothing,
    /// u takes the last decision back; the summary counts what stands.
    @Test func keysWriteTheRowsOfTheCommands() throws {
        let (box, rules) = try library("deck-keys")
        let run = try PTYRun.cull(box, ["review", "--terminal=symbols", "--ceiling", "100", rules], steps: [
            .wait("card 1 of 5"), .send("\u{1B}[C"),
            .wait("card 2 of 5"), .send("\u{1B}[D"),
            .wait("card 3 of 5"), .send("\u{1B}[B"),
            .wait("card 4 of 5"), .send("\u{1B}OD"),   // application cursor mode's ←
            .wait("card 5 of 5"), .send("\u{1B}[C"),
            .wait("done"), .send("u"),
            .wait("Undone: kept c-plasma.jpg"), .send("q"), .exit,
        ])
        #expect(run.status == 0, "\(run.error ?? "")")
        #expect(run.text.contains("Kept 1, staged 2, skipped 1."))
        #expect(try row(box, "DCIM/a-halves.jpg")?.status == "kept")
        let twins = try ["Backup/a-halves copy.jpg", "Old/a-halves.jpg"].map { try row(box, $0) }
        #expect(twins.compactMap { $0 }.count == 1, "one twin staged, the skipped one untouched")
        let staged = try #require(twins.compactMap { $0 }.first)
        let keeper = try id(box, "DCIM/a-halves.jpg")
        #expect(staged.status == "trashed" && staged.rule == "dupes" && staged.keeper == keeper)
        #expect(try row(box, "DCIM/b-stripes.jpg").map { $0.status == "trashed" && $0.rule == "pictures" } == true)
        #expect(try row(box, "DCIM/c-plasma.jpg") == nil, "the undone keep left a row")
    }

    /// Staging a group's keeper by hand is the user's decision about it: its staged twins go back
    /// to unstaged (a twin leaves only while its keeper stays), the deck says so, and u takes it all back.
    @Test func stagingTheKeeperSendsItsTwinsBackOnScreen() throws {
        let (box, rules) = try library("deck-last")
        #expect(try box.cull(["stage", "--ceiling", "100", rules]).status == 0)
        let twins = ["Backup/a-halves copy.jpg", "Old/a-halves.jpg"]
        #expect(try twins.allSatisfy { try row(box, $0)?.status == "trashed" })
        // The staged set: the keeper's card first, beside nothing; both twins are staged.
        let run = try PTYRun.cull(box, ["review", "--terminal=symbols"], steps: [
            .wait("card 1 of"), .send("\u{1B}[D"), .wait("went back to unstaged[^\\x1b]*"), .send("q"), .exit,
        ])
        #expect(run.status == 0, "\(run.error ?? "")")
        let message = try #require(visibleText(run.output).components(separatedBy: "\n").first { $0.hasPrefix("Staged a-halves.jpg") })
        #expect(message.contains("2 staged twins of it went back to unstaged"), "\(message)")
        #expect(try row(box, "DCIM/a-halves.jpg")?.status == "trashed")
        #expect(try twins.allSatisfy { try row(box, $0) == nil })
    }

    /// A file staged before the deck opened (by hand, so no rule of the plan proposes it) has a card
    /// of its own past the plan's sections, and deciding it works: staging it again used to index
    /// the plan's rules with that section's number and crash.
    @Test func aFileStagedEarlierCanBeDecided() throws {
        let (box, rules) = try library("deck-earlier")
        #expect(try box.cull(["stage", "--path", "DCIM/c-plasma.jpg"]).status == 0)
        let run = try PTYRun.cull(box, ["review", "--terminal=symbols", "--ceiling", "100", rules], steps: [
            .wait("card 1 of 5"), .send("\u{1B}[B\u{1B}[B\u{1B}[B\u{1B}[B"), .wait("card 5 of 5.*c-plasma.jpg"),
            .send("\u{1B}[D"), .wait("Staged c-plasma.jpg"), .send("\u{1B}[A\u{1B}[C"), .wait("Kept c-plasma.jpg"), .send("q"), .exit,
        ])
        #expect(run.status == 0, "\(run.error ?? "")")
        #expect(try row(box, "DCIM/c-plasma.jpg")?.status == "kept")
    }

    /// `g` stages every copy of the group but its keeper, as one decision that one `u` takes back.
    @Test func gDecidesTheWholeGroup() throws {
        let (box, rules) = try library("deck-group")
        let once = try PTYRun.cull(box, ["review", "--terminal=symbols", "--ceiling", "100", rules], steps: [
            // The next card is the first past the group, with the message under it.
            .wait("card 1 of 5"), .send("g"), .wait("card 4 of 5.*Staged 2 files of the group; keeper a-halves.jpg stays"),
            .send("q"), .exit,
        ])
        #expect(once.status == 0, "\(once.error ?? "")")
        #expect(try row(box, "Backup/a-halves copy.jpg")?.status == "trashed")
        #expect(try row(box, "Old/a-halves.jpg")?.status == "trashed")
        #expect(try row(box, "DCIM/a-halves.jpg") == nil)

        #expect(try box.cull(["restore", "--all"]).status == 0)
        let undone = try PTYRun.cull(box, ["review", "--terminal=symbols", "--ceiling", "100", rules], steps: [
            .wait("card 1 of 5"), .send("g"), .wait("Staged 2 files"), .send("u"), .wait("Undone: the group of a-halves.jpg"),
            .send("q"), .exit,
        ])
        #expect(undone.status == 0)
        #expect(try box.db.scalar("SELECT count(*) FROM reviews")?.int64 == 0)
    }

    /// `c` says what a commit would take (count, bytes, fingerprint) and moves it only after `y`,
    /// into the desktop trash (`trash-list` sees it), as `cull commit --fingerprint` would.
    @Test func commitAfterConfirmation() throws {
        let (box, rules) = try library("deck-commit")
        let run = try PTYRun.cull(box, ["review", "--terminal=symbols", "--ceiling", "100", rules], steps: [
            .wait("card 1 of 5"), .send("g"), .wait("Staged 2 files"),
            .send("c"), .wait("Commit 2 files \\([0-9.]+ KB\\) to the trash, fingerprint [0-9a-f]{12}\\?"), .send("n"),
            .wait("Commit cancelled: nothing moved."),
            .send("c"), .wait("fingerprint [0-9a-f]{12}\\?"), .send("y"), .wait("Moved 2 files to the trash"),
            .send("q"), .exit,
        ])
        #expect(run.status == 0, "\(run.error ?? "")")
        #expect(!box.exists("Backup/a-halves copy.jpg") && !box.exists("Old/a-halves.jpg") && box.exists("DCIM/a-halves.jpg"))
        #expect(box.trashEntries().count == 2)
        if PTYRun.missingTools(["trash-list"]) == nil {
            let listed = try Subprocess.run(["/usr/bin/env", "trash-list"], environment: box.environment)
            #expect(listed.stdout.contains("Backup/a-halves copy.jpg") && listed.stdout.contains("Old/a-halves.jpg"))
        }
        #expect(try box.db.scalar("SELECT count(*) FROM commits")?.int64 == 1)
    }

    /// The terminal as it was after `q`, Ctrl-C and SIGTERM (the last two exit 130), raw while the
    /// deck runs, and the alternate screen left.
    @Test(arguments: ["q", "ctrl-c", "term"])
    func modesComeBack(_ way: String) throws {
        let (box, rules) = try library("deck-modes-\(way)")
        let leave: PTYRun.Step = way == "q" ? .send("q") : way == "ctrl-c" ? .send("\u{03}") : .signal("TERM")
        let run = try PTYRun.cull(box, ["review", "--terminal=symbols", "--ceiling", "100", rules], steps: [
            .wait("card 1 of 5"), .stty("raw"), leave, .exit, .stty("after"),
        ])
        #expect(run.status == (way == "q" ? 0 : 130), "\(run.error ?? "")")
        let initial = try #require(run.stty["initial"]), raw = try #require(run.stty["raw"])
        #expect(raw.contains("-icanon") && raw.contains("-echo ") && raw.contains("-isig"), "not raw while the deck ran:\n\(raw)")
        #expect(initial.contains(" icanon") && initial.contains(" echo "))
        #expect(run.stty["after"] == initial, "modes not restored after \(way)")
        let leftScreen = try #require(TerminalPayloads.find(Array("\u{1B}[?1049l".utf8), in: run.output, from: 0))
        #expect(TerminalPayloads.find(Array("\u{1B}[?1049h".utf8), in: run.output, from: leftScreen) == nil)
    }

    /// Ctrl-Z (and SIGTSTP from outside) stops the deck with the terminal given back; `fg` takes
    /// it again (raw, redrawn), and `q` still restores it.
    @Test(arguments: ["ctrl-z", "tstp"])
    func stopAndContinue(_ way: String) throws {
        let (box, rules) = try library("deck-stop-\(way)")
        let stop: PTYRun.Step = way == "ctrl-z" ? .send("\u{1A}") : .signal("TSTP")
        let run = try PTYRun.cull(box, ["review", "--terminal=symbols", "--ceiling", "100", rules], steps: [
            .wait("card 1 of 5"), stop, .stopped, .stty("stopped"), .fg, .wait("card 1 of 5"), .stty("resumed"),
            .send("\u{1B}[B"), .wait("card 2 of 5"), .send("q"), .exit, .stty("after"),
        ])
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.stopped)
        #expect(run.status == 0)
        let initial = try #require(run.stty["initial"])
        #expect(run.stty["stopped"] == initial, "the terminal stayed raw while the deck was stopped")
        #expect(run.stty["resumed"]?.contains("-icanon") == true && run.stty["resumed"]?.contains("-echo ") == true, "not raw after fg")
        #expect(run.stty["after"] == initial)
        #expect(run.text.contains("skipped 1"))
    }

    /// The layout follows the window: after SIGWINCH the frame is drawn again for the new size.
    @Test func layoutFollowsTheWindow() throws {
        let (box, rules) = try library("deck-resize")
        let run = try PTYRun.cull(box, ["review", "--terminal=symbols", "--ceiling", "100", rules], columns: 100, rows: 40, steps: [
            .wait("\\x1b\\[40;1H\\x1b\\[2m→ keep"), .winsize(columns: 50, rows: 20),
            // The keys on the new last line, cut to the new width.
            .wait("\\x1b\\[20;1H\\x1b\\[2m→ keep[^\\x1b]*…"), .send("q"), .exit,
        ])
        #expect(run.status == 0, "\(run.error ?? "")")
    }

    /// Without a terminal there is no deck: a usage error, not a hang or a mess in a pipe.
    @Test func needsATerminal() throws {
        let (box, rules) = try library("deck-pipe")
        let run = try box.cull(["review", "--terminal", rules])
        #expect(run.status == 2)
        #expect(run.stderr.contains("'cull review --terminal' needs a terminal on standard input and output"))
        #expect(try box.cull(["review", "--terminal", "--html", box.base + "/r"]).status == 2)
    }
}
