/// Fields of files that came back after a commit took them (``ReturnedFiles``): a run whose rules
/// read them works out which files they are first.
enum ReturnedFields {
    /// The path of the taken file asset `a` came back as (its `returns` row joined to the journal item), or NULL.
    static let fromPath = """
        (SELECT CAST(ti.path AS TEXT) FROM returns rt JOIN commit_items ti ON ti.commit_id = rt.commit_id AND ti.seq = rt.seq \
        WHERE rt.asset_id = a.id)
        """

    static let all: [Field] = [
        Field("returned", .boolean,
              doc: "The file came back: it was first indexed after a commit took a file with the same bytes, or the same picture "
                  + "(a photo whose perceptual hash is at most \(ReturnedFiles.pictureDistance) bits from a taken photo's, of the same shape, "
                  + "and no nearer to a photo the library already had). A phone or a cloud client syncing a deleted photo back, "
                  + "a chat app saving the same meme again. Never a file the library had when that commit ran; `cull undo` of "
                  + "the commit forgets what it took. `--explain` says which commit, from where and how.",
              examples: ["returned: true"]) { _ in
            ["EXISTS (SELECT 1 FROM returns rt WHERE rt.asset_id = a.id)"]
        },
        Field("returned_from", .text(.path), column: fromPath,
              doc: "For a file that came back, the path (relative to the library root) of the file a commit took that it is; "
                  + "missing for any other file.",
              examples: ["returned_from: \"DCIM/**\""]),
    ]

    static let names: Set<String> = Set(all.map(\.name))
}

extension Predicate {
    /// True when the predicate reads `returned` or `returned_from`: the run works out the returned files first.
    public var readsReturns: Bool { conditions.contains { ReturnedFields.names.contains($0.field.name) } }
}
