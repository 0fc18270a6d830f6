/// One member of a group, with what the keeper rankings read.
public struct GroupMember: Sendable, Equatable {
    public let id: Int64
    /// Library-relative path bytes.
    public let path: [UInt8]
    public let size: Int64
    public let pixels: Int64?
    /// Capture time (UTC when known, else the local wall clock), epoch seconds.
    public let taken: Int64?
    public let favorite: Bool
    public let rating: Int64?
    /// How many metadata fields are present.
    public let metadataCount: Int
    /// The frame's position in its burst, from 0 (bursts only; the `first`/`last` rankings).
    public var burstIndex: Int? = nil
    /// The photo's sharpness (``ImageFeatures``), when it was analysed.
    public var sharpness: Double? = nil
    /// A camera RAW: the half of a RAW+JPEG pair that stays when a plain rule matches both.
    public var raw: Bool = false
    /// The file's format, as sniffed.
    public var format: MediaFormat? = nil
    /// A camera original, not a copy derived from one (``CameraOriginal``).
    public var cameraOriginal = false
    /// In a group holding a camera original, a file in a format cameras do not write: a re-encode
    /// (what `largest` must not prefer for its size).
    public var reencoded = false
    /// In a similar group, a copy turned or mirrored from a member written before it: not the
    /// upright original, whatever its metadata says (`original` ranks it after).
    public var turnedCopy = false
    /// The file as the index recorded it when the group was read: what it must still be on disk
    /// to count as a copy (``MemberPresence``). Nil for a member not read from the index.
    public var indexed: IndexedIdentity? = nil
}

/// Files that belong together under one ``GroupSpec``: one member per inode, two or more, in
/// path byte order.
public struct MediaGroup: Sendable, Equatable {
    public let spec: GroupSpec
    /// What the members share, stable across runs (a content hash in hex, a burst id, …).
    public let key: String
    public let members: [GroupMember]

    /// The key as plans print it: a content hash shortened to 12 hex digits, any other key whole
    /// (a burst's camera and second, a pair's folder and stem).
    public var displayKey: String {
        key.count == 32 && key.allSatisfy(\.isHexDigit) ? String(key.prefix(12)) : key
    }
}

/// A group's members as a kind's loader finds them, before the engine reads the members.
public struct GroupCandidate: Sendable, Equatable {
    /// See ``MediaGroup/key``.
    public let key: String
    public let ids: [Int64]
    /// In a similar group, each member near others only turned or mirrored → those others: the
    /// member written later of such a pair is the turned copy (``GroupMember/turnedCopy``).
    public var turnedFrom: [Int64: [Int64]] = [:]

    public init(key: String, ids: [Int64]) {
        self.key = key
        self.ids = ids
    }
}

/// The groups of every spec a run reads. A file may be in several groups at once (an exact
/// group and a similar group).
public struct GroupSet: Sendable {
    public let groups: [MediaGroup]
    /// Member id → indexes in `groups`.
    public let groupsOf: [Int64: [Int]]

    public init(groups: [MediaGroup]) {
        self.groups = groups
        var groupsOf: [Int64: [Int]] = [:]
        for (index, group) in groups.enumerated() {
            for member in group.members { groupsOf[member.id, default: []].append(index) }
        }
        self.groupsOf = groupsOf
    }

    /// The groups of `spec`, in order.
    public func groups(of spec: GroupSpec) -> [MediaGroup] { groups.filter { $0.spec == spec } }
}
