/// Fields about relations and review state: pairs, groups, status, damage.
enum StateFields {
    static let all: [Field] = [
        Field("live", .boolean,
              column: "(a.live_id IS NOT NULL AND EXISTS (SELECT 1 FROM assets l WHERE l.live_id = a.live_id AND l.kind <> a.kind))",
              doc: "Half of a Live Photo pair (a photo and a video sharing a live id).",
              examples: ["live: true"]),
        Field("burst", .boolean, column: "(a.burst_id IS NOT NULL)",
              doc: "Member of a burst.",
              examples: ["burst: true"]),
        Field("raw", .boolean, column: "a.raw",
              doc: "A RAW file (or the RAW half of a RAW+JPEG pair).",
              examples: ["raw: true"]),
        Field("status", .enumeration(["new", "kept", "trashed"]), column: "COALESCE(r.status, 'new')",
              doc: "new (never reviewed), kept (cull keep), trashed (staged).",
              examples: ["status: new"]),
        Field("broken", .boolean, column: "a.broken",
              doc: "The file was read but is damaged: truncated or corrupt. Never true for an unreadable file.",
              examples: ["broken: true"]),
        Field("unreadable", .boolean, column: "(a.unreadable_reason IS NOT NULL)",
              doc: "The file could not be opened or read (permissions, I/O error, not a regular file); re-read on every scan.",
              examples: ["unreadable: true"]),
        Field("duplicate", .boolean, group: .exact,
              doc: "Member of an exact-duplicate group: byte-identical to another file (XXH3-128 of the content; "
                  + "hard links are one file, empty files never). As a group rule, keeps one member of each group "
                  + "(its keep: ranking) and stages the others.",
              examples: ["duplicate: true"]),
        Field("similar", .number(integer: true, range: 0 ... 32), operators: [.distance],
              doc: "Member of a group of similar photos: perceptual hashes (64-bit pHash of the small decode, orientation "
                  + "applied) at most `distance` bits apart, every member within that distance of every other (no chains). "
                  + "Measured on corpus photos: resized, recompressed, PNG and blurred copies 0–6 apart (brightened ones up to 8), "
                  + "different photos 14 and more; 6 is a conservative choice, 8 catches nearly every edited copy. "
                  + "Photos marked with `cull distinct` are never grouped. As a group rule, keeps one member of each group.",
              examples: ["similar: {distance: 6}"]) { _ in [] },
    ]
}
