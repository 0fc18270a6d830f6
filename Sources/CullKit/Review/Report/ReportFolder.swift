#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder `cull review --html DIR` writes into, held by descriptor and written with the
/// commit's rules: every name is resolved relative to the open folder, no symlink is followed
/// (`O_NOFOLLOW`, `*at` calls), files are created exclusively and renamed without replacing.
///
/// A folder is written only when it is new, empty, or holds a previous report and nothing else:
/// Cull's marker file `.cull-report`, `index.html`, and `thumbs/` of `ID.jpg`/`ID.svg` files (plus
/// what an interrupted write of Cull's left, `.cull-report-new-*`). Anything else there, or any of
/// those names as a symlink or a non-regular file, is refused unwritten. A previous report is
/// replaced after the new one is complete beside it, so a failed write leaves the old one whole.
struct ReportFolder {
    static let marker = Array(".cull-report".utf8)
    static let page = Array("index.html".utf8)
    static let thumbs = Array("thumbs".utf8)
    static let scratchPrefix = Array(".cull-report-new-".utf8)

    let path: String
    private let handle: DirectoryHandle

    /// Opens `path` (made when missing, its parents too), checking it is empty or a previous report.
    static func open(_ path: String) throws(ReviewError) -> ReportFolder {
        let (parent, name) = try split(path)
        let shown = String(decoding: PathBytes.join(parent, name), as: UTF8.self)
        func refuse(_ reason: String) -> ReviewError { .report(path: shown, reason: reason) }
        guard let parentHandle = DirectoryHandle.open(parent).0 else {
            throw refuse("cannot open the folder it goes in: \(Errno.message(errno))")
        }
        let made = parentHandle.makeDirectory(name, mode: 0o755)
        guard made == 0 || made == EEXIST else { throw refuse("cannot create the folder: \(Errno.message(made))") }
        let (opened, code) = parentHandle.openDirectory(name)
        guard let handle = opened else {
            throw refuse(code == ELOOP ? "it is a symbolic link; name the folder itself" : "cannot open the folder: \(Errno.message(code))")
        }
        let folder = ReportFolder(path: shown, handle: handle)
        try folder.checkHoldsOnlyAReport()
        if handle.stat(marker).0 == nil {
            let written = handle.createExclusive(marker, contents: Array("A report of cull review: cull replaces this folder's report when asked to.\n".utf8), mode: 0o644)
            guard written == 0 else { throw refuse("cannot write \(String(decoding: marker, as: UTF8.self)): \(Errno.message(written))") }
        }
        return folder
    }

    /// The parent folder (absolute, symlinks above resolved: the user's own choice) and the last
    /// component, which must be a folder itself, never a symlink.
    private static func split(_ path: String) throws(ReviewError) -> ([UInt8], [UInt8]) {
        var bytes = Array(path.utf8)
        while bytes.count > 1 && bytes.last == PathBytes.slash { bytes.removeLast() }
        if bytes.first != PathBytes.slash, let cwd = FileOps.realPath(Array(".".utf8)) { bytes = PathBytes.join(cwd, bytes) }
        var name = PathBytes.basename(bytes), parent = PathBytes.parent(bytes)
        if !DirectoryHandle.isPlainName(name) {
            // `.` or `..`: the folder the user is in (or above), which already exists.
            guard let resolved = FileOps.realPath(bytes), resolved != [PathBytes.slash] else {
                throw .report(path: path, reason: "name a folder for the report")
            }
            (parent, name) = (PathBytes.parent(resolved), PathBytes.basename(resolved))
        }
        _ = FileOps.makeDirectories(parent)
        guard let real = FileOps.realPath(parent) else { throw .report(path: path, reason: "cannot open the folder it goes in: \(Errno.message(errno))") }
        return (real, name)
    }

