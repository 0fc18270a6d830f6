import CullKit
import Foundation

/// Opening a library the way every staging and commit command does: find it, optionally take the
/// lock, open the index. A writing command (`locking`) then rolls forward any commit or undo a crash
/// left open before doing anything else, and says so; a read-only one only says that one is open.
struct LibraryAccess {
    let library: Library
    let db: Database
    let lock: LibraryLock?

    /// `locking` takes the library lock (throws `IndexError.locked` when another run holds it).
    init(libraryOption: String?, locking: Bool, terminal: Terminal) throws {
        library = try Library.locate(explicit: libraryOption)
        lock = locking ? try LibraryLock(library: library) : nil
        db = try library.openIndex()
        guard let lock else {
            Self.reportUnfinished(library: library, db: db, terminal: terminal)
            return
        }
        for receipt in try CommitRecovery.recover(library: library, db: db, holding: lock) {
            terminal.err("cull: finished commit \(receipt.commit) that was interrupted: moved \(receipt.moved), "
                         + "gone \(receipt.alreadyGone), skipped \(receipt.skipped.count)\n")
        }
        for report in try CommitRecovery.recoverUndos(library: library, db: db, holding: lock) {
            terminal.err("cull: finished undo of commit \(report.commit) that was interrupted: put back \(report.restored), "
                         + "left in the trash \(report.refused.count)\n")
        }
    }

    /// One line when a crash left a commit or undo open: a read-only command never finishes it
    /// behind the user's back.
    static func reportUnfinished(library: Library, db: Database, terminal: Terminal) {
        guard let open = try? CommitRecovery.unfinished(library: library, db: db), !open.isEmpty else { return }
        terminal.err("cull: note: \(open.joined(separator: ", ")) is unfinished (interrupted by a crash); "
                     + "the next writing command (commit, undo, scan, stage, keep, restore, run) will finish it\n")
    }

    /// Library-relative path bytes of a command-line path (relative to the working directory).
    /// The last component is not resolved, so a symbolic link names itself.
    func relativePath(_ argument: String) throws -> [UInt8] {
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = argument.hasPrefix("/") ? argument : cwd + "/" + argument
        var bytes = Array(absolute.utf8)
        while bytes.count > 1 && bytes.last == 47 { bytes.removeLast() }
        let parent = PathBytes.parent(bytes)
        let name = PathBytes.basename(bytes)
        let canonical = realpath(String(decoding: parent, as: UTF8.self), nil).map { pointer -> [UInt8] in
            defer { free(pointer) }
            return Array(String(cString: pointer).utf8)
        } ?? parent
        let full = PathBytes.join(canonical, name)
        let root = Array(library.root.utf8) + (library.root == "/" ? [] : [47])
        guard full.starts(with: root), full.count > root.count else { throw StagingError.outsideLibrary(path: argument) }
        return Array(full.dropFirst(root.count))
    }

    /// Asset ids of command-line paths; throws for a path not in the index.
    func assetIDs(_ arguments: [String]) throws -> [Int64] {
        let store = ReviewStore(db: db)
        return try arguments.map { argument in
            guard let id = try store.assetID(path: try relativePath(argument)) else { throw StagingError.notIndexed(path: argument) }
            return id
        }
    }
}
