/// The columns of `assets`, declared once, with what a scan writes into each.
///
/// The scanner's upsert (``IndexWriter``), `cull find`'s JSON (``AssetJSON``) and the staged set
/// (``StagedSet``) take their column lists and placeholders from here, so a new column is one case
/// and one line of ``value(of:now:)``; `AssetColumnTests` holds this list equal to the schema's.
/// The schema itself lives in the migrations, which are never edited once shipped.
enum AssetColumn: String, CaseIterable, Sendable {
    case id, path, folder, name
    case fileExtension = "extension"
    case device, inode, size
    case mtimeNs = "mtime_ns"
    case sidecarSignature = "sidecar_signature"
    case added, modified, kind, format, width, height, orientation, duration, taken
    case takenUTC = "taken_utc"
    case takenOffset = "taken_offset"
    case takenSource = "taken_source"
    case cameraMake = "camera_make"
    case cameraModel = "camera_model"
    case lens, software, latitude, longitude, rating
    case favoriteFlag = "favorite_flag"
    case screenshot
    case screenshotEvidence = "screenshot_evidence"
    case liveID = "live_id"
    case burstID = "burst_id"
    case raw, broken
    case brokenReason = "broken_reason"
    case ctimeNs = "ctime_ns"
    case unreadableReason = "unreadable_reason"
    case takenSubsecUs = "taken_subsec_us"
    case pick, labels, tags, people
    case catalogRating = "catalog_rating"
    case catalogPick = "catalog_pick"
    case catalogLabels = "catalog_labels"
    case catalogTags = "catalog_tags"
    case catalogPeople = "catalog_people"
    case appTrash = "app_trash"
    case hidden
    case sourcesDisagree = "sources_disagree"
    case exposureBias = "exposure_bias"
    case exposureMode = "exposure_mode"
    case rendering
    case focusDistance = "focus_distance"
    case declinedReason = "declined_reason"
    case catalogCut = "catalog_cut"

    /// The column of asset alias `a` (`a.size`), for queries over `assets a`.
    var selected: SQLFragment { SQLFragment(sql: "a." + rawValue) }

    /// Every column a scan writes, in the upsert's order: all but `id`, which SQLite assigns, and the
    /// catalogs' columns, which ``CatalogSync`` writes.
    static let scanned = allCases.filter { $0 != .id && !$0.fromCatalogs }

    /// Written from the catalogs in use, not from the file.
    var fromCatalogs: Bool {
        switch self {
        case .catalogRating, .catalogPick, .catalogLabels, .catalogTags, .catalogPeople, .catalogCut, .appTrash, .hidden, .sourcesDisagree: true
        default: false
        }
    }

    /// What a scan of `record` at `now` writes into the column; nil for `id`.
    func value(of record: AssetRecord, now: Int64) -> SQLValue? {
        let file = record.file
        let m = record.metadata
        switch self {
        case .id: return nil
        case .path: return PathBytes.sqlValue(file.relativePath)
        case .folder: return .text(String(decoding: file.folder, as: UTF8.self))
        case .name: return .text(String(decoding: file.name, as: UTF8.self))
        case .fileExtension: return .text(PathBytes.lowercaseExtension(file.name))
        case .device: return .integer(file.identity.device)
        case .inode: return .integer(file.identity.inode)
        case .size: return .integer(file.identity.size)
        case .mtimeNs: return .integer(file.identity.mtimeNs)
        case .sidecarSignature: return .text(file.sidecarSignature)
        case .added: return .integer(now)
        case .modified: return .integer(file.identity.mtimeSeconds)
        case .kind: return .text(record.kind.rawValue)
        case .format: return m.format.map(\.rawValue).sqlValue
        case .width: return m.displayWidth.sqlValue
        case .height: return m.displayHeight.sqlValue
        case .orientation: return m.orientation.sqlValue
        case .duration: return m.duration.sqlValue
        case .taken: return record.taken.map(\.local).sqlValue
        case .takenUTC: return record.taken?.utc.sqlValue ?? .null
        case .takenOffset: return record.taken?.offsetMinutes.sqlValue ?? .null
        case .takenSource: return record.takenSource.map(\.rawValue).sqlValue
        case .cameraMake: return m.make.sqlValue
        case .cameraModel: return m.model.sqlValue
        case .lens: return m.lens.sqlValue
        case .software: return m.software.sqlValue
        case .latitude: return m.latitude.sqlValue
        case .longitude: return m.longitude.sqlValue
        case .rating: return m.rating.sqlValue
        case .favoriteFlag: return m.favorite.sqlValue
        case .screenshot: return (record.screenshotEvidence != nil).sqlValue
        case .screenshotEvidence: return record.screenshotEvidence.sqlValue
        case .liveID: return m.liveID.sqlValue
        case .burstID: return m.burstID.sqlValue
        case .raw: return record.isRaw.sqlValue
        case .broken: return (record.brokenReason != nil).sqlValue
        case .brokenReason: return record.brokenReason.sqlValue
        case .ctimeNs: return .integer(file.identity.ctimeNs)
        case .unreadableReason: return record.unreadableReason.sqlValue
        case .takenSubsecUs: return m.subsecondMicros.sqlValue
        case .pick: return m.pick.sqlValue
        case .labels: return ValueList.encode(m.labels)
        case .tags: return ValueList.encode(m.tags)
        case .people: return ValueList.encode(m.people)
        case .exposureBias: return m.exposureBias.sqlValue
        case .exposureMode: return m.exposureMode.sqlValue
        case .rendering: return m.rendering?.rawValue.sqlValue ?? .null
        case .focusDistance: return m.focusDistance.sqlValue
        case .declinedReason: return record.declinedReason.sqlValue
        case .catalogRating, .catalogPick, .catalogLabels, .catalogTags, .catalogPeople, .catalogCut, .appTrash, .hidden, .sourcesDisagree: return nil
        }
    }

    /// Whether a rescan overwrites the column: not the conflict key `path`, not `added` (when the
    /// file was first seen), not `id`.
    var rescanned: Bool {
        switch self {
        case .id, .path, .added: false
        default: true
        }
    }

    /// The scanner's insert of a new path: one `?` per scanned column, nothing on a known path
    /// (then the upsert below writes it). `OR FAIL` and no `DO UPDATE`: with the triggers that count
    /// changes (migration `0018-change-counts`), an upsert's `DO UPDATE` (which SQLite runs under
    /// `ABORT`) gives every statement a statement journal, a fifth of a cold scan's instructions;
    /// under `FAIL` it needs none (a failing insert fails the scan's whole transaction anyway).
    static let insertSQL: String = {
        let names = scanned.map(\.rawValue)
        return "INSERT OR FAIL INTO assets (" + names.joined(separator: ", ") + ") VALUES ("
            + Array(repeating: "?", count: names.count).joined(separator: ", ") + ") ON CONFLICT(path) DO NOTHING"
    }()

    /// The scanner's upsert: one `?` per scanned column, every rescanned one updated on a known path.
    static let upsertSQL: String = {
        let names = scanned.map(\.rawValue)
        let updates = scanned.filter(\.rescanned).map { "\($0.rawValue) = excluded.\($0.rawValue)" }
        return "INSERT INTO assets (" + names.joined(separator: ", ") + ") VALUES ("
            + Array(repeating: "?", count: names.count).joined(separator: ", ") + ") ON CONFLICT(path) DO UPDATE SET "
            + updates.joined(separator: ", ")
    }()
}