    /// Throws unless every entry is part of a report of Cull's (and the folder, if not empty, holds the marker).
    private func checkHoldsOnlyAReport() throws(ReviewError) {
        guard let names = handle.list() else { throw .report(path: path, reason: "cannot list the folder: \(Errno.message(errno))") }
        guard !names.isEmpty else { return }
        func refuse(_ name: [UInt8], _ why: String) -> ReviewError {
            .report(path: path, reason: "it holds \(PathBytes.display(name))\(why); a report goes into an empty folder or replaces "
                    + "a previous report of cull review, never anything else: choose another folder")
        }
        guard names.contains(Self.marker) else { throw refuse(names.sorted(by: PathBytes.precedes)[0], ", and no report of cull review") }
        for name in names {
            guard let info = handle.stat(name).0 else { continue }
            if name.starts(with: Self.scratchPrefix) { continue }
            if name == Self.marker || name == Self.page {
                guard info.isRegular else { throw refuse(name, " as a symbolic link or another non-regular file") }
            } else if name == Self.thumbs {
                guard info.isDirectory, let thumbs = handle.openDirectory(name).0, let inside = thumbs.list() else {
                    throw refuse(name, " as a symbolic link or something else than a folder")
                }
                for thumb in inside where !Self.isThumbnailName(thumb) || thumbs.stat(thumb).0?.isRegular != true {
                    throw refuse(Self.thumbs + [PathBytes.slash] + thumb, ", which is not a thumbnail of cull review")
                }
            } else {
                throw refuse(name, "")
            }
        }
    }

    /// `ID.jpg` or `ID.svg`, as the report names its thumbnails.
    static func isThumbnailName(_ name: [UInt8]) -> Bool {
        guard let dot = name.lastIndex(of: 46), dot > 0, name[..<dot].allSatisfy({ (48 ... 57).contains($0) }) else { return false }
        let suffix = Array(name[(dot + 1)...])
        return suffix == Array("jpg".utf8) || suffix == Array("svg".utf8)
    }

    /// Writes the report: `thumbnails` (nil for an inline report, which has none) into a new folder
    /// and the page under a new name, both beside the old report; then the old one goes and the new
    /// one takes its names. What an earlier interrupted write left goes first.
    func write(page: [UInt8], thumbnails: [(name: [UInt8], bytes: [UInt8])]?) throws(ReviewError) {
        for name in handle.list() ?? [] where name.starts(with: Self.scratchPrefix) { try remove(name) }
        let tag = String(UInt64.random(in: .min ... .max), radix: 36)
        let newThumbs = Self.scratchPrefix + Array("thumbs-\(tag)".utf8), newPage = Self.scratchPrefix + Array("page-\(tag).html".utf8)
        do throws(ReviewError) {
            if let thumbnails {
                let made = handle.makeDirectory(newThumbs, mode: 0o755)
                guard made == 0, let folder = handle.openDirectory(newThumbs).0 else { throw failure("thumbs", made) }
                for (name, bytes) in thumbnails {
                    let code = folder.createExclusive(name, contents: bytes, mode: 0o644)
                    guard code == 0 else { throw failure("thumbs/" + String(decoding: name, as: UTF8.self), code) }
                }
            }
            let code = handle.createExclusive(newPage, contents: page, mode: 0o644)
            guard code == 0 else { throw failure("index.html", code) }
        } catch {
            _ = try? remove(newThumbs)
            _ = handle.unlink(newPage)
            throw error
        }
        try remove(Self.thumbs)
        if thumbnails != nil {
            let moved = handle.move(newThumbs, to: handle, as: Self.thumbs)
            guard moved == 0 else { throw failure("thumbs", moved) }
        }
        let gone = handle.unlink(Self.page)
        guard gone == 0 || gone == ENOENT else { throw failure("index.html", gone) }
        let moved = handle.move(newPage, to: handle, as: Self.page)
        guard moved == 0 else { throw failure("index.html", moved) }
    }

    private func failure(_ name: String, _ code: Int32) -> ReviewError {
        .report(path: path + "/" + name, reason: Errno.message(code))
    }

    /// Removes `name` here: a file, or a folder of files (its entries by descriptor, then itself;
    /// a symlink in its place is only unlinked, never followed). Absent is fine.
    private func remove(_ name: [UInt8]) throws(ReviewError) {
        guard let info = handle.stat(name).0 else { return }
        if info.isDirectory, let folder = handle.openDirectory(name).0 {
            for entry in folder.list() ?? [] {
                let code = folder.unlink(entry)
                guard code == 0 || code == ENOENT else { throw failure(PathBytes.display(name + [PathBytes.slash] + entry), code) }
            }
            let code = handle.removeDirectory(name)
            guard code == 0 || code == ENOENT else { throw failure(PathBytes.display(name), code) }
        } else {
            let code = handle.unlink(name)
            guard code == 0 || code == ENOENT else { throw failure(PathBytes.display(name), code) }
        }
    }
}
