import Foundation
import Testing
@testable import CullKit

/// `--preview` in a real pseudo-terminal: each protocol's pictures decoded back and compared with
/// the thumbnails they were drawn from, the choice made from the terminal's answers and environment,
/// and text only where pictures do not belong.
@Suite(.serialized)
struct PreviewSheetTests {
    /// Every sixel image, decoded by libsixel's `sixel2png`, is the thumbnail of its own tile (and
    /// not of another), in the sheet's order.
    @Test(.enabled(if: PTYRun.missingTools(["sixel2png", "convert"]) == nil, "needs python3, stty, sixel2png (libsixel-bin) and convert"))
    func sixelTilesAreTheirThumbnails() throws {
        let box = try Sandbox("sheet-sixel")
        let paths = try box.threeDistinctPhotos()
        let run = try PTYRun.cull(box, ["find", "--preview=sixel"], columns: 80, rows: 30, steps: [.exit])
        #expect(run.status == 0, "\(run.error ?? "") \(run.text.suffix(400))")
        let sixels = TerminalPayloads.sixels(run.output)
        try #require(sixels.count == 3, "expected three sixel images, found \(sixels.count)")
        let thumbnails = try paths.map(box.thumbnail(of:))
        for (index, sixel) in sixels.enumerated() {
            let file = box.base + "/tile\(index).six", png = box.base + "/tile\(index).png"
            try Data(sixel).write(to: URL(fileURLWithPath: file))
            let decoded = try Subprocess.run(["/usr/bin/env", "sixel2png", "-i", file, "-o", png], environment: box.environment)
            try #require(decoded.status == 0, "sixel2png: \(decoded.stderr)")
            let image = try ImageDecoder.decode(path: png, maxSide: 4096, grey: false)
            // The tile's box is 22×8 cells of 10×20 pixels: the picture fits inside, its shape kept.
            #expect(image.width <= 220 && image.height <= 160 && image.width >= 200)
            let differences = thumbnails.map { PixelCompare.difference(image, $0) }
            #expect(differences[index] < 25, "tile \(index) is \(differences[index]) away from its thumbnail")
            for (other, difference) in differences.enumerated() where other != index {
                #expect(difference > differences[index] + 30, "tile \(index) looks as much like thumbnail \(other)")
            }
        }
    }

    /// The kitty payload is RGBA of exactly the tile's picture size (its cells times the cell size
    /// the terminal reports), and it is the thumbnail.
    @Test func kittyPayloadIsTheTilesPicture() throws {
        let box = try Sandbox("sheet-kitty")
        let paths = try box.threeDistinctPhotos()
        let run = try PTYRun.cull(box, ["find", "--preview=kitty"], columns: 80, rows: 30, cell: (12, 24), steps: [.exit])
        #expect(run.status == 0, "\(run.error ?? "")")
        let images = TerminalPayloads.kitty(run.output).filter { $0.keys["a"] == "T" }
        try #require(images.count == 3)
        for (index, image) in images.enumerated() {
            let width = try #require(Int(image.keys["s"] ?? "")), height = try #require(Int(image.keys["v"] ?? ""))
            let columns = try #require(Int(image.keys["c"] ?? "")), rows = try #require(Int(image.keys["r"] ?? ""))
            #expect(image.keys["f"] == "32")
            #expect(width == columns * 12 && height == rows * 24, "\(width)×\(height) for \(columns)×\(rows) cells")
            #expect(columns <= 22 && rows <= 8 && (columns == 22 || rows == 8))
            try #require(image.payload.count == width * height * 4)
            let picture = PixelCompare.rgba(image.payload, width: width, height: height)
            #expect(PixelCompare.difference(picture, try box.thumbnail(of: paths[index])) < 20)
        }
    }

