/// What one source says about one file: a catalog row (or several merged), or the file's own metadata.
///
/// Every value is what the photo manager shows; nothing is guessed. Lists (labels, tags, people) are
/// kept sorted and without repeats, so two reads of an unchanged catalog give equal decisions.
public struct CatalogDecision: Sendable, Equatable {
    /// -1 (rejected) … 5; nil when the source has no rating.
    public var rating: Int?
    /// 1 picked (flagged, accepted), -1 rejected, nil neither.
    public var pick: Int?
    public var labels: [String] = []
    /// Hierarchical tags use `|` between levels (`Places|France|Paris`), whatever the source wrote.
    public var tags: [String] = []
    public var people: [String] = []
    /// In the photo manager's own trash.
    public var appTrash = false
    /// Hidden in the photo manager.
    public var hidden = false

    public init() {}

    /// Another row for the same file (darktable duplicates, Lightroom virtual copies): the most
    /// protective of their values counts. Higher rating, picked if any is, rejected only if every row
    /// is, the union of lists; in the trash or hidden only if every row is.
    mutating func mergeDuplicate(_ other: CatalogDecision) {
        rating = Self.max(rating, other.rating)
        switch (pick, other.pick) {
        case (1, _), (_, 1): pick = 1
        case (-1, -1): pick = -1
        default: pick = nil
        }
        labels = Self.union(labels, other.labels)
        tags = Self.union(tags, other.tags)
        people = Self.union(people, other.people)
        appTrash = appTrash && other.appTrash
        hidden = hidden && other.hidden
    }

    /// Another source for the same file (a second catalog): the value that stages less wins, except
    /// that a reject stays recorded (rules decide it against every source's favorite, pick and rating).
    mutating func mergeSource(_ other: CatalogDecision) {
        rating = Self.max(rating, other.rating)
        switch (pick, other.pick) {
        case (1, _), (_, 1): pick = 1
        case (-1, _), (_, -1): pick = -1
        default: pick = nil
        }
        labels = Self.union(labels, other.labels)
        tags = Self.union(tags, other.tags)
        people = Self.union(people, other.people)
        appTrash = appTrash || other.appTrash
        hidden = hidden || other.hidden
    }

    /// True when nothing is said.
    var isEmpty: Bool { self == CatalogDecision() }

    /// Sorted, without repeats or empty items.
    mutating func normalise() {
        labels = Self.union(labels, [])
        tags = Self.union(tags, [])
        people = Self.union(people, [])
    }

    static func max(_ a: Int?, _ b: Int?) -> Int? {
        switch (a, b) {
        case let (a?, b?): Swift.max(a, b)
        default: a ?? b
        }
    }

    static func union(_ a: [String], _ b: [String]) -> [String] {
        Array(Set(a + b).filter { !$0.isEmpty }).sorted()
    }
}

/// The one encoding of a list of values in an index column: items joined by U+001F (which no tag,
/// label or name holds: ``CatalogText`` drops control characters), NULL for an empty list, so a
/// rule over the tags of an untagged photo never matches (missing metadata never does).
enum ValueList {
    static let separator: Character = "\u{1F}"

    static func encode(_ items: [String]) -> SQLValue {
        items.isEmpty ? .null : .text(items.joined(separator: String(separator)))
    }

    static func decode(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: separator).map(String.init)
    }
}

/// Text from a catalog or an XMP packet made safe to keep: control characters dropped (a NUL, a
/// newline or U+001F in a tag never reaches a list or a terminal), surrounding spaces trimmed, NFC,
/// and nothing longer than ``maxLength`` bytes (a 10 MB tag name is not a tag anyone typed).
enum CatalogText {
    static let maxLength = 1024

    static func clean(_ text: String) -> String? {
        guard text.utf8.count <= maxLength * 4 else { return nil }
        let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }))
        let trimmed = UnicodeForm.nfc(kept.trimmingWhitespace())
        guard !trimmed.isEmpty, trimmed.utf8.count <= maxLength else { return nil }
        return trimmed
    }

    /// A hierarchical tag with levels separated by `separator` (`/` for digiKam and Shotwell), in
    /// Cull's one form: levels joined by `|`, empty levels dropped.
    static func hierarchical(_ text: String, separator: Character) -> String? {
        let levels = text.split(separator: separator).compactMap { clean(String($0)) }
        guard !levels.isEmpty else { return nil }
        return clean(levels.joined(separator: "|"))
    }
}
