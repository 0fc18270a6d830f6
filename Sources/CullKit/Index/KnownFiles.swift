import CXXHash
import Foundation

/// The index as a scan compares the walk with it: one fixed-size row per asset (id and stamp), every
/// path in one byte buffer, and an open-addressed table from path to row.
///
/// A warm rescan looks up every file it finds here, so the table is made for that: no object or
/// array per asset (100,000 of them were most of the scan's memory and of its time loading and
/// freeing them), a path compared as raw bytes, and the rare parts (a sidecar signature, damage)
/// kept aside for the rows that have them.
struct KnownFiles {
    /// One indexed asset.
    struct Entry {
        var id: Int64
        /// The file as the index recorded it.
        var recorded: IndexedIdentity
        fileprivate var pathStart: Int
        fileprivate var pathCount: Int32
        fileprivate var hash: UInt32
        /// Index into `signatures`; -1 when the asset has no sidecars.
        fileprivate var signature: Int32
        /// Indexed broken, unreadable or declined.
        var damaged: Bool
        /// Its path is another row's too (a TEXT and a BLOB of the same bytes): the later row is the one looked up.
        fileprivate var shadowed = false

        /// No sidecar was recorded (`sidecar_signature` empty).
        var signatureIsEmpty: Bool { signature < 0 }
    }

    /// Why an indexed file was broken, unreadable or declined.
    struct Damage {
        var broken: String?
        var unreadable: String?
        var declined: String?

        /// Whether an unchanged file still calls for a second look. An unreadable file is read
        /// again on every scan: what kept it closed (a permission, an I/O error) need not touch
        /// the file itself. A declined one when the decoders changed since it was declined (a newer
        /// LibRaw may read it). A broken one only when its row has no ctime to go by: with one,
        /// any change to the file (content, `chmod`, `touch -r`) already makes it changed.
        func needsRecheck(recorded: IndexedIdentity, decodersChanged: Bool) -> Bool {
            unreadable != nil || (declined != nil && decodersChanged) || recorded.ctimeNs == nil
        }
    }

    /// Whether the decoders differ from those of the scan that last declined files.
    let decodersChanged: Bool

    private(set) var entries: [Entry] = []
    private var paths: [UInt8] = []
    private var signatures: [String] = []
    private var damages: [Int: Damage] = [:]
    /// Row index + 1 per slot (0: empty); the count is a power of two at least twice the rows.
    private var slots: [Int32] = []

    var count: Int { entries.count }

    /// Every asset of the index, with only the columns a scan compares; `decodersChanged`: the
    /// decoders differ from those of the scan that last declined files.
    init(_ db: Database, decodersChanged: Bool = false) throws {
        self.decodersChanged = decodersChanged
        // Every page of the table is read once: through a small cache, not into the index's large one.
        try db.withPageCache(kibibytes: 2048) { try load(db) }
    }