    /// iTerm2's inline image is a file ImageMagick reads, of the picture's size in cells.
    @Test(.enabled(if: PTYRun.missingTools(["convert"]) == nil, "needs python3, stty and convert"))
    func itermImageIsTheTilesPicture() throws {
        let box = try Sandbox("sheet-iterm")
        let paths = try box.threeDistinctPhotos()
        let run = try PTYRun.cull(box, ["find", "--preview=iterm"], columns: 80, rows: 30, steps: [.exit])
        let images = TerminalPayloads.iterm(run.output)
        try #require(images.count == 3, "\(run.error ?? "")")
        for (index, image) in images.enumerated() {
            #expect(image.arguments.contains("inline=1") && image.arguments.contains("height=8"))
            let file = box.base + "/tile\(index).img", png = box.base + "/tile\(index).png"
            try Data(image.file).write(to: URL(fileURLWithPath: file))
            #expect(try Subprocess.run(["/usr/bin/env", "convert", file, png], environment: box.environment).status == 0)
            let decoded = try ImageDecoder.decode(path: png, maxSide: 4096, grey: false)
            #expect(PixelCompare.difference(decoded, try box.thumbnail(of: paths[index])) < 20)
        }
    }

    /// Without `=MODE` the terminal's own answers choose: sixels when the device attributes list 4,
    /// kitty when the graphics query is answered OK, and symbols when nothing is answered (after a
    /// short wait, not forever).
    @Test func theTerminalsAnswersChoose() throws {
        let box = try Sandbox("sheet-answers")
        _ = try box.threeDistinctPhotos()
        let sixel = try PTYRun.cull(box, ["find", "--preview"], answers: [("\u{1B}[c", "\u{1B}[?62;4;22c")], steps: [.exit])
        #expect(sixel.text.contains("\u{1B}[c"), "the device attributes were not asked")
        #expect(TerminalPayloads.sixels(sixel.output).count == 3)
        #expect(TerminalPayloads.kitty(sixel.output).filter { $0.keys["a"] == "T" }.isEmpty)

        let kitty = try PTYRun.cull(box, ["find", "--preview"],
                                    answers: [("\u{1B}[c", "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c")], steps: [.exit])
        #expect(TerminalPayloads.kitty(kitty.output).filter { $0.keys["a"] == "T" }.count == 3)
        #expect(TerminalPayloads.sixels(kitty.output).isEmpty)

        let started = Date()
        let silent = try PTYRun.cull(box, ["find", "--preview"], steps: [.exit])
        #expect(silent.status == 0)
        #expect(TerminalPayloads.sixels(silent.output).isEmpty && TerminalPayloads.kitty(silent.output).filter { $0.keys["a"] == "T" }.isEmpty)
        #expect(silent.text.contains("▀") || silent.text.contains("▄") || silent.text.contains("█"), "no mosaic drawn")
        #expect(Date().timeIntervalSince(started) < 15)

        // The environment alone: kitty's TERM, with a terminal that answers nothing.
        let byName = try PTYRun.cull(box, ["find", "--preview"], environment: ["TERM": "xterm-kitty"], steps: [.exit])
        #expect(TerminalPayloads.kitty(byName.output).filter { $0.keys["a"] == "T" }.count == 3)
    }

    /// A sheet started in the background (`&`) does not ask the terminal anything: changing its
    /// modes for the answers would stop the job (SIGTTOU) until it is brought to the foreground.
    @Test func aBackgroundJobDoesNotAsk() throws {
        let box = try Sandbox("sheet-background")
        _ = try box.threeDistinctPhotos()
        let run = try PTYRun.cull(box, ["find", "--preview"], background: true, steps: [.exit])
        #expect(!run.stopped, "the job was stopped")
        #expect(run.status == 0, "\(run.error ?? "")")
        #expect(!run.text.contains("\u{1B}[c"))
        #expect(run.text.contains("a-halves.jpg"))
    }

