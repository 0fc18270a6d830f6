/// One read of a catalog, filled row by row as an adapter streams the catalog's tables: each folder is
/// kept once (interned) and placed once (``CatalogFolders``); each file row is placed as it is read, and
/// only the rows that are files of this library are kept (a slot each, duplicates merged), so memory
/// grows with the library, not with the catalog. Tags and people are kept per file up to the byte
/// budgets of ``CatalogLimits`` (the rest is counted as cut).
struct CatalogRead {
    /// The catalog file (for errors) and its kind.
    let file: String
    let kind: CatalogKind
    let limits: CatalogLimits
    let mounts: MountTable
    var version = "?"

    /// A folder as the catalog names it, interned.
    struct Folder: Hashable { fileprivate let index: Int32 }
    /// One file of this library in the read.
    struct Slot: Hashable { fileprivate let index: Int32 }

    /// A file of this library and what the catalog says about it.
    struct Entry {
        let key: [UInt8]
        var decision = CatalogDecision()
        fileprivate var tagBytes = 0, peopleBytes = 0
        /// Tags and people the catalog gives this file that were not kept.
        var cut = 0
    }

    private(set) var entries: [Entry] = []
    private var slots: [PathKey: Int32] = [:]
    private var folderIndex: [PathKey: Int32] = [:]
    private var folders: [(mapped: [UInt8], place: CatalogFolders.Place)] = []
    private var textBytes = 0
    private let placer: CatalogFolders
    private let library: CatalogLibrary

    /// File rows read; rows without a usable path (digiKam's own trash, a file with no folder); rows
    /// whose folder is in the library (indexed or not).
    private(set) var rows = 0, pathless = 0, underRoot = 0
    /// File rows that are files of this library (a file's duplicates each count).
    private(set) var placed = 0
    /// Up to ``sampleFolders`` folders outside the library, each with up to four of its names: what
    /// ``CatalogSuggestion`` looks for the library in.
    private(set) var samples: [Int32: (rows: Int, names: [[UInt8]])] = [:]
    static let sampleFolders = 4096

    init(file: String, kind: CatalogKind, limits: CatalogLimits, mounts: MountTable, paths: CatalogPaths, library: CatalogLibrary) {
        (self.file, self.kind, self.limits, self.mounts) = (file, kind, limits, mounts)
        placer = CatalogFolders(paths: paths)
        self.library = library
    }

    /// Files of this library the catalog lists.
    var inside: Int { entries.count }

    /// The error of a catalog past a limit.
    func tooLarge(_ what: String) -> CatalogError {
        .tooLarge(path: file, kind: kind, reason: "more than \(limits.maxRows) \(what)")
    }

    /// Counts one more file row, failing past ``CatalogLimits/maxRows``.
    mutating func count() throws(CatalogError) {
        rows += 1
        guard rows <= limits.maxRows else { throw tooLarge("images") }
    }

    /// A row without a usable path.
    mutating func noPath() { pathless += 1 }

    /// Counts `bytes` of folder or tag text kept in memory, failing past ``CatalogLimits/maxTextBytes``.
    mutating func keep(text bytes: Int) throws(CatalogError) {
        textBytes += bytes
        guard textBytes <= limits.maxTextBytes else {
            throw .tooLarge(path: file, kind: kind, reason: "more than \(limits.maxTextBytes >> 20) MB of folder and tag names")
        }
    }

    /// The folder `bytes` (absolute as the catalog writes it), interned.
    mutating func folder(_ bytes: [UInt8]) throws(CatalogError) -> Folder {
        if let known = folderIndex[PathKey(bytes)] { return Folder(index: known) }
        try keep(text: bytes.count)
        let mapped = placer.paths.mapped(bytes)
        let index = Int32(folders.count)
        folders.append((mapped, placer.place(mapped)))
        folderIndex[PathKey(bytes)] = index
        return Folder(index: index)
    }

    /// Places one file row: the slot of its file when it is a file of this library (a second row for
    /// the same file is merged into the first, the most protective values winning), else nil.
    mutating func place(_ folder: Folder, name: [UInt8], _ decision: CatalogDecision) -> Slot? {
        let entry = folders[Int(folder.index)]
        var key: [UInt8]?
        switch entry.place {
        case let .library(folderKey):
            key = CatalogPaths.key(folder: folderKey, name: name)
            if key != nil { underRoot += 1 }
        case let .elsewhere(device):
            // A file hard-linked to a library file is that file.
            if let device, library.devices.contains(device), !name.contains(0), !name.contains(PathBytes.slash),
               let info = FileOps.lstat(PathBytes.join(entry.mapped, name)).0, info.isRegular {
                key = library.key(device: info.device, inode: info.inode)
            }
            if key == nil { sample(folder, name) }
        }
        guard let key, library.contains(key) else { return nil }
        placed += 1
        if let known = slots[PathKey(key)] {
            entries[Int(known)].decision.mergeDuplicate(decision)
            return Slot(index: known)
        }
        let index = Int32(entries.count)
        var fresh = Entry(key: key)
        fresh.decision = decision
        fresh.decision.normalise()
        entries.append(fresh)
        slots[PathKey(key)] = index
        return Slot(index: index)
    }

    private mutating func sample(_ folder: Folder, _ name: [UInt8]) {
        guard samples[folder.index] != nil || samples.count < Self.sampleFolders else { return }
        samples[folder.index, default: (0, [])].rows += 1
        if samples[folder.index]!.names.count < 4 { samples[folder.index]!.names.append(name) }
    }

    /// The folder (mapped) and whether it exists here, of a sampled folder.
    func sampled(_ index: Int32) -> (mapped: [UInt8], exists: Bool) {
        let entry = folders[Int(index)]
        if case let .elsewhere(device) = entry.place { return (entry.mapped, device != nil) }
        return (entry.mapped, true)
    }

    /// Changes the decision of `slot` (a rating, a pick, a label read from another table).
    mutating func update(_ slot: Slot, _ body: (inout CatalogDecision) -> Void) {
        body(&entries[Int(slot.index)].decision)
    }

    /// Gives `slot` a tag, if it fits its budget (else it is cut).
    mutating func tag(_ slot: Slot, _ tag: String) {
        add(tag, to: slot, people: false)
    }

    /// Gives `slot` a person, if it fits its budget (else it is cut).
    mutating func person(_ slot: Slot, _ name: String) {
        add(name, to: slot, people: true)
    }

    /// Counts a tag or name of `slot` that is not kept (too long, not a tag anyone typed).
    mutating func cut(_ slot: Slot) { entries[Int(slot.index)].cut += 1 }

    private mutating func add(_ text: String, to slot: Slot, people: Bool) {
        let index = Int(slot.index)
        let size = text.utf8.count
        let used = people ? entries[index].peopleBytes : entries[index].tagBytes
        let budget = people ? limits.peopleBytesPerFile : limits.tagBytesPerFile
        let list = people ? entries[index].decision.people : entries[index].decision.tags
        if list.contains(text) { return }
        guard size <= limits.maxTagBytes, used + size + (used == 0 ? 0 : 1) <= budget else {
            entries[index].cut += 1
            return
        }
        if people {
            entries[index].decision.people.append(text)
            entries[index].peopleBytes = used + size + (used == 0 ? 0 : 1)
        } else {
            entries[index].decision.tags.append(text)
            entries[index].tagBytes = used + size + (used == 0 ? 0 : 1)
        }
    }

    /// Lists sorted and without repeats (two reads of an unchanged catalog give equal decisions).
    mutating func finish() {
        for index in entries.indices { entries[index].decision.normalise() }
    }
}
