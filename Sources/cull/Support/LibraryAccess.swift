import CullKit
import Foundation

/// A library opened for a command (``OpenedLibrary``: found, locked when writing, an interrupted commit
/// or undo finished first), with what opening did said on standard error, and the command line's paths
/// read against it.
struct LibraryAccess {
    let library: Library
    let db: Database
    let lock: LibraryLock?

    /// `locking` takes the library lock (throws `IndexError.locked` when another run holds it).
    init(libraryOption: String?, locking: Bool, terminal: Console) throws {
        let opened = try OpenedLibrary(explicit: libraryOption, locking: locking)
        (library, db, lock) = (opened.library, opened.db, opened.lock)
        for note in opened.notes { terminal.err("cull: \(note)\n") }
    }

    /// The lock of a command opened with `locking` (it always has one).
    var heldLock: LibraryLock {
        guard let lock else { preconditionFailure("the library was opened without its lock") }
        return lock
    }

    /// Library-relative path bytes of a command-line path (relative to the working directory; empty
    /// for the library root). The last component is not resolved, so a symbolic link names itself.
    func relativePath(_ argument: String) throws -> [UInt8] {
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = argument.hasPrefix("/") ? argument : cwd + "/" + argument
        var bytes = Array(absolute.utf8)
        while bytes.count > 1 && bytes.last == 47 { bytes.removeLast() }
        let name = PathBytes.basename(bytes)
        // `.` and `..` name folders: resolve them whole (`cull restore .` in a subfolder).
        let resolveWhole = name == [46] || name == [46, 46]
        let parent = resolveWhole ? bytes : PathBytes.parent(bytes)
        let canonical = realpath(String(decoding: parent, as: UTF8.self), nil).map { pointer -> [UInt8] in
            defer { free(pointer) }
            return Array(String(cString: pointer).utf8)
        } ?? parent
        let full = resolveWhole ? canonical : PathBytes.join(canonical, name)
        let rootBytes = Array(library.root.utf8)
        if full == rootBytes { return [] }
        let root = rootBytes + (library.root == "/" ? [] : [47])
        guard full.starts(with: root), full.count > root.count else { throw StagingError.outsideLibrary(path: argument) }
        return Array(full.dropFirst(root.count))
    }

    /// Asset ids of command-line paths: a file, or every indexed file inside a folder; throws for a
    /// path with nothing indexed. A relative path is taken from the working directory first, then
    /// from the library root, so the library-relative paths of JSON and of the `trash` and `plan`
    /// listings work from any subfolder too.
    func assetIDs(_ arguments: [String]) throws -> [Int64] {
        let store = StagingStore(db: db)
        var seen = Set<Int64>()
        func lookup(_ relative: [UInt8]) throws -> [Int64] {
            if let id = try store.assetID(path: relative) { return [id] }
            return try store.assetIDs(under: relative)
        }
        return try arguments.flatMap { argument in
            var ids = try lookup(try relativePath(argument))
            if ids.isEmpty, let fromRoot = Self.libraryRelative(argument) { ids = try lookup(fromRoot) }
            guard !ids.isEmpty else { throw StagingError.notIndexed(path: argument) }
            return ids.filter { seen.insert($0).inserted }
        }
    }

    /// `argument` read as a path from the library root, when it is a plain relative path (no `.` or `..`).
    private static func libraryRelative(_ argument: String) -> [UInt8]? {
        guard !argument.hasPrefix("/") else { return nil }
        let parts = argument.utf8.split(separator: 47)
        guard !parts.isEmpty, !parts.contains(where: { $0.elementsEqual([46]) || $0.elementsEqual([46, 46]) }) else { return nil }
        return Array(parts.map(Array.init).joined(separator: [47]))
    }

    /// How to print a library-relative path so that it works as an argument of the next command run
    /// from the same folder: relative to the working directory inside the library (`../other/a.jpg`),
    /// absolute outside it. JSON keeps library-relative paths.
    func shown(_ path: [UInt8]) -> [UInt8] {
        PathDisplay(root: library.root).shown(path)
    }
}

/// The working directory's place in the library, to print paths relative to it.
struct PathDisplay {
    let root: [UInt8]
    /// Components of the working directory below the root, or nil when it is outside the library.
    let below: [ArraySlice<UInt8>]?

    init(root: String, workingDirectory: String = FileManager.default.currentDirectoryPath) {
        self.root = Array(root.utf8)
        let cwd = realpath(workingDirectory, nil).map { pointer -> [UInt8] in
            defer { free(pointer) }
            return Array(String(cString: pointer).utf8)
        } ?? Array(workingDirectory.utf8)
        let prefix = self.root + (root == "/" ? [] : [47])
        if cwd == self.root {
            below = []
        } else if cwd.starts(with: prefix) {
            below = cwd.dropFirst(prefix.count).split(separator: 47)
        } else {
            below = nil
        }
    }

    func shown(_ path: [UInt8]) -> [UInt8] {
        guard let below else { return root == [47] ? [47] + path : root + [47] + path }
        if below.isEmpty { return path }
        let parts = path.split(separator: 47, omittingEmptySubsequences: false)
        var common = 0
        while common < below.count, common < parts.count - 1, below[common] == parts[common] { common += 1 }
        let up = Array(repeating: Array("..".utf8), count: below.count - common)
        return Array((up + parts[common...].map(Array.init)).joined(separator: [47]))
    }
}
