import Foundation
import Testing
@testable import CullKit

/// Text that acts on a terminal or a CI log when written raw: C0 and C1 controls, ESC sequences
/// (OSC 52 sets the clipboard, OSC 8 makes a link, OSC 0 the title, CSI clears and colours),
/// bidi controls, bytes that are not UTF-8, and line breaks before `::`. Fed to every output of
/// every command as file and folder names, photo metadata, catalog paths, rule-file keys, rule
/// names and rule-file names, and arguments; the raw bytes that come back are read by ``violations``.
enum HostileCorpus {
    struct Entry {
        let label: String
        /// As a file name (bytes; it need not be UTF-8).
        let name: [UInt8]
        /// A piece of it that must never reach an output raw (nil: the scalar checks cover it).
        let marker: [UInt8]?
    }

    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// One file name for each kind of attack, all ending in `.jpg`.
    static let entries: [Entry] = [
        Entry(label: "OSC 52", name: utf8("\u{1B}]52;c;QlVSU1Q=\u{07}clip.jpg"), marker: utf8("\u{1B}]52;")),
        Entry(label: "OSC 8", name: utf8("\u{1B}]8;;https:evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\.jpg"), marker: utf8("\u{1B}]8;")),
        Entry(label: "OSC 0", name: utf8("\u{1B}]0;OWNED\u{07}title.jpg"), marker: utf8("\u{1B}]0;")),
        Entry(label: "CSI", name: utf8("\u{1B}[2J\u{1B}[31mcsi.jpg"), marker: utf8("\u{1B}[31mcsi")),
        Entry(label: "C1 as UTF-8", name: utf8("\u{9B}31mc1\u{9D}0;title\u{9C}.jpg"), marker: nil),
        Entry(label: "C1 as raw bytes", name: [0x9B] + utf8("31mraw") + [0x9D] + utf8("0;t") + [0x9C] + utf8(".jpg"), marker: nil),
        Entry(label: "RLO", name: utf8("spoof\u{202E}fdp.jpg"), marker: nil),
        Entry(label: "isolates", name: utf8("\u{2066}iso\u{2069}\u{200F}rlm\u{061C}alm.jpg"), marker: nil),
        Entry(label: "newline", name: utf8("x\n::error::INJECTED.jpg"), marker: utf8("\n::error::INJECTED")),
        Entry(label: "CR", name: utf8("x\r::warning::CR.jpg"), marker: utf8("\r::warning")),
        Entry(label: "legacy command", name: utf8("##[error]legacy.jpg"), marker: utf8("##[error]")),
        Entry(label: "leading ::", name: utf8("::error::start.jpg"), marker: nil),
        Entry(label: "BEL DEL", name: utf8("bel\u{07}del\u{7F}.jpg"), marker: nil),
        Entry(label: "NEL LS", name: utf8("\u{85}nel\u{2028}ls.jpg"), marker: nil),
        Entry(label: "Latin-1", name: utf8("caf") + [0xE9] + utf8(".jpg"), marker: nil),
    ]

    /// Metadata and rule text: the OSC 52 of the issue (the clipboard then holds "BURST").
    static let osc52 = "\u{1B}]52;c;QlVSU1Q=\u{07}"
    /// Every kind in one string, for text fields (a rule name, a label, a key).
    static let text = "\u{1B}]52;c;QlVSU1Q=\u{07}\u{1B}]8;;https://evil.example/\u{1B}\\\u{1B}[2J\u{9B}31m\u{202E}gpj\u{2066}x\n::error::INJECTED ##[warning]legacy"

    /// The markers of every entry, and those of ``text``.
    static let markers: [[UInt8]] = entries.compactMap(\.marker) + [utf8("\u{1B}]52;"), utf8("\u{1B}]8;"), utf8("\u{1B}[2J\u{9B}"),
                                                                   utf8("\n::error::INJECTED"), utf8("##[warning]")]

    /// How an output may look.
    enum Mode {
        /// Text for a pipe (`NO_COLOR`, no terminal): no ESC at all, only LF among the C0 controls,
        /// and no line a CI runner would obey.
        case plain
        /// `cull check --format github`: plain, but lines that begin with `::` are Cull's own annotations.
        case github
        /// A terminal's bytes (pictures, styles, a deck): Cull's own escape sequences, none of the corpus's.
        case terminal
        /// JSON: plain, and it parses.
        case json
    }

