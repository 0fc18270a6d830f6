/// Finds the `[` that opens a command a CI runner obeys anywhere in a line of a job's log:
/// GitHub's legacy `##[command]` (Azure Pipelines' formatting commands are the same) and Azure
/// Pipelines' logging commands, `##vso[area.action …]` (read here in any case). Fed one character
/// at a time, by the terminal escape (``Escape/terminal(_:)-(String)``) and by the output's last
/// look (``TerminalText/withoutCommands(_:)``), or asked of a `[` with what precedes it, by the JSON
/// writer (``opens(_:at:)``): one home for what counts as a command.
struct CommandBracket {
    /// How many `#` came just before.
    private var hashes = 0
    /// How many letters of `vso` came just after two `#` or more.
    private var letters = 0
    private static let vso: [UInt32] = [0x76, 0x73, 0x6F]

    /// Takes the next character (its code point): true when it is a `[` that opens a command.
    mutating func opens(_ value: UInt32) -> Bool {
        if value == 0x5B && (hashes >= 2 || letters == Self.vso.count) {
            reset()
            return true
        }
        if value == 0x23 {
            (hashes, letters) = (hashes + 1, 0)
        } else if value < 0x80, letters < Self.vso.count, letters > 0 || hashes >= 2, value | 0x20 == Self.vso[letters] {
            (hashes, letters) = (0, letters + 1)
        } else {
            reset()
        }
        return false
    }

    /// A line ends (or an undecodable byte comes): nothing is pending.
    mutating func reset() {
        (hashes, letters) = (0, 0)
    }

    /// Whether the `[` at `index` of `text` opens a command, from the bytes before it alone (for a
    /// writer that passes over runs of plain bytes and looks back only from a `[`).
    static func opens(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        func twoHashes(before end: Int) -> Bool { end >= 2 && text[end - 1] == 0x23 && text[end - 2] == 0x23 }
        if twoHashes(before: index) { return true }
        let start = index - vso.count
        guard start >= 2 else { return false }
        return vso.indices.allSatisfy { UInt32(text[start + $0]) | 0x20 == vso[$0] } && twoHashes(before: start)
    }
}
