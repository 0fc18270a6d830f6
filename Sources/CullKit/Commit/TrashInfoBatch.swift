/// The `.trashinfo` files of one chunk of a commit (``FileCarrier``), written ahead under temporary
/// names and made durable together, then each renamed into place as its file moves. A carrier owns
/// one and uses it on its own thread.
struct TrashInfoBatch {
    let root: [UInt8]
    let deletionDate: [UInt8]
    /// The temporary `.trashinfo` written for each item of the current chunk (by seq), not yet in place.
    private var prepared: [Int64: (trash: HeldTrash, name: [UInt8])] = [:]

    init(root: [UInt8], deletionDate: [UInt8]) {
        self.root = root
        self.deletionDate = deletionDate
    }

    /// Writes the `.trashinfo` of every trash item of a chunk under its temporary name, then makes
    /// them durable with one `syncfs` per trash instead of one fsync per file (which cost about
    /// 3 ms a file on ext4, several times the whole commit). Safe because no info is renamed into
    /// place before that flush returned: after a power cut, a `.trashinfo` under its final name is
    /// complete, and a temporary one is ignored by trash tools and removed by recovery. `trashOf`
    /// is the carrier's held trash of an item.
    mutating func prepare(_ chunk: ArraySlice<JournalItem>,
                          trashOf: (JournalItem) -> Result<HeldTrash, HeldTrash.Refusal>?) {
        let batched = Platform.canSyncFileSystem
        var written: [HeldTrash] = []
        for item in chunk {
            guard let info = item.info, !PathBytes.escapes(item.path), case let .success(trash)? = trashOf(item) else { continue }
            let name = PathBytes.basename(info)
            guard trash.writeTemporaryInfo(name, contents: contents(item, trash: trash), sync: !batched) == 0 else { continue }
            prepared[item.seq] = (trash, name)
            if !written.contains(where: { $0 === trash }) { written.append(trash) }
        }
        for trash in written where batched && !Platform.syncFileSystem(trash.info.fd) {
            // Not durable: each of them is written again, fsynced on its own, when it is placed.
            for (seq, entry) in prepared where entry.trash === trash {
                _ = trash.info.unlink(HeldTrash.temporaryName(for: entry.name))
                prepared[seq] = nil
            }
        }
    }

    /// Puts an item's `.trashinfo` in place as `name`: its prepared temporary renamed without
    /// replacing, or (when none was prepared) written and fsynced now. EEXIST when the name is taken.
    mutating func place(_ item: JournalItem, trash: HeldTrash, as name: [UInt8]) -> Int32 {
        if let entry = prepared[item.seq], entry.trash === trash {
            let code = trash.placeInfo(writtenFor: entry.name, as: name)
            if code == 0 { prepared[item.seq] = nil }
            return code
        }
        return trash.writeInfo(name, contents: contents(item, trash: trash))
    }

    /// Removes the temporaries of items that did not move (skipped, gone, collided).
    mutating func discard() {
        for entry in prepared.values { _ = entry.trash.info.unlink(HeldTrash.temporaryName(for: entry.name)) }
        prepared.removeAll(keepingCapacity: true)
    }

    /// The `.trashinfo` text of an item going to `trash`: its original path and the commit's deletion date.
    func contents(_ item: JournalItem, trash: HeldTrash) -> [UInt8] {
        FreeDesktopTrash.infoContents(originalPath: root + item.path, location: trash.location, deletionDate: deletionDate)
    }
}
