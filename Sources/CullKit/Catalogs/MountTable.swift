/// Resolves digiKam's album roots on removable and other volumes (`volumeid:?uuid=…`) to where the
/// volume is mounted now, from the system's own tables: `/dev/disk/by-uuid/UUID` names the device,
/// `/proc/self/mountinfo` where it is mounted. Elsewhere (macOS) nothing resolves, and `--map` does it.
struct MountTable: Sendable {
    /// Folder of `UUID → device` links, and the mount table: the system's unless a test gives others.
    var byUUID = "/dev/disk/by-uuid"
    var mountInfo = "/proc/self/mountinfo"

    /// The mount point of the file system with `uuid`, or nil.
    func mountPoint(uuid: String) -> String? {
        guard !uuid.isEmpty, !uuid.contains("/"), uuid != ".", uuid != "..",
              let device = FileOps.realPath(Array((byUUID + "/" + uuid).utf8)).map({ String(decoding: $0, as: UTF8.self) }),
              let table = FileOps.read(Array(mountInfo.utf8), limit: 4 << 20, followingLinks: true)
        else { return nil }
        for line in String(decoding: table, as: UTF8.self).split(separator: "\n") {
            // id parent major:minor root mountpoint options… - fstype source superoptions
            let fields = line.split(separator: " ")
            guard let dash = fields.firstIndex(of: "-"), fields.count > dash + 2, fields.count > 4 else { continue }
            if String(fields[dash + 2]) == device { return Self.unescape(String(fields[4])) }
        }
        return nil
    }

    /// The mount table escapes spaces and the like as `\040`.
    private static func unescape(_ field: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(field.utf8)[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: "\\"), utf8.count >= 3, let value = UInt8(String(decoding: utf8.prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
