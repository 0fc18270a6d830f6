/// Fields about the file: where it is, what it is, how big, when it changed.
enum FileFields {
    static let all: [Field] = [
        Field("path", .text(.path), column: "a.path",
              doc: "Path relative to the library root; `*` stays within a folder, `**` crosses folders.",
              examples: ["path: \"Family/**\"", "path: {matches: \"^Downloads/.*\\\\.tmp$\"}"]),
        Field("name", .text(.fileName), column: "a.name",
              doc: "File name with extension.",
              examples: ["name: \"IMG_*.PNG\"", "name: {in: [\"Thumbs.db\", \".DS_Store\"]}"]),
        Field("folder", .text(.path), column: "a.folder",
              doc: "Folder relative to the library root (empty at the root).",
              examples: ["folder: \"WhatsApp/**\"", "folder: {matches: \"(^|/)Telegram( Images)?$\"}"]),
        Field("extension", .text(.lowercaseWord), column: "a.extension",
              doc: "Extension without the dot, case-insensitive.",
              examples: ["extension: heic", "extension: {in: [mov, mp4]}"]),
        // Unary `+` keeps kind off its indexes: `kind: photo` is most of a library, and walking
        // an index to look up 90,000 rows cost 0.37 s where one pass over the table costs 0.07 s
        // (100,000 assets). A rule's selective terms (size, taken, a group) still pick theirs.
        Field("kind", .enumeration(MediaKind.allCases.map(\.rawValue)), column: "+a.kind",
              doc: "photo or video.",
              examples: ["kind: video"]),
        Field("size", .size, column: "a.size",
              doc: "Bytes on disk; KB MB GB are decimal, KiB MiB GiB binary.",
              examples: ["size: {gt: 500MB}", "size: {between: [1MiB, 10MiB]}"]),
        Field("modified", .date(.instant), column: "a.modified",
              doc: "File modification time (dates without an offset are read as UTC).",
              examples: ["modified: {older_than: 1y}"]),
        Field("added", .date(.instant), column: "a.added",
              doc: "When Cull first indexed the file.",
              examples: ["added: {newer_than: 7d}"]),
    ]
}
