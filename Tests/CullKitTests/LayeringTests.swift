import Foundation
import Testing

/// The folders of `Sources/CullKit` depend one way: CONTRIBUTING.md draws their order (the line
/// that starts with "Support →" under "## Layers"), and a folder may use the types of the folders
/// before it, never of one after it. This reads the sources as the compiler would see their names:
/// comments and string text are left out, string interpolations are code.
@Suite struct LayeringTests {
    static let root = Corpus.packageRoot
    static let sources = root.appendingPathComponent("Sources/CullKit")

    /// The order CONTRIBUTING.md draws, first folder first.
    static func drawnOrder() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Support →") },
                                "CONTRIBUTING.md draws no order of folders (a line starting with \"Support →\")")
        return line.split(separator: "→").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func everyFolderIsInTheOrder() throws {
        let order = try Self.drawnOrder()
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
        #expect(Set(folders) == Set(order), "folders of Sources/CullKit vs CONTRIBUTING's order")
        #expect(order.count == Set(order).count, "a folder named twice in the order")
    }

    @Test func noFolderUsesALaterOne() throws {
        let order = try Self.drawnOrder()
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        let files = try Self.swiftFiles()
        var owner: [String: String] = [:]  // type name → folder
        for file in files {
            for name in SwiftNames.topLevelTypes(in: file.text) { owner[name] = file.folder }
        }
        #expect(owner["FileIdentity"] == "Support" && owner["Database"] == "Database", "the declarations are found")
        var uses: [String] = []
        for file in files {
            guard let mine = rank[file.folder] else { continue }
            let local = Set(SwiftNames.declaredTypes(in: file.text))  // its own nested types shadow
            for name in SwiftNames.identifiers(in: file.text) where !local.contains(name) {
                guard let folder = owner[name], let theirs = rank[folder], theirs > mine else { continue }
                uses.append("\(file.path) uses \(name) from \(folder), which comes after \(file.folder)")
            }
        }
        #expect(uses.isEmpty, "\(uses.sorted().joined(separator: "\n"))")
    }

    /// The reader sees through comments and strings but not through interpolations.
    @Test func theReaderSeesCodeOnly() {
        let text = #"""
            // Plan uses Commit
            /* Review */ let a = "Terminal \(Staging.name) and \("Output")"
            let b = """
                Groups \(Rules.x)
                """
            private struct Hidden {}
            public enum Shown { case one }
            """#
        #expect(SwiftNames.identifiers(in: text) == ["Hidden", "Rules", "Shown", "Staging"])
        #expect(SwiftNames.topLevelTypes(in: text) == ["Shown"])
        #expect(SwiftNames.declaredTypes(in: text) == ["Hidden", "Shown"])
    }

    struct SourceFile {
        let path: String, folder: String, text: String
    }

    static func swiftFiles() throws -> [SourceFile] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var files: [SourceFile] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift"), let folder = relative.split(separator: "/").first, relative.contains("/") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            files.append(SourceFile(path: relative, folder: String(folder), text: text))
        }
        return files
    }
}

/// The names in Swift source, with comments and string text left out.
enum SwiftNames {
    /// Capitalised identifiers in code (types, and the odd capitalised case), each once, sorted.
    static func identifiers(in text: String) -> [String] {
        var names = Set<String>()
        var word = ""
        for character in code(of: text) {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if let first = word.first, first.isUppercase { names.insert(word) }
                word = ""
            }
        }
        if let first = word.first, first.isUppercase { names.insert(word) }
        return names.sorted()
    }

    /// Types declared at the top level (not indented), not private or fileprivate: another file
    /// can use them.
    static func topLevelTypes(in text: String) -> [String] { types(in: text, topLevelOnly: true) }

    /// Every type the file declares, at any depth and with any access.
    static func declaredTypes(in text: String) -> [String] { types(in: text, topLevelOnly: false) }

    private static func types(in text: String, topLevelOnly: Bool) -> [String] {
        var names: [String] = []
        for whole in code(of: text).split(separator: "\n") {
            let line = topLevelOnly ? whole : whole.drop(while: { $0 == " " })
            guard let first = line.first, first.isLetter || first == "@" else { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" || $0 == "{" })
            if topLevelOnly && (words.contains("private") || words.contains("fileprivate")) { continue }
            if let index = words.firstIndex(where: { ["class", "struct", "enum", "protocol", "actor", "typealias"].contains($0) }),
               index + 1 < words.count {
                names.append(String(words[index + 1]))
            }
        }
        return names
    }

    /// The text with comments and the text of string literals replaced by spaces (line breaks
    /// kept); interpolations `\( … )` stay, as they are code. `stringFill` stands for each
    /// character of a string literal (its quotes too) instead of a space, for a reader that must
    /// tell a line of string text from a blank or comment-only one (`BudgetTests`).
    static func code(of text: String, stringFill: Character = " ") -> String {
        let chars = Array(text)
        var out = ""
        out.reserveCapacity(chars.count)
        var index = 0
        // Each open string: its quote count (1 or 3), its `#`s, and the paren depth of the
        // interpolation we are in (0: in the string's text).
        var strings: [(quotes: Int, hashes: Int, depth: Int)] = []
        func at(_ offset: Int) -> Character? { index + offset < chars.count ? chars[index + offset] : nil }
        func blank(_ count: Int, fill: Character = " ") {
            for k in 0..<count where index + k < chars.count { out.append(chars[index + k] == "\n" ? "\n" : fill) }
            index += count
        }
        while index < chars.count {
            let c = chars[index]
            if let open = strings.last, open.depth == 0 {
                // In string text: an escape, an interpolation or the closing quotes.
                let escape = "\\" + String(repeating: "#", count: open.hashes)
                if String(chars[index..<min(chars.count, index + escape.count)]) == escape {
                    if at(escape.count) == "(" {
                        blank(escape.count, fill: stringFill)
                        out.append("(")
                        index += 1
                        strings[strings.count - 1].depth = 1
                    } else {
                        blank(escape.count + 1, fill: stringFill)
                    }
                    continue
                }
                let close = String(repeating: "\"", count: open.quotes) + String(repeating: "#", count: open.hashes)
                if String(chars[index..<min(chars.count, index + close.count)]) == close {
                    blank(close.count, fill: stringFill)
                    strings.removeLast()
                    continue
                }
                blank(1, fill: stringFill)
                continue
            }
            // In code.
            if c == "/" && at(1) == "/" {
                while index < chars.count && chars[index] != "\n" { blank(1) }
                continue
            }
            if c == "/" && at(1) == "*" {
                var depth = 0
                repeat {
                    if at(0) == "/" && at(1) == "*" { depth += 1; blank(2) }
                    else if at(0) == "*" && at(1) == "/" { depth -= 1; blank(2) }
                    else { blank(1) }
                } while depth > 0 && index < chars.count
                continue
            }
            if c == "#" || c == "\"" {
                var hashes = 0
                while at(hashes) == "#" { hashes += 1 }
                if at(hashes) == "\"" {
                    let quotes = at(hashes + 1) == "\"" && at(hashes + 2) == "\"" ? 3 : 1
                    blank(hashes + quotes, fill: stringFill)
                    strings.append((quotes, hashes, 0))
                    continue
                }
            }
            if !strings.isEmpty {
                if c == "(" { strings[strings.count - 1].depth += 1 }
                if c == ")" { strings[strings.count - 1].depth -= 1 }
                if strings[strings.count - 1].depth == 0 {  // the interpolation's `)`, as its `(` is kept
                    out.append(")")
                    index += 1
                    continue
                }
            }
            out.append(c)
            index += 1
        }
        return out
    }
}
