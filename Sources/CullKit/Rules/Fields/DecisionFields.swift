/// Fields of the decisions people make, in photo managers and in the files: ratings, picks and
/// rejects, colour labels, tags and people, the photo manager's own trash. Each combines the file's
/// value (XMP in the file or a sidecar, IPTC) with what the catalogs in use say (``CatalogSync``
/// merges them into `a.catalog_*`), and where sources disagree the value that stages less wins:
/// the higher rating, picked or favorite if any says so, rejected only when none says favorite,
/// picked or rated, the union of labels, tags and people.
enum DecisionFields {
    /// The highest rating any source gives; NULL when none has one.
    static let rating = "COALESCE(MAX(a.rating, a.catalog_rating), a.rating, a.catalog_rating)"
    /// Picked (flagged, accepted) by any source; never NULL.
    static let picked = "(COALESCE(a.pick, 0) = 1 OR COALESCE(a.catalog_pick, 0) = 1)"

    static let all: [Field] = [
        Field("rating", .number(integer: true, range: -1...5), column: rating,
              doc: "Stars: -1 rejected, 0 unrated … 5; the highest of the file's XMP rating (embedded or in a sidecar) and the "
                  + "catalogs' (darktable, digiKam, Shotwell, Lightroom Classic); missing when no source has one.",
              examples: ["rating: {gte: 1}", "rating: -1"]),
        Field("favorite", .boolean,
              doc: "Flagged favorite (Takeout, Apple), picked, or rated at/above the library's favorite_threshold by any source; "
                  + "unrated counts as not favorite.",
              examples: ["favorite: true"]) { context in
            ["(COALESCE(a.favorite_flag, 0) = 1 OR COALESCE(\(sql: rating), -1) >= \(context.favoriteThreshold) OR \(sql: picked))"]
        },
        Field("picked", .boolean, column: picked,
              doc: "Picked in a photo manager (digiKam's accepted pick label, Lightroom's pick flag, Shotwell's flag) or in the file "
                  + "(xmpDM:pick, digiKam:PickLabel).",
              examples: ["picked: true"]),
        Field("rejected", .boolean, column: """
            (CASE WHEN \(picked) OR COALESCE(a.favorite_flag, 0) = 1 OR COALESCE(\(rating), 0) >= 1 THEN 0 \
            WHEN COALESCE(a.pick, 0) = -1 OR COALESCE(a.rating, 0) = -1 OR COALESCE(a.catalog_pick, 0) = -1 \
            OR COALESCE(a.catalog_rating, 0) = -1 THEN 1 ELSE 0 END)
            """,
              doc: "Rejected in a photo manager or in the file (xmp:Rating -1, a reject pick), and no source says favorite, picked or "
                  + "rated 1 or more.",
              examples: ["rejected: true"]),
        Field("label", .enumeration(ColorLabel.allCases.map(\.rawValue)),
              doc: "A colour label, from the file (xmp:Label, darktable's colorlabels) or a catalog; a photo may carry several.",
              examples: ["label: red", "label: {in: [red, purple]}"]) { _ in ["a.labels", "a.catalog_labels"] }
            .overLists(),
        Field("tags", .text(.labelList),
              doc: "Keywords (case-insensitive globs, each tag tested on its own): dc:subject, lr:hierarchicalSubject, digiKam:TagsList, "
                  + "IPTC Keywords and the catalogs' tags. A hierarchical tag (levels joined by a vertical bar, whatever the source "
                  + "wrote) matches as its whole path and as its leaf; missing when the photo has none.",
              examples: ["tags: Family", "tags: \"Places|France|*\"", "tags: {exists: true}"]) { _ in ["a.tags", "a.catalog_tags"] },
        Field("people", .text(.labelList),
              doc: "Named people: MWG and Microsoft face regions in the file, digiKam's People tags, Lightroom's person keywords, "
                  + "Shotwell's faces; globs as for tags.",
              examples: ["people: {exists: true}", "people: \"Alice*\""]) { _ in ["a.people", "a.catalog_people"] },
        Field("app_trash", .boolean, column: "COALESCE(a.app_trash, 0)",
              doc: "The photo manager has it in its own trash (Shotwell's trash; digiKam moves trashed files out of the album).",
              examples: ["app_trash: true"]),
        Field("hidden", .boolean, column: "COALESCE(a.hidden, 0)",
              doc: "Hidden in the photo manager (digiKam).",
              examples: ["hidden: false"]),
    ]
}
