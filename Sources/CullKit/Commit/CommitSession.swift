import Foundation

/// The confirm-and-commit session every front end runs (`cull commit`, `cull run --commit`, the
/// review page): load what is staged, show it with its fingerprint, count and bytes, ask, then
/// commit exactly that. Asking is the front end's; checking that the staged set is still the one
/// shown happens here, once, at ``commit(expectedFingerprint:destination:holding:progress:)``.
public struct CommitSession {
    public let library: Library
    public let db: Database
    /// With `--staged-before`: only what was staged at or before this time (epoch seconds) is
    /// taken; whatever was staged later stays staged.
    public let stagedBefore: Int64?
    /// What a commit would take, as loaded when the session opened: what the front end shows.
    public let listing: TrashListing
    let environment: [String: String]
    /// The index as the listing read it: unchanged at commit, the listing's staged set is still the index's.
    private let listed: Database.ChangeToken

    /// Loads the staged set (narrowed by `stagedBefore`). Reading needs no lock; committing does.
    public init(library: Library, db: Database, stagedBefore: Int64? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.library = library
        self.db = db
        self.stagedBefore = stagedBefore
        self.environment = environment
        let listed = try db.changeToken()
        listing = try TrashListing(db: db, stagedBefore: stagedBefore)
        self.listed = listed
    }

    /// The fingerprint of what the session shows: the one to pass back to ``commit(expectedFingerprint:destination:holding:progress:)``.
    public var fingerprint: String { listing.fingerprint }
    /// Files and bytes a commit would take.
    public var count: Int { listing.total.count }
    public var bytes: Int64 { listing.total.bytes }
    public var isEmpty: Bool { listing.staged.isEmpty }

    /// Throws ``CommitError/fingerprintMismatch(expected:actual:)`` unless `expected` (any case) is
    /// this session's fingerprint: a front end given a fingerprint checks it before asking.
    public func check(expectedFingerprint expected: String) throws(CommitError) {
        try Self.verify(expected: expected, actual: fingerprint)
    }

    /// ``commit(expectedFingerprint:destination:holding:progress:)`` drawing `bar` as it goes, and
    /// clearing it however the commit ends.
    public func commit(expectedFingerprint: String, destination: CommitDestination, holding lock: LibraryLock,
                       bar: ProgressBar) throws -> CommitReceipt {
        defer { bar.finish() }
        return try commit(expectedFingerprint: expectedFingerprint, destination: destination, holding: lock) { bar.update(done: $0, total: $1) }
    }

    /// Commits the staged set as the index holds it now, provided it still has `expectedFingerprint`
    /// (what the user was shown): it is taken from the index under `lock`, so a stage, keep or restore
    /// since the session opened (another process, another page) refuses the commit and nothing moves.
    /// It is read again unless the index is unchanged since the listing read it (``Database/ChangeToken``:
    /// nothing committed by another connection, no row written by this one, the catalogs' merge
    /// included), when a second read would return the listing's rows.
    /// Throws ``CommitError/nothingStaged`` when nothing is staged.
    ///
    /// The caller holds `lock` and has run ``CommitRecovery/recover(library:db:holding:)``. When
    /// ``Interruption/arm()`` is in force, Ctrl-C stops it between chunks (see ``CommitReceipt/cancelled``).
    public func commit(expectedFingerprint: String, destination: CommitDestination, holding lock: LibraryLock,
                       progress: ((Int, Int) -> Void)? = nil) throws -> CommitReceipt {
        // The catalogs are read again before anything moves: a decision made in a photo manager since
        // staging holds its file back (``Departure``), and a catalog that cannot be read stops the commit.
        try CatalogSync(db: db, root: library.root, environment: environment).require()
        let staged: [StagedAsset]
        let fingerprint: String
        if try db.changeToken() == listed {
            (staged, fingerprint) = (listing.staged, listing.fingerprint)
        } else {
            let all = try StagedSet.load(db)
            staged = stagedBefore.map { cutoff in all.filter { $0.stagedAt <= cutoff } } ?? all
            fingerprint = Fingerprint.of(staged)
        }
        guard !staged.isEmpty else { throw CommitError.nothingStaged }
        try Self.verify(expected: expectedFingerprint, actual: fingerprint)
        var receipt = try Committer(library: library, db: db, destination: destination, environment: environment)
            .commit(staged, fingerprint: fingerprint, progress: progress)
        receipt.stillListed = try CommitReceipt.stillListed(db, commit: receipt.commit)
        return receipt
    }

    /// The one comparison of fingerprints.
    static func verify(expected: String, actual: String) throws(CommitError) {
        if expected.lowercased() != actual { throw CommitError.fingerprintMismatch(expected: expected, actual: actual) }
    }
}
