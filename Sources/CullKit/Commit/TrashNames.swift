/// Hands out names unique within one trash (or quarantine) directory: `name`, `name.2`, `name.3`…
///
/// Knows the names taken when it was made (one directory listing) plus every name it handed out,
/// so ten thousand files with the same name cost no extra system calls. `O_EXCL` and
/// `RENAME_NOREPLACE` still guard against a file manager trashing something at the same moment.
struct TrashNames {
    private var taken: Set<PathKey>
    private var next: [PathKey: Int] = [:]

    /// Names already used in a trash: its `files/` entries and its `info/` entries without `.trashinfo`.
    init(location: TrashLocation) {
        var taken = Set((FileOps.listDirectory(location.filesDirectory) ?? []).map(PathKey.init))
        let suffix = Array(".trashinfo".utf8)
        for name in FileOps.listDirectory(location.infoDirectory) ?? [] where name.count > suffix.count {
            if Array(name.suffix(suffix.count)) == suffix { taken.insert(PathKey(Array(name.dropLast(suffix.count)))) }
        }
        self.taken = taken
    }

    init(taken: [[UInt8]] = []) { self.taken = Set(taken.map(PathKey.init)) }

    /// A fresh name for `basename`; long names are shortened so `NAME.trashinfo` fits NAME_MAX.
    mutating func allocate(_ basename: [UInt8]) -> [UInt8] {
        let base = basename.count > 200 ? Array(basename.prefix(200)) : basename
        if taken.insert(PathKey(base)).inserted { return base }
        var counter = next[PathKey(base)] ?? 2
        while true {
            let candidate = base + Array(".\(counter)".utf8)
            counter += 1
            if taken.insert(PathKey(candidate)).inserted {
                next[PathKey(base)] = counter
                return candidate
            }
        }
    }

    /// Marks `name` as taken (it turned out to exist on disk).
    mutating func reserve(_ name: [UInt8]) { taken.insert(PathKey(name)) }
}
