import Foundation

/// `cull review --html DIR`: the same view as the live page, as files — `index.html` with every
/// tile as HTML (it shows them without JavaScript; the script adds filters and the large view)
/// and `thumbs/ID.jpg` (or `.svg` placeholders) beside it, for a cron mail or a CI artifact; with
/// `inline`, the thumbnails go into the page as `data:` URIs and the report is that one file. A
/// plan's report shows what is staged already too (a commit takes both). The plan's fingerprint
/// is in the page. The folder is written as ``ReportFolder`` says: never through a symlink, never
/// over anything but a previous report.
public enum StaticReport {
    /// Writes the report into `directory` (created if missing); returns the path of `index.html`.
    @discardableResult
    public static func write(_ scope: ReviewScope, library: Library, db: Database, to directory: String, inline: Bool = false) throws -> String {
        try checkOutsideLibrary(directory, library: library)
        var scope = scope
        try scope.refresh(db)
        try scope.showPairs(db)
        try scope.refresh(db)
        let folder = try ReportFolder.open(directory)
        let thumbnails = Thumbnails(library: library)
        let records = try scope.assetIDs.compactMap { try AssetFile.record(db, id: $0) }
        var sources: [Int64: String] = [:]
        var files: [(name: [UInt8], bytes: [UInt8])] = []
        for (record, image) in zip(records, thumbnails.images(records)) {
            if inline {
                sources[record.id] = "data:\(image.contentType);base64," + Data(image.bytes).base64EncodedString()
            } else {
                let name = "\(record.id)." + (image.contentType == "image/jpeg" ? "jpg" : "svg")
                files.append((Array(name.utf8), image.bytes))
                sources[record.id] = "thumbs/" + name
            }
        }
        let listing = try TrashListing(db: db, order: .path)
        var items: [Int64: ReviewModel.Item] = [:]
        try ReviewModel.forEachItem(scope, db: db, listing: listing) { items[$0.id] = $0 }
        let sections = ReportHTML.sections(scope, items: items) { sources[$0] ?? "" }
        let page = ReviewPage.html(token: "", report: .init(origin: scope.origin, summary: summary(scope, items: items, listing: listing),
                                                            sections: sections))
        try folder.write(page: Array(page.utf8), thumbnails: inline ? nil : files)
        return folder.path + "/index.html"
    }

    /// Thumbnails written inside the library would be scanned as photos next time.
    private static func checkOutsideLibrary(_ directory: String, library: Library) throws {
        let folder = URL(fileURLWithPath: directory).standardizedFileURL
        let root = URL(fileURLWithPath: library.root).standardizedFileURL.resolvingSymlinksInPath().path
        let target = folder.resolvingSymlinksInPath().path
        if target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            throw ReviewError.report(path: directory, reason: "it is inside the library; write the report elsewhere")
        }
    }

    /// The header line, as the live page's script writes it.
    static func summary(_ scope: ReviewScope, items: [Int64: ReviewModel.Item], listing: TrashListing) -> String {
        var parts = [scope.origin == .plan ? "plan of the rules" : "what is staged now"]
        if let plan = scope.plan { parts.append("plan fingerprint \(plan.fingerprint)") }
        parts.append("staged set fingerprint \(listing.fingerprint)")
        if scope.origin == .plan {
            let proposed = items.values.filter { $0.state == .proposed }
            parts.append("\(English.count(proposed.count, "file")) proposed (\(ReportHTML.bytes(proposed.reduce(0) { $0 + $1.size })))")
        }
        parts.append("staged: \(English.count(listing.staged.count, "file")) \u{b7} \(ReportHTML.bytes(listing.staged.reduce(0) { $0 + $1.size }))")
        return parts.joined(separator: " \u{b7} ")
    }
}