    private mutating func load(_ db: Database) throws {
        let count = Int(try db.scalar("SELECT count(*) FROM assets")?.int64 ?? 0)
        entries.reserveCapacity(count)
        paths.reserveCapacity(count * 32)
        var size = 16
        while size < count * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        try db.forEachRow("""
            SELECT id, path, device, inode, size, mtime_ns, sidecar_signature, broken, broken_reason, unreadable_reason,
                   declined_reason, ctime_ns
            FROM assets
            """, [], Columns.self) { row, column in
            // Plain columns, decided here: cheaper than SQL expressions on every row of a warm rescan.
            let start = paths.count
            row.appendBytes(column.path, to: &paths)
            let length = paths.count - start
            let hash = paths.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[start ..< start + length])) }
            var signature: Int32 = -1
            if let text = row.string(column.sidecarSignature), !text.isEmpty {
                signature = Int32(signatures.count)
                signatures.append(text)
            }
            let broken = row.int64(column.broken) != 0
            let unreadable = row.string(column.unreadableReason)
            let declined = row.string(column.declinedReason)
            let damaged = broken || unreadable != nil || declined != nil
            if damaged {
                damages[entries.count] = Damage(broken: broken ? row.string(column.brokenReason) : nil, unreadable: unreadable,
                                                declined: declined)
            }
            let recorded = IndexedIdentity(device: row.int64(column.device), inode: row.int64(column.inode), size: row.int64(column.size),
                                           mtimeNs: row.int64(column.mtimeNs), ctimeNs: row.optionalInt64(column.ctimeNs))
            insert(Entry(id: row.int64(column.id), recorded: recorded, pathStart: start, pathCount: Int32(length), hash: hash,
                         signature: signature, damaged: damaged))
        }
    }

    /// The columns `load` reads, by name.
    private struct Columns: RowColumns {
        let id, path, device, inode, size, mtimeNs, ctimeNs, sidecarSignature, broken, brokenReason, unreadableReason, declinedReason: Row.Column

        init(_ row: Row) {
            (id, path, device, inode) = (row.index("id"), row.index("path"), row.index("device"), row.index("inode"))
            (size, mtimeNs, ctimeNs) = (row.index("size"), row.index("mtime_ns"), row.index("ctime_ns"))
            (sidecarSignature, broken) = (row.index("sidecar_signature"), row.index("broken"))
            (brokenReason, unreadableReason) = (row.index("broken_reason"), row.index("unreadable_reason"))
            declinedReason = row.index("declined_reason")
        }
    }

    /// Adds a row; a path already present (it cannot be: `assets.path` is UNIQUE, though a TEXT and
    /// a BLOB of the same bytes would be) is taken by the later row, as a dictionary would.
    private mutating func insert(_ entry: Entry) {
        let row = entries.count
        entries.append(entry)
        let mask = slots.count - 1
        var slot = Int(entry.hash) & mask
        while slots[slot] != 0 {
            let other = Int(slots[slot]) - 1
            if entries[other].hash == entry.hash && samePath(other, entry.pathStart, Int(entry.pathCount)) {
                entries[other].shadowed = true
                slots[slot] = Int32(row + 1)
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(row + 1)
    }

    private func samePath(_ row: Int, _ start: Int, _ count: Int) -> Bool {
        let entry = entries[row]
        guard Int(entry.pathCount) == count else { return false }
        return paths.withUnsafeBufferPointer { buffer in
            count == 0 || memcmp(buffer.baseAddress! + entry.pathStart, buffer.baseAddress! + start, count) == 0
        }
    }

    /// The row indexed under `path`, if any.
    func row(for path: [UInt8]) -> Int? {
        path.withUnsafeBufferPointer { key -> Int? in
            let hash = Self.hash(key)
            let mask = slots.count - 1
            var slot = Int(hash) & mask
            return paths.withUnsafeBufferPointer { buffer -> Int? in
                while slots[slot] != 0 {
                    let row = Int(slots[slot]) - 1
                    let entry = entries[row]
                    if entry.hash == hash, Int(entry.pathCount) == key.count,
                       key.count == 0 || memcmp(buffer.baseAddress! + entry.pathStart, key.baseAddress!, key.count) == 0 {
                        return row
                    }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }

    /// The row indexed under `path`, trying the row `guess` first: a scan indexes a folder's files
    /// in the order the walk lists them, so the row after the last one found is most often the next.
    func row(for path: [UInt8], guess: Int) -> Int? {
        if guess >= 0, guess < entries.count, !entries[guess].shadowed, Int(entries[guess].pathCount) == path.count {
            let entry = entries[guess]
            let same = paths.withUnsafeBufferPointer { buffer in
                path.withUnsafeBufferPointer { key in
                    key.count == 0 || memcmp(buffer.baseAddress! + entry.pathStart, key.baseAddress!, key.count) == 0
                }
            }
            if same { return guess }
        }
        return row(for: path)
    }

    /// The row of a file the walk found where and as the index recorded it: at its indexed path,
    /// with the same device, inode, size, mtime and ctime and the same sidecars, and not due to be
    /// read again for its damage. Such a file is counted unchanged and never becomes a
    /// ``FoundFile``; for any other (nil) the scanner compares the file in full. `guess` is tried
    /// first (``row(for:guess:)``).
    func unchangedRow(_ path: [UInt8], _ identity: FileIdentity, sidecars: [SidecarFile], guess: Int = -1) -> Int? {
        guard let row = row(for: path, guess: guess) else { return nil }
        let entry = entries[row]
        guard identity.isUnchanged(since: entry.recorded), sidecars.isEmpty == entry.signatureIsEmpty else { return nil }
        if !sidecars.isEmpty, Companions.signature(sidecars) != signatures[Int(entry.signature)] { return nil }
        if entry.damaged, let damage = damages[row], damage.needsRecheck(recorded: entry.recorded, decodersChanged: decodersChanged) {
            return nil
        }
        return row
    }

    /// The library-relative path of a row.
    func path(_ row: Int) -> ArraySlice<UInt8> {
        let entry = entries[row]
        return paths[entry.pathStart ..< entry.pathStart + Int(entry.pathCount)]
    }

    /// The row's recorded `sidecar_signature` ("" without sidecars).
    func sidecarSignature(_ row: Int) -> String {
        let index = entries[row].signature
        return index < 0 ? "" : signatures[Int(index)]
    }

    /// Why the row's file was broken, unreadable or declined; nil when it was none of these.
    func damage(_ row: Int) -> Damage? {
        entries[row].damaged ? damages[row] : nil
    }

    /// XXH3 (libxxhash, as the content hashes) of the path bytes, folded to 32 bits.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let hash = XXH3_64bits(bytes.baseAddress, bytes.count)
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