    /// What in `bytes` could act on a terminal or a CI runner; empty when nothing.
    static func violations(_ bytes: [UInt8], _ mode: Mode) -> [String] {
        var found: [String] = []
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                let value = scalar.value
                if (0x80 ... 0x9F).contains(value) { found.append("C1 U+\(String(value, radix: 16)) at \(offset)") }
                if [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains(value) || (0x202A ... 0x202E).contains(value)
                    || (0x2066 ... 0x2069).contains(value) {
                    found.append("bidi/separator U+\(String(value, radix: 16)) at \(offset)")
                }
                if mode != .terminal, value < 0x20 || value == 0x7F, value != 0x0A {
                    found.append("control 0x\(String(value, radix: 16)) at \(offset)")
                }
                offset += encoded.count
            case let .error(length):
                found.append("bytes that are not UTF-8 at \(offset): \(bytes[offset ..< min(bytes.count, offset + length)].map { String($0, radix: 16) })")
                offset += length
            case .emptyInput:
                break loop
            }
        }
        for marker in markers where TerminalPayloads.find(marker, in: bytes, from: 0) != nil {
            found.append("raw \(String(decoding: marker, as: UTF8.self).debugDescription)")
        }
        if mode != .terminal {
            let text = String(decoding: bytes, as: UTF8.self)
            for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
                let trimmed = line.drop { $0.isWhitespace }
                if trimmed.hasPrefix("::"), !(mode == .github && (trimmed.hasPrefix("::error file=") || trimmed.hasPrefix("::warning file="))) {
                    found.append("a line a CI runner obeys: \(String(line).debugDescription)")
                }
                if line.contains("##[") { found.append("a legacy ##[ command: \(String(line).debugDescription)") }
            }
        }
        if mode == .json, !bytes.isEmpty, (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) == nil {
            found.append("not JSON")
        }
        return found
    }

    /// Each entry's file name in `folder`, as library-relative bytes.
    static func paths(in folder: String) -> [[UInt8]] {
        entries.map { utf8(folder + "/") + $0.name }
    }

    /// A small real JPEG of its own colour at library-relative `path` (bytes), made by ImageMagick
    /// under a plain name and renamed (no tool need take the hostile name as an argument).
    static func photo(_ box: Sandbox, _ path: [UInt8], hue: Int, exif: [String] = []) throws {
        let plain = box.base + "/made-\(hue).jpg"
        let made = try Subprocess.run(["/usr/bin/env", "convert", "-size", "96x64", "xc:hsl(\(hue % 360),80%,50%)",
                                       "-fill", "white", "-draw", "circle \(20 + hue % 50),30 \(30 + hue % 50),40", plain],
                                      environment: box.environment)
        try #require(made.status == 0, "convert: \(made.stderr)")
        if !exif.isEmpty {
            let written = try Subprocess.run(["/usr/bin/env", "exiftool", "-q", "-overwrite_original"] + exif + [plain],
                                             environment: box.environment)
            try #require(written.status == 0, "exiftool: \(written.stderr)")
        }
        let target = box.root + path
        _ = FileOps.makeDirectories(PathBytes.parent(target))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: plain)))
        _ = FileOps.unlink(target)
        try #require(FileOps.createExclusive(target, contents: bytes, mode: 0o644) == 0, "create \(PathBytes.display(path))")
        try? FileManager.default.removeItem(atPath: plain)
    }

    /// Whether ImageMagick and ExifTool are there (the tests that make photos skip without them).
    static var toolsAvailable: Bool { PTYRun.missingTools(["convert", "exiftool"]) == nil }
}

/// A run of `cull` whose output is kept as the raw bytes it wrote.
struct RawRun {
    let status: Int32
    let stdout: [UInt8]
    let stderr: [UInt8]
    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }

    /// `cull arguments` with the sandbox's environment in `directory` (the library by default).
    /// Arguments are bytes so that a name that is not UTF-8 can be one (through `env`, which passes them on as they are).
    static func cull(_ box: Sandbox, _ arguments: [[UInt8]], stdin: [UInt8]? = nil, directory: String? = nil,
                     extra: [String: String] = [:]) throws -> RawRun {
        // Foundation's Process takes arguments as Strings: a Python shim turns base64 back into bytes.
        let shim = "import base64, os, sys; a = [base64.b64decode(x) for x in sys.argv[1:]]; os.execv(a[0], a)"
        let encoded = ([Array(Subprocess.cullBinary.utf8)] + arguments).map { Data($0).base64EncodedString() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", shim] + encoded
        process.environment = box.environment.merging(extra) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? box.library.root)
        // Into files: a large output on one stream cannot block the process while the other is read.
        let outPath = box.base + "/raw-out-\(UUID().uuidString)", errPath = box.base + "/raw-err-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outPath); try? FileManager.default.removeItem(atPath: errPath) }
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin)) }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        let outData = FileManager.default.contents(atPath: outPath) ?? Data()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return RawRun(status: process.terminationStatus, stdout: [UInt8](outData), stderr: [UInt8](errData))
    }

    static func cull(_ box: Sandbox, _ arguments: [String], directory: String? = nil, extra: [String: String] = [:]) throws -> RawRun {
        try cull(box, arguments.map { Array($0.utf8) }, directory: directory, extra: extra)
    }

    /// What in stdout and stderr could act on a terminal or a CI runner (stdout read in `mode`, stderr as plain text).
    func violations(_ mode: HostileCorpus.Mode = .plain) -> [String] {
        HostileCorpus.violations(stdout, mode).map { "stdout: " + $0 } + HostileCorpus.violations(stderr, mode == .terminal ? .terminal : .plain).map { "stderr: " + $0 }
    }
}
