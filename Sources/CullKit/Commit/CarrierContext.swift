import Synchronization

/// What one commit holds open for all its carriers: the library root, each trash directory and the
/// quarantine folder, by descriptor, opened and verified once (``Mover`` builds it).
final class CarrierContext: Sendable {
    let library: DirectoryHandle
    let trashes: [PathKey: Result<HeldTrash, HeldTrash.Refusal>]
    let quarantine: (path: [UInt8], handle: DirectoryHandle?)?

    /// For a file of several names (hard links), the ctime it had right after this commit moved or
    /// deleted one of them: renaming or unlinking a name changes the inode's ctime, so another of
    /// its names staged in the same batch would otherwise look changed since staging.
    private let ownChanges = Mutex<[InodeKey: Int64]>([:])

    private struct InodeKey: Hashable {
        let device: Int64, inode: Int64
    }

    init(library: DirectoryHandle, trashes: [PathKey: Result<HeldTrash, HeldTrash.Refusal>],
         quarantine: (path: [UInt8], handle: DirectoryHandle?)?) {
        self.library = library
        self.trashes = trashes
        self.quarantine = quarantine
    }

    /// Records what this commit's own move or deletion of one name left the file as.
    func noteOwnChange(_ after: FileIdentity) {
        ownChanges.withLock { $0[InodeKey(device: after.device, inode: after.inode)] = after.ctimeNs }
    }

    /// The ctime this commit itself gave `file`, if it moved or deleted another of its names.
    func ownCtime(of file: FileIdentity) -> Int64? {
        ownChanges.withLock { $0[InodeKey(device: file.device, inode: file.inode)] }
    }
}
