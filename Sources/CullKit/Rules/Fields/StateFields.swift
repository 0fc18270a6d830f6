/// Fields about relations and review state: pairs, groups, status, damage.
enum StateFields {
    static let all: [Field] = [
        Field("live", .boolean,
              column: "(a.live_id IS NOT NULL AND EXISTS (SELECT 1 FROM assets l WHERE l.live_id = a.live_id AND l.kind <> a.kind))",
              doc: "Half of a Live Photo pair (a photo and a video sharing a live id).",
              examples: ["live: true"]),
        Field("burst", group: .burst,
              doc: "A frame of a burst: photos sharing Apple's burst UUID or Google's XMP BurstID, else the same camera "
                  + "(make and model) in the same capture second, told apart by SubSecTimeOriginal. As a group rule, "
                  + "keeps one frame of each burst (its keep: ranking; first/last are burst order) and stages the others.",
              examples: ["burst: true"]),
        Field("bracket", group: .bracket,
              doc: "A frame of a bracket set, one intention of the photographer: an HDR set (frames a camera or phone kept "
                  + "for an HDR merge, with the merge: EXIF CustomRendered, Apple's HDRImageType), an exposure bracket "
                  + "(ExposureMode auto bracket, or three or more frames whose exposure compensation differs frame to frame), "
                  + "a focus stack (three or more frames at one exposure whose SubjectDistance steps one way); one camera, "
                  + "frames at most \(BracketGroups.window) s apart; or a panorama (a burst's frames panned across a scene, each "
                  + "the one before shifted by a fifth of a frame or more, seen in their pixels). Never a group rule: bursts and similar groups never hold "
                  + "two frames of one set, so no rule stages one as redundant with another; a plain rule still decides each "
                  + "file it matches (`protect: [{bracket: true}]` keeps them all).",
              examples: ["bracket: true", "bracket: false"]),
        Field("raw_pair", .enumeration(["jpeg", "raw"]),
              doc: "A half of a RAW+JPEG (or RAW+HEIC) pair: the same folder, the same stem (any case) and the same capture "
                  + "time when both have one. jpeg is the JPEG/HEIC half, raw the RAW half; a run never stages both halves.",
              examples: ["raw_pair: jpeg", "raw_pair: raw"]) { _ in [RawPairs.halfSQL] }
            .about(.rawPair),
        Field("raw", .boolean, column: "a.raw",
              doc: "A RAW file (or the RAW half of a RAW+JPEG pair).",
              examples: ["raw: true"]),
        // The words are StagingStatus's own; `new`, never stored, is what no reviews row reads as.
        Field("status", .enumeration(StagingStatus.allCases.map(\.rawValue)), column: "COALESCE(r.status, '\(StagingStatus.new.rawValue)')",
              doc: "new (never reviewed), kept (cull keep), trashed (staged).",
              examples: ["status: new"]),
        Field("broken", .boolean, column: "a.broken",
              doc: "The file is damaged, as Cull's own readers found it: cut short (a box, strip or chunk past the end "
                  + "of the file) or a structure that contradicts itself; what was read before the damage (date, camera) "
                  + "is kept. Never true for an unreadable file, nor for one a decoder declines (`declined`).",
              examples: ["broken: true"]),
        Field("unreadable", .boolean, column: "(a.unreadable_reason IS NOT NULL)",
              doc: "The file could not be opened or read (permissions, I/O error, not a regular file); re-read on every scan.",
              examples: ["unreadable: true"]),
        Field("declined", .boolean, column: "(a.declined_reason IS NOT NULL)",
              doc: "A decoder Cull relies on (LibRaw, for RAW previews) declined a file Cull's own readers found no damage "
                  + "in: a layout or compression newer than the installed decoder, or one it never read. Its metadata is "
                  + "what Cull's readers read; it is never `broken`, and is read again when the decoder changes.",
              examples: ["declined: true"]),
        Field("duplicate", group: .exact, variants: [("image", .image)],
              doc: "Member of an exact-duplicate group: byte-identical to another file (XXH3-128 of the content; "
                  + "hard links are one file, empty files never). duplicate: image is the same picture with other "
                  + "metadata: the image data alone hashes the same (JPEG without APPn/COM segments, PNG IHDR+PLTE+IDAT, "
                  + "HEIF's primary item, a movie's mdat), or the pixels are another photo's turned by 90°, 180° or 270° "
                  + "or mirrored (a lossless turn such as jpegtran -perfect, a PNG of a turned photo, an orientation "
                  + "baked into the pixels): found by the turn prints, proven on both whole decodes, the later file the "
                  + "turned copy; a copy turned and re-encoded is not the same pixels (similar finds it). "
                  + "As a group rule, keeps one member of each group "
                  + "(its keep: ranking; without one the camera original, and for duplicate: image then the most metadata) and stages the others.",
              examples: ["duplicate: true", "duplicate: image"]),
        Field("similar", .number(integer: true, range: 0 ... Double(SimilarGroups.maxDistance)), operators: [.distance],
              trueMeans: .number(Double(SimilarGroups.defaultDistance)),
              doc: "Member of a group of similar photos: perceptual hashes (64-bit pHash of the small decode, orientation "
                  + "applied) at most `distance` bits apart, every member within that distance of every other (no chains). "
                  + "Measured on corpus photos: resized, recompressed, PNG and blurred copies 0–6 apart (brightened ones up to 8), "
                  + "one scene shot twice (HDR on and off) 4 and 14, unrelated photos from 16 (1 pair in 2,848; 1 in 26 by 24, "
                  + "most by 32), so distances stop at \(SimilarGroups.maxDistance), below the first unrelated pair; "
                  + "6 is a conservative choice, 8 catches nearly every edited copy, and `similar: true` means 6. "
                  + "A copy turned by 90°, 180° or 270° in its pixels, or mirrored, is compared turned back (the signs of "
                  + "the 64 lowest frequencies of its 16 × 16 layout, which turning only moves and negates): corpus photos "
                  + "turned and re-encoded at half size measured 0–6 apart for 92% of copies, unrelated photos 15 and more "
                  + "whichever way turned. "
                  + "Screenshots are never similar: screens of one app whose text differs measured 0–8 apart, as close as copies "
                  + "of one screenshot (0–2), so only their exact and same-picture copies group (`duplicate`). "
                  + "Photos marked with `cull distinct` are never grouped. As a group rule, keeps one member of each group.",
              examples: ["similar: {distance: 6}", "similar: true"]) { _ in [] },
    ]
}
