extension Row {
    /// The identity recorded in columns `start` … `start + 4`: `device, inode, size, mtime_ns,
    /// ctime_ns`, in that order, as every table that records one names them.
    func recordedIdentity(at start: Int) -> IndexedIdentity {
        IndexedIdentity(device: int64(start), inode: int64(start + 1), size: int64(start + 2), mtimeNs: int64(start + 3),
                        ctimeNs: optionalInt64(start + 4))
    }
}
