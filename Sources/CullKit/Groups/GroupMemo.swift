/// Groups as a memo keeps them (``IndexMemo``, ``ChangeWatch``): each group's key, its members, and
/// the members each one is near only turned or mirrored.
extension GroupCandidate {
    static func write(_ groups: [GroupCandidate], to writer: inout MemoWriter) {
        writer.append(Int64(groups.count))
        for group in groups {
            writer.append(bytes: Array(group.key.utf8))
            writer.append(list: group.ids)
            let turned = group.turnedFrom.keys.sorted()
            writer.append(Int64(turned.count))
            for id in turned {
                writer.append(id)
                writer.append(list: group.turnedFrom[id] ?? [])
            }
        }
    }

    /// The groups ``write(_:to:)`` wrote; nil for anything else.
    static func read(from reader: inout MemoReader) -> [GroupCandidate]? {
        guard let count = reader.next(), count >= 0 else { return nil }
        var groups: [GroupCandidate] = []
        for _ in 0 ..< count {
            guard let name = reader.bytesList(), let ids = reader.list(), let turned = reader.next(), turned >= 0 else { return nil }
            var group = GroupCandidate(key: String(decoding: name, as: UTF8.self), ids: ids)
            for _ in 0 ..< turned {
                guard let id = reader.next(), let from = reader.list() else { return nil }
                group.turnedFrom[id] = from
            }
            groups.append(group)
        }
        return groups
    }

    /// The groups `compute` finds over the whole index, remembered under `name` with `key`.
    static func remembered(_ db: Database, name: String, key: [UInt8] = [], _ compute: () throws -> [GroupCandidate]) throws -> [GroupCandidate] {
        try IndexMemo.value(db, name: name, version: GroupMemo.version, key: key, write: write, read: read, compute: compute)
    }
}

extension BracketGroups.BracketSet {
    static func write(_ sets: [Self], to writer: inout MemoWriter) {
        writer.append(Int64(sets.count))
        for set in sets {
            writer.append(bytes: Array(set.kind.rawValue.utf8))
            writer.append(bytes: Array(set.key.utf8))
            writer.append(Int64(set.pictures.count))
            for picture in set.pictures { writer.append(list: picture) }
        }
    }

    static func read(from reader: inout MemoReader) -> [Self]? {
        guard let count = reader.next(), count >= 0 else { return nil }
        var sets: [Self] = []
        for _ in 0 ..< count {
            guard let kind = reader.bytesList().flatMap({ BracketGroups.Kind(rawValue: String(decoding: $0, as: UTF8.self)) }),
                  let key = reader.bytesList(), let pictures = reader.next(), pictures >= 0 else { return nil }
            var frames: [[Int64]] = []
            for _ in 0 ..< pictures {
                guard let frame = reader.list() else { return nil }
                frames.append(frame)
            }
            sets.append(Self(kind: kind, key: String(decoding: key, as: UTF8.self), pictures: frames))
        }
        return sets
    }
}

/// The version of every group memo: raise it when how any kind's groups are found, or their bytes, change.
enum GroupMemo {
    static let version = 2 // 2: same-picture groups join copies turned in their pixels

    /// The library root a kind's groups were found under (its content hashes read there), as a key.
    static func key(root: String?) -> [UInt8] {
        root.map { [1] + Array($0.utf8) } ?? [0]
    }
}
