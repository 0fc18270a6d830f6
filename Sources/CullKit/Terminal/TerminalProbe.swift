import Dispatch

/// What a terminal says about itself when asked: whether it draws kitty graphics and sixels, its
/// name and version, and the pixel size of a character cell.
///
/// Four queries go out at once — a kitty graphics query (`a=q`, answered `OK` only by terminals
/// that draw kitty images), the cell size (`CSI 16 t`), XTVERSION (`CSI > q`, the terminal's name)
/// and last the primary device attributes (`CSI c`), which every VT100-compatible terminal
/// answers. Terminals answer in order, so the device attributes mark the end: no waiting out the
/// timeout on a terminal that ignores the others. A terminal that answers nothing costs the
/// timeout once.
///
/// Inside tmux or GNU screen the kitty query is not sent: both take an APC string (`ESC _ … ESC \`)
/// as the window's title (tmux's pane title, screen's hardstatus), and neither passes kitty
/// images through, so asking would only retitle the user's window.
struct TerminalAnswers: Equatable, Sendable {
    var kitty = false
    var sixel = false
    /// XTVERSION's text (`kitty(0.26.5)`, `iTerm2 3.4.19`, `WezTerm 20230712`, `foot(1.13.1)`).
    var name: String?
    /// A cell's size in pixels (`CSI 6 ; height ; width t`).
    var cell: CellSize?
    /// Whether the device attributes came back at all (false: the wait timed out).
    var complete = false

    /// The kitty graphics query.
    static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    /// The queries every terminal is asked: cell size, XTVERSION, device attributes (last).
    static let plainQuery = "\u{1B}[16t" + "\u{1B}[>0q" + "\u{1B}[c"

    /// The bytes written to ask a terminal under `environment` (no kitty query in a multiplexer).
    static func query(_ environment: [String: String]) -> String {
        (isMultiplexer(environment) ? "" : kittyQuery) + plainQuery
    }

    /// Whether `environment` is a tmux or screen window (or one reached through them, by `TERM`).
    static func isMultiplexer(_ environment: [String: String]) -> Bool {
        environment["TMUX"] != nil || environment["STY"] != nil
            || ["screen", "tmux"].contains { environment["TERM"]?.hasPrefix($0) ?? false }
    }

    /// Asks the terminal (writing to `output`, reading its answers from `input`), waiting at most
    /// `milliseconds` in all. The input is put in raw mode for the wait and restored after; answers
    /// that come later than that are flushed, not typed into the shell.
    static func ask(input device: TerminalDevice, output: TerminalDevice, environment: [String: String],
                    milliseconds: Int = 300) -> TerminalAnswers {
        guard let modes = device.modes(), device.enterRaw(from: modes) else { return TerminalAnswers() }
        defer {
            device.discardInput()
            device.restore(modes)
        }
        guard output.write(query(environment)) else { return TerminalAnswers() }
        var received: [UInt8] = []
        let deadline = now() + Int64(milliseconds)
        var answers = TerminalAnswers()
        while !answers.complete {
            let left = deadline - now()
            guard left > 0, let bytes = device.read(milliseconds: Int32(left)) else { break }
            received += bytes
            // Bounded: a terminal (or a program pretending to be one) cannot make this grow.
            if received.count > 16_384 { break }
            answers = parse(received)
        }
        return answers
    }

    private static func now() -> Int64 { Int64(DispatchTime.now().uptimeNanoseconds / 1_000_000) }

    /// The answers found in `bytes` (what the terminal sent back, in any order).
    static func parse(_ bytes: [UInt8]) -> TerminalAnswers {
        var answers = TerminalAnswers()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else { index += 1; continue }
            let kind = bytes[index + 1]
            let body = index + 2
            switch kind {
            case UInt8(ascii: "["):
                // CSI: parameters up to a final byte in 0x40...0x7E.
                var end = body
                while end < bytes.count, !(0x40 ... 0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { return answers }
                let parameters = String(decoding: bytes[body ..< end], as: UTF8.self)
                if bytes[end] == UInt8(ascii: "c"), parameters.hasPrefix("?") {
                    answers.complete = true
                    answers.sixel = parameters.dropFirst().split(separator: ";").contains("4")
                } else if bytes[end] == UInt8(ascii: "t") {
                    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
                    if numbers.count == 3, numbers[0] == 6, numbers[1] > 0, numbers[2] > 0 {
                        answers.cell = CellSize(width: numbers[2], height: numbers[1])
                    }
                }
                index = end + 1
            case UInt8(ascii: "_"), UInt8(ascii: "P"):
                // APC (kitty's answer) and DCS (XTVERSION's), each ended by ST (ESC \).
                var end = body
                while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
                guard end + 1 < bytes.count else { return answers }
                let text = String(decoding: bytes[body ..< end], as: UTF8.self)
                if kind == UInt8(ascii: "_"), text.hasPrefix("Gi=31;") {
                    answers.kitty = text.dropFirst(6).hasPrefix("OK")
                } else if kind == UInt8(ascii: "P"), text.hasPrefix(">|") {
                    answers.name = TerminalText.escaped(String(text.dropFirst(2)))
                }
                index = end + 2
            default:
                index += 1
            }
        }
        return answers
    }
}

/// A character cell's size in pixels.
struct CellSize: Equatable, Sendable {
    let width: Int
    let height: Int

    /// For a terminal that does not say: the VGA text cell, about what default fonts give (xterm's
    /// 6×13 up to 10×20). Pictures are drawn for it, so a larger guess only costs more pixels.
    static let common = CellSize(width: 8, height: 16)
}
