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
        SidecarRole(rawValue: TreeWalker.lowercaseExtension(name))
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

    /// The lowercase names a sidecar is filed under in a folder's listing: its own, and for darktable's
    /// sidecar of a duplicate (`img_0001_01.cr2.xmp`, duplicate 1 of `IMG_0001.CR2`) its original's
    /// `NAME.xmp`, so the duplicate's decisions are read, and it travels, with the one file it describes.
    static func filingNames(ofSidecar folded: String) -> [String] {
        guard folded.hasSuffix(".xmp") else { return [folded] }
        let base = folded.dropLast(4)
        guard let dot = base.lastIndex(of: "."), let underscore = base[..<dot].lastIndex(of: "_") else { return [folded] }
        let number = base[base.index(after: underscore)..<dot]
        guard number.count >= 2, number.count <= 4, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber) else { return [folded] }
        return [folded, String(base[..<underscore]) + String(base[dot...]) + ".xmp"]
    }

    /// The lowercase form names are compared in.
    static func folded(_ name: some Collection<UInt8>) -> String {
        String(decoding: name, as: UTF8.self).lowercased()
    }

    /// For the scanner: the sidecars of media file `name` among one folder's sidecar files
    /// (by lowercase name; names differing only in case are all kept), with `prefix` (the folder
    /// and a slash) prepended to their paths.
    static func sidecars(ofMedia name: [UInt8], prefix: [UInt8],
                         in folder: [String: [(name: [UInt8], stamp: FileStamp)]]) -> [SidecarFile] {
        guard !folder.isEmpty else { return [] }
        var attached: [SidecarFile] = []
        for (candidate, role) in candidates(folded(name)) {
            for sidecar in (folder[candidate] ?? []).sorted(by: { PathBytes.precedes($0.name, $1.name) }) {
                attached.append(SidecarFile(relativePath: prefix + sidecar.name, role: role, stamp: sidecar.stamp))
            }
        }
        return attached
    }

    /// The change key of a file's sidecars (`assets.sidecar_signature`): a sidecar that appears,
    /// disappears or changes changes it, so the scanner re-reads the file and a commit refuses it.
    /// The ctime is part of it: an edit whose size and mtime are put back (`touch -r`) changes only that.
    static func signature(_ sidecars: [SidecarFile]) -> String {
        sidecars.map { "\($0.role.rawValue):\($0.stamp.size):\($0.stamp.mtimeNanoseconds):\($0.stamp.inode):\($0.stamp.ctimeNanoseconds ?? 0)" }
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
