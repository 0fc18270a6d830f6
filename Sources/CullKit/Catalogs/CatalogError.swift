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

    public var path: String {
        switch self {
        case let .missing(path, _), let .cannotOpen(path, _, _), let .damaged(path, _, _), let .unknownSchema(path, _, _),
             let .locked(path, _, _), let .tooLarge(path, _, _), let .unsupported(path, _, _): path
        }
    }

    public var kind: CatalogKind {
        switch self {
        case let .missing(_, kind), let .cannotOpen(_, kind, _), let .damaged(_, kind, _), let .unknownSchema(_, kind, _),
             let .locked(_, kind, _), let .tooLarge(_, kind, _), let .unsupported(_, kind, _): kind
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
        }
    }

    public var description: String {
        "cannot read the \(kind.application) catalog \(path): \(problem); fix it (or close \(kind.application) and try again), "
            + "or stop using it with 'cull catalog ignore \(path)'"
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