    /// Symbols as tmux shows them (`capture-pane`): a mosaic per tile, the tiles side by side in
    /// columns from the width, each name under its own picture; colours unless NO_COLOR, which
    /// leaves the symbols alone.
    @Test(.enabled(if: PTYRun.missingTools(["tmux"]) == nil, "needs python3, stty and tmux"))
    func symbolsInTmux() throws {
        let box = try Sandbox("sheet-tmux")
        let paths = try box.threeDistinctPhotos()
        let socket = box.base + "/tmux.sock"
        // Through Python, which closes every descriptor but 0–2 in its child: the tmux server would
        // otherwise keep the descriptors Foundation watches, and each call would wait for the server to exit.
        func tmux(_ arguments: [String]) throws -> Subprocess.Result {
            try Subprocess.run(["/usr/bin/env", "python3", "-c", "import subprocess, sys; sys.exit(subprocess.call(sys.argv[1:]))",
                                "tmux", "-S", socket, "-f", "/dev/null"] + arguments, environment: box.environment)
        }
        defer { _ = try? tmux(["kill-server"]) }
        func capture(_ name: String, _ environment: String) throws -> (plain: String, styled: String) {
            let command = "cd '\(box.library.root)' && \(environment) '\(Subprocess.cullBinary)' find --preview; echo CULL-DONE; sleep 60"
            let started = try tmux(["new-session", "-d", "-s", name, "-x", "100", "-y", "50", command])
            try #require(started.status == 0, "tmux: \(started.stderr)")
            var plain = ""
            for _ in 0 ..< 300 where !plain.contains("CULL-DONE") {
                usleep(50_000)
                plain = try tmux(["capture-pane", "-p", "-t", name]).stdout
            }
            return (plain, try tmux(["capture-pane", "-p", "-e", "-t", name]).stdout)
        }
        let colour = try capture("colour", "unset NO_COLOR;")
        let lines = colour.plain.components(separatedBy: "\n")
        let names = try #require(lines.firstIndex { $0.contains("a-halves.jpg") }, "no captions in:\n\(colour.plain)")
        // (100 + 2) / (22 + 2) = 4 tiles a row: the three names on one line, 24 columns apart.
        for (index, path) in paths.enumerated() {
            let name = String(path.split(separator: "/").last!)
            #expect(lines[names].range(of: name).map { lines[names].distance(from: lines[names].startIndex, to: $0.lowerBound) } == index * 24)
        }
        let mosaic = lines[(names - 8) ..< names]
        #expect(mosaic.allSatisfy { $0.unicodeScalars.contains { (0x2580 ... 0x259F).contains($0.value) || (0x2500 ... 0x257F).contains($0.value) || $0 == " " } })
        #expect(mosaic.joined().unicodeScalars.filter { (0x2580 ... 0x259F).contains($0.value) }.count > 20, "no mosaic above the names")
        #expect(colour.styled.contains("\u{1B}[38;") || colour.styled.contains("\u{1B}[3"), "no colour in the mosaic")

        let mono = try capture("mono", "NO_COLOR=1")
        #expect(mono.plain.contains("a-halves.jpg"))
        #expect(mono.plain.unicodeScalars.filter { (0x2580 ... 0x259F).contains($0.value) || (0x2500 ... 0x257F).contains($0.value) }.count > 20)
        #expect(!mono.styled.contains("\u{1B}[38") && !mono.styled.contains("\u{1B}[48"), "colour despite NO_COLOR")
    }

    /// A pipe gets text only, unless a mode is forced; so does TERM=dumb, which is not even asked
    /// anything; NO_COLOR gets symbols without a single escape sequence.
    @Test func textWherePicturesDoNotBelong() throws {
        let box = try Sandbox("sheet-text")
        _ = try box.threeDistinctPhotos()
        let piped = try box.cull(["find", "--preview"])
        #expect(piped.status == 0)
        #expect(!piped.stdout.contains("\u{1B}"))
        #expect(piped.stdout.contains("DCIM/a-halves.jpg") && piped.stdout.contains("DCIM/c-plasma.jpg"))
        let forced = try box.cull(["find", "--preview=sixel"])
        #expect(TerminalPayloads.sixels(Array(forced.stdout.utf8)).count == 3)

        let dumb = try PTYRun.cull(box, ["find", "--preview"], environment: ["TERM": "dumb"], steps: [.exit])
        #expect(dumb.status == 0)
        #expect(!dumb.output.contains(0x1B), "escape sequences on a dumb terminal")
        #expect(dumb.text.contains("DCIM/b-stripes.jpg"))

        let noColor = try PTYRun.cull(box, ["find", "--preview"], environment: ["NO_COLOR": "1"], steps: [.exit])
        #expect(!noColor.output.contains(0x1B), "escape sequences despite NO_COLOR")
        #expect(noColor.text.unicodeScalars.filter { (0x2580 ... 0x259F).contains($0.value) }.count > 20)
    }

