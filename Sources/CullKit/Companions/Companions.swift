/// What a sidecar is to its media file.
public enum SidecarRole: String, Sendable {
    case xmp, aae, json
}

/// The one set of rules for which files travel with a media file: sidecars by name (this file),
/// their owners on disk at commit (``CompanionResolver``) and Live Photo pairs (``LivePairs``).
///
/// A sidecar belongs to every file whose name rules select it, case-insensitively: `IMG_1.xmp` is
/// the `STEM.xmp` of `IMG_1.JPG` and of `IMG_1.DNG` alike. It leaves only with the last of them.
public enum Companions {
    /// The role of a file by its extension in any case (`IMG_1.XMP`, `a.jpg.json`); nil for any
    /// other file. A file with a sidecar extension is never a primary.
    static func sidecarRole(_ name: some BidirectionalCollection<UInt8>) -> SidecarRole? {
        SidecarRole(rawValue: PathBytes.lowercaseExtension(name))
    }

    /// ``sidecarRole(_:)`` without building a string: the commit asks it of every name in a folder.
    static func sidecarRole(bytes name: [UInt8]) -> SidecarRole? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return nil }
        let length = name.count - dot - 1
        guard length == 3 || length == 4 else { return nil }
        func lower(_ offset: Int) -> UInt8 {
            let byte = name[dot + 1 + offset]
            return byte >= 65 && byte <= 90 ? byte + 32 : byte
        }
        let start = (lower(0), lower(1), lower(2))
        if length == 4 { return start == (0x6A, 0x73, 0x6F) && lower(3) == 0x6E ? .json : nil }  // "json"
        if start == (0x78, 0x6D, 0x70) { return .xmp }                                            // "xmp"
        return start == (0x61, 0x61, 0x65) ? .aae : nil                                           // "aae"
    }

    /// The lowercase names of the sidecars a file named `lowerName` owns, in the order the scanner
    /// records them (the order of its `sidecar_signature`): `NAME.xmp`, `STEM.xmp`, `STEM.aae`,
    /// Takeout's `NAME.json`, `NAME.supplemental-metadata.json`, `STEM.json`, then `NAME.aae`.
    static func candidates(_ lowerName: String) -> [(name: String, role: SidecarRole)] {
        let stem = lowerName.lastIndex(of: ".").map { String(lowerName[..<$0]) } ?? lowerName
        var result: [(name: String, role: SidecarRole)] = []
        for (name, role) in [
            (lowerName + ".xmp", SidecarRole.xmp), (stem + ".xmp", .xmp), (stem + ".aae", .aae),
            (lowerName + ".json", .json), (lowerName + ".supplemental-metadata.json", .json), (stem + ".json", .json),
            (lowerName + ".aae", .aae),
        ] where !result.contains(where: { $0.name == name }) {
            result.append((name, role))
        }
        return result
    }

    /// The lowercase names a sidecar is filed under for ``candidates(_:)`` to find: its own, and
    /// for darktable's sidecar of a duplicate (`img_0001_01.cr3.xmp`, version 1 of `IMG_0001.CR3`:
    /// `STEM_NN.EXT.xmp`, two or three digits, not all zeros) also its file's `NAME.xmp`, so it
    /// belongs to the one file both versions are made from (and to an `IMG_0001_01.CR3`, if there is one).
    static func filingNames(_ lowerName: String) -> [String] {
        guard let version = duplicateVersion(lowerName) else { return [lowerName] }
        return [lowerName, version.original + ".xmp"]
    }

    /// `(original, version)` of a darktable duplicate's sidecar name (`img_0001_01.cr3.xmp` →
    /// `img_0001.cr3`, 1), nil for any other name.
    static func duplicateVersion(_ lowerName: String) -> (original: String, version: Int)? {
        guard lowerName.hasSuffix(".xmp") else { return nil }
        let name = lowerName.dropLast(4)
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return nil }
        let stem = name[..<dot], ext = name[name.index(after: dot)...]
        guard !ext.isEmpty, let underscore = stem.lastIndex(of: "_"), underscore > stem.startIndex else { return nil }
        let digits = stem[stem.index(after: underscore)...]
        guard (2 ... 3).contains(digits.count), digits.allSatisfy(\.isASCII), let version = Int(digits), version > 0,
              digits.allSatisfy(\.isNumber) else { return nil }
        return (String(stem[..<underscore]) + "." + ext, version)
    }

    /// Whether the sidecar `sidecarName` is a darktable duplicate's of the file `mediaName`: it
    /// travels with the file, but describes another version of it, so its values are not the file's.
    static func isDuplicateSidecar(_ sidecarName: some Collection<UInt8>, of mediaName: some Collection<UInt8>) -> Bool {
        duplicateVersion(folded(sidecarName))?.original == folded(mediaName)
    }

    /// The lowercase form names are compared in.
    static func folded(_ name: some Collection<UInt8>) -> String {
        String(decoding: name, as: UTF8.self).lowercased()
    }

    /// For the scanner: the sidecars of media file `name` among one folder's sidecar files
    /// (by lowercase name; names differing only in case are all kept), with `prefix` (the folder
    /// and a slash) prepended to their paths.
    static func sidecars(ofMedia name: [UInt8], prefix: [UInt8],
                         in folder: [String: [(name: [UInt8], identity: FileIdentity)]]) -> [SidecarFile] {
        guard !folder.isEmpty else { return [] }
        var attached: [SidecarFile] = []
        for (candidate, role) in candidates(folded(name)) {
            for sidecar in (folder[candidate] ?? []).sorted(by: { PathBytes.precedes($0.name, $1.name) }) {
                attached.append(SidecarFile(relativePath: prefix + sidecar.name, role: role, identity: sidecar.identity))
            }
        }
        return attached
    }

    /// The change key of a file's sidecars (`assets.sidecar_signature`): a sidecar that appears,
    /// disappears or changes changes it, so the scanner re-reads the file and a commit refuses it.
    /// The ctime is part of it: an edit whose size and mtime are put back (`touch -r`) changes only that.
    static func signature(_ sidecars: [SidecarFile]) -> String {
        sidecars.map { "\($0.role.rawValue):\($0.identity.size):\($0.identity.mtimeNs):\(UInt64(bitPattern: $0.identity.inode)):\($0.identity.ctimeNs)" }
            .joined(separator: ";")
    }

    /// True when `sidecars` (as found now) are still the ones `recorded` names. A signature an older
    /// Cull wrote has no ctime field; it is compared without one, so upgrading holds nothing back.
    static func unchanged(_ sidecars: [SidecarFile], since recorded: String) -> Bool {
        let now = signature(sidecars)
        if now == recorded { return true }
        let entries = recorded.split(separator: ";", omittingEmptySubsequences: false)
        guard !recorded.isEmpty, entries.allSatisfy({ $0.split(separator: ":").count == 4 }) else { return false }
        return withoutCtime(now) == recorded
    }

    /// True when `sidecars` are the files `recorded` names (role, size, mtime, inode), whatever
    /// their ctimes: what a rename away and back (a commit and its undo) leaves.
    static func sameFiles(_ sidecars: [SidecarFile], as recorded: String) -> Bool {
        withoutCtime(signature(sidecars)) == withoutCtime(recorded)
    }

    private static func withoutCtime(_ signature: String) -> String {
        signature.split(separator: ";", omittingEmptySubsequences: false)
            .map { $0.split(separator: ":").prefix(4).joined(separator: ":") }.joined(separator: ";")
    }
}
