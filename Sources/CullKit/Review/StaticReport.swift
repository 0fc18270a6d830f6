import Foundation

/// `cull review --html DIR`: the same view as the live page, as files — `index.html` with the
/// document inline (no server, no actions) and `thumbs/ID.jpg` (or `.svg` placeholders) beside
/// it, for a cron mail or a CI artifact. The plan's fingerprint is in the page.
public enum StaticReport {
    /// Writes the report into `directory` (created if missing); returns the path of `index.html`.
    @discardableResult
    public static func write(_ scope: ReviewScope, library: Library, db: Database, to directory: String) throws -> String {
        let folder = URL(fileURLWithPath: directory).standardizedFileURL
        let root = URL(fileURLWithPath: library.root).standardizedFileURL.resolvingSymlinksInPath().path
        let target = folder.resolvingSymlinksInPath().path
        // Thumbnails written inside the library would be scanned as photos next time.
        if target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            throw ReviewError.report(path: directory, reason: "it is inside the library; write the report elsewhere")
        }
        let thumbs = folder.appendingPathComponent("thumbs")
        do {
            try FileManager.default.createDirectory(at: thumbs, withIntermediateDirectories: true)
        } catch {
            throw ReviewError.report(path: directory, reason: "cannot create the folder")
        }
        let thumbnails = Thumbnails(library: library)
        var names: [Int64: String] = [:]
        let records = try scope.assetIDs.compactMap { try AssetFile.record(db, id: $0) }
        for (record, image) in zip(records, thumbnails.images(records)) {
            let id = record.id
            let name = "\(id)." + (image.contentType == "image/jpeg" ? "jpg" : "svg")
            do {
                try Data(image.bytes).write(to: thumbs.appendingPathComponent(name), options: .atomic)
            } catch {
                throw ReviewError.report(path: thumbs.appendingPathComponent(name).path, reason: "cannot write the thumbnail")
            }
            names[id] = name
        }
        let document = try ReviewModel.document(scope, db: db, interactive: false) { "thumbs/" + (names[$0] ?? "\($0).svg") }
        let page = folder.appendingPathComponent("index.html")
        do {
            try Data(ReviewPage.html(token: "", data: document).utf8).write(to: page, options: .atomic)
        } catch {
            throw ReviewError.report(path: page.path, reason: "cannot write the page")
        }
        return page.path
    }
}