    /// A broken photo and a video without a frame are tiles of text that say so, among the pictures:
    /// they never stop the sheet.
    @Test func brokenFilesAreTextTiles() throws {
        let box = try Sandbox("sheet-broken")
        _ = try box.threeDistinctPhotos()
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: box.library.root + "/DCIM/c-plasma.jpg")))
        box.write("DCIM/d-cut.jpg", bytes: Array(whole.prefix(whole.count / 3)))
        box.write("DCIM/e-clip.mov", bytes: Media.movie(seconds: 75, created: Media.utc("2015-07-01T10:00:00Z")))
        #expect(try box.cull(["scan"]).status == 0)
        for mode in ["sixel", "symbols"] {
            let run = try PTYRun.cull(box, ["find", "--preview=\(mode)"], steps: [.exit])
            #expect(run.status == 0, "\(run.error ?? "")")
            let text = visibleText(run.output)
            #expect(text.contains("d-cut.jpg") && text.contains("e-clip.mov"))
            #expect(text.contains("no preview"), "the broken file's tile does not say so")
            #expect(text.contains("▶ video") && text.contains("1:15"))
            if mode == "sixel" { #expect(TerminalPayloads.sixels(run.output).count == 3) }
        }
    }

    /// `cull plan --preview`: a section per rule, a group with its keeper first and marked, the
    /// twins with the plan's reason; then the plan's totals and fingerprint.
    @Test func planSheetShowsGroupsKeeperFirst() throws {
        let box = try Sandbox("sheet-plan")
        _ = try box.threeDistinctPhotos()
        try box.copiesOfTheFirstPhoto()
        let rules = try box.rules("dupes.yaml", "version: 1\nrules:\n  - name: dupes\n    match: {duplicate: true}\n    keep: [{path: \"DCIM/**\"}]\n")
        let plan = try box.cull(["plan", "--ceiling", "100", "--preview=symbols", rules], extra: ["NO_COLOR": "1"])
        #expect(plan.status == 0, "\(plan.stderr)")
        let text = plan.stdout
        #expect(text.contains("dupes (\(rules)): 3 files"))
        #expect(text.contains("group of 3 files, keeper chosen by"))
        let keeper = try #require(text.range(of: "★ a-halves.jpg"))
        let twin = try #require(text.range(of: "a-halves copy.jpg"))
        #expect(keeper.lowerBound < twin.lowerBound, "the keeper is not first")
        #expect(text.contains("KEEPER the keeper of"))
        #expect(text.components(separatedBy: "PROPOSED twin of").count == 3, "the twins say what they are, in the plan's words")
        #expect(text.range(of: "fingerprint: ")!.lowerBound > twin.lowerBound, "the plan's totals come after the sheet")
        // The sheet changes nothing.
        #expect(try box.db.scalar("SELECT count(*) FROM reviews")?.int64 == 0)
    }

    /// `cull trash --preview`: what is staged, by the rule that staged it, filters applied.
    @Test func trashSheetByRule() throws {
        let box = try Sandbox("sheet-trash")
        let paths = try box.threeDistinctPhotos()
        #expect(try box.cull(["stage", "--path", paths[0]]).status == 0)
        let sheet = try box.cull(["trash", "--preview=symbols"], extra: ["NO_COLOR": "1"])
        #expect(sheet.status == 0)
        #expect(sheet.stdout.contains("by hand"))
        #expect(sheet.stdout.contains("a-halves.jpg") && sheet.stdout.contains("STAGED"))
        #expect(!sheet.stdout.contains("c-plasma.jpg"))
        let other = try box.cull(["trash", "--preview=symbols", "--kind", "video"], extra: ["NO_COLOR": "1"])
        #expect(other.stdout.contains("Nothing to show."))
    }

    /// The option's errors: a sheet is not JSON, and a mode must be one of four.
    @Test func previewRefusesWhatItCannotDo() throws {
        let box = try Sandbox("sheet-usage")
        let json = try box.cull(["find", "--preview", "--format", "json"])
        #expect(json.status == 2 && json.stderr.contains("'--preview' cannot be combined with '--format json'"))
        let mode = try box.cull(["trash", "--preview=sixels"])
        #expect(mode.status == 2 && mode.stderr.contains("did you mean 'sixel'"))
        // `--preview` takes its value only after `=`: the next word stays an argument.
        let find = try box.cull(["find", "--preview", "kind: photo"])
        #expect(find.status == 0, "\(find.stderr)")
    }
}
