/// Why a catalog in use could not be read. Plan, stage, run and commit refuse while one is
/// unreadable (fail closed: a decision Cull cannot see is a decision it might undo), with this reason
/// and the two ways on: fix it, or stop using it.
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The catalog file is gone.
    case missing(path: String, kind: CatalogKind)
    /// It cannot be opened (permission denied, not a regular file, …).
    case cannotOpen(path: String, kind: CatalogKind, reason: String)
    /// Not a database of this kind, or damaged.
    case damaged(path: String, kind: CatalogKind, reason: String)
    /// A schema version this Cull does not know.
    case unknownSchema(path: String, kind: CatalogKind, version: String)
    /// The application held it locked past the timeout.
    case locked(path: String, kind: CatalogKind, seconds: Double)
    /// Larger or slower than the limits (see ``CatalogLimits``).
    case tooLarge(path: String, kind: CatalogKind, reason: String)
    /// digiKam keeps this collection in MySQL/MariaDB, which Cull does not read.
    case unsupported(path: String, kind: CatalogKind, reason: String)
    /// It lists files, and none is a file of this library (nor in a folder of it): its `rows` are under
    /// `folder`. `from` is the folder under which its names are this library's files (`--map FROM=root`),
    /// when there is one. Its decisions are not taken as absent: the catalog may be about this library,
    /// reached by a path Cull cannot see.
    case unmatched(path: String, kind: CatalogKind, rows: Int, folder: String, from: String?, root: String)

    public var path: String {
        switch self {
        case let .missing(path, _), let .cannotOpen(path, _, _), let .damaged(path, _, _), let .unknownSchema(path, _, _),
             let .locked(path, _, _), let .tooLarge(path, _, _), let .unsupported(path, _, _), let .unmatched(path, _, _, _, _, _): path
        }
    }

    public var kind: CatalogKind {
        switch self {
        case let .missing(_, kind), let .cannotOpen(_, kind, _), let .damaged(_, kind, _), let .unknownSchema(_, kind, _),
             let .locked(_, kind, _), let .tooLarge(_, kind, _), let .unsupported(_, kind, _), let .unmatched(_, kind, _, _, _, _): kind
        }
    }

    /// What is wrong, without the way on.
    public var problem: String {
        switch self {
        case .missing: "it is gone"
        case let .cannotOpen(_, _, reason): "cannot open it: \(reason)"
        case let .damaged(_, _, reason): "it is damaged or not a \(kind.application) catalog: \(reason)"
        case let .unknownSchema(_, _, version): "its schema version \(version) is one this Cull does not know"
        case let .locked(_, _, seconds): "\(kind.application) held it locked for more than \(Self.seconds(seconds))"
        case let .tooLarge(_, _, reason): reason
        case let .unsupported(_, _, reason): reason
        case let .unmatched(_, _, rows, folder, from, _):
            "it lists no file of this library: its \(English.count(rows, "row")) \(rows == 1 ? "is" : "are") under \(folder)"
                + (from == nil ? "" : ", where this library's files have the same names")
        }
    }

    public var description: String {
        if case .unmatched = self {
            return "cannot use the \(kind.application) catalog \(path): \(problem); if those are this library's files, "
                + "\(mapping(verb: "use it")), or stop using it with 'cull catalog ignore \(path)'"
        }
        return "cannot read the \(kind.application) catalog \(path): \(problem); fix it (or close \(kind.application) and try again), "
            + "or stop using it with 'cull catalog ignore \(path)'"
    }

    /// Why `cull catalog add` added nothing (the catalog was never in the list: nothing to ignore).
    public var notAdded: String {
        if case .unmatched = self {
            return "cannot use the \(kind.application) catalog \(path): \(problem); if those are this library's files, "
                + "\(mapping(verb: "add it")); nothing was added"
        }
        return "cannot read the \(kind.application) catalog \(path): \(problem); nothing was added"
    }

    /// The `cull catalog add --map` that would make an unmatched catalog's rows the library's files.
    private func mapping(verb: String) -> String {
        guard case let .unmatched(path, _, _, _, from, root) = self else { return "" }
        if let from { return "\(verb) with 'cull catalog add \(path) --map \(from)=\(root)'" }
        return "say where they are with 'cull catalog add \(path) --map FROM=\(root)'"
    }

    /// A message for the review page: what the user can do now, in the application's words.
    public var briefly: String {
        if case .locked = self { return "\(kind.application) is writing its catalog; try again in a moment (\(path))" }
        return description
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// Every catalog in use that could not be read, for one refusal.
public struct CatalogsUnreadable: Error, Sendable, CustomStringConvertible, LinedError {
    public let errors: [CatalogError]

    public init(errors: [CatalogError]) { self.errors = errors }

    public var description: String { lines.joined(separator: "\n") }

    /// One line for each catalog.
    public var lines: [String] {
        errors.enumerated().map { ($0.offset == 0 ? "" : "cull: error: ") + $0.element.description }
    }
}
