/// Extracts the fields Cull uses from an XMP packet, parsed by libexpat (``XMLEvents``).
///
/// Properties are matched by namespace URI and local name; prefixes are resolved through the
/// packet's `xmlns:` declarations in scope, falling back to the conventional prefixes (some writers
/// omit them). Both the attribute form (`xmp:Rating="5"`) and the element form
/// (`<xmp:Rating>5</xmp:Rating>`, including `rdf:Alt` / `rdf:Seq` lists, where the first item wins)
/// are read; bags of keywords (`dc:subject`, `lr:hierarchicalSubject`, `digiKam:TagsList`) give
/// every item, and face regions (MWG, Microsoft) the names of the people in them.
enum XMPReader {
    /// Extracts rating, dates, make/model, orientation, UserComment, labels, tags, people etc. from an XMP packet.
    static func parse(_ bytes: ArraySlice<UInt8>) -> MediaMetadata {
        let collector = Collector()
        XMLEvents.parse(bytes, collector)
        var metadata = metadata(from: collector.values)
        collector.decisions(into: &metadata)
        return metadata
    }

    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    /// The XMP properties Cull reads.
    enum Property: Hashable {
        case rating, dateTimeOriginal, dateCreated, createDate
        case make, model, orientation, imageWidth, imageLength, pixelX, pixelY
        case lensModel, lens, software, creatorTool, userComment, latitude, longitude, burstID
        case label, pick, pickLabel, colorLabel
        /// Lists: every item counts.
        case subject, hierarchicalSubject, tagsList, colorLabels, personDisplayName
        /// A face region's name and type (MWG).
        case regionName, regionType

        var isList: Bool {
            switch self {
            case .subject, .hierarchicalSubject, .tagsList, .colorLabels, .personDisplayName: true
            default: false
            }
        }

        static let namespaces: [String: String] = [
            "xmp": "http://ns.adobe.com/xap/1.0/",
            "exif": "http://ns.adobe.com/exif/1.0/",
            "exifEX": "http://cipa.jp/exif/1.0/",
            "tiff": "http://ns.adobe.com/tiff/1.0/",
            "photoshop": "http://ns.adobe.com/photoshop/1.0/",
            "aux": "http://ns.adobe.com/exif/1.0/aux/",
            // Google Camera writes the prefix `GCamera` (older) or `Camera` (newer), one URI.
            "GCamera": "http://ns.google.com/photos/1.0/camera/",
            "Camera": "http://ns.google.com/photos/1.0/camera/",
            "dc": "http://purl.org/dc/elements/1.1/",
            "lr": "http://ns.adobe.com/lightroom/1.0/",
            "digiKam": "http://www.digikam.org/ns/1.0/",
            "darktable": "http://darktable.sf.net/",
            "xmpDM": "http://ns.adobe.com/xmp/1.0/DynamicMedia/",
            "mwg-rs": "http://www.metadataworkinggroup.com/schemas/regions/",
            "MPReg": "http://ns.microsoft.com/photo/1.2/t/Region#",
            "rdf": XMPReader.rdf,
        ]

        /// The property named `local` in namespace `uri`, if Cull reads it.
        init?(uri: String, local: String) {
            switch (uri, local) {
            case ("http://ns.adobe.com/xap/1.0/", "Rating"): self = .rating
            case ("http://ns.adobe.com/xap/1.0/", "CreateDate"): self = .createDate
            case ("http://ns.adobe.com/xap/1.0/", "CreatorTool"): self = .creatorTool
            case ("http://ns.adobe.com/xap/1.0/", "Label"): self = .label
            case ("http://ns.adobe.com/exif/1.0/", "DateTimeOriginal"): self = .dateTimeOriginal
            case ("http://ns.adobe.com/exif/1.0/", "PixelXDimension"): self = .pixelX
            case ("http://ns.adobe.com/exif/1.0/", "PixelYDimension"): self = .pixelY
            case ("http://ns.adobe.com/exif/1.0/", "UserComment"): self = .userComment
            case ("http://ns.adobe.com/exif/1.0/", "GPSLatitude"): self = .latitude
            case ("http://ns.adobe.com/exif/1.0/", "GPSLongitude"): self = .longitude
            case ("http://cipa.jp/exif/1.0/", "LensModel"): self = .lensModel
            case ("http://ns.adobe.com/exif/1.0/aux/", "Lens"): self = .lens
            case ("http://ns.adobe.com/photoshop/1.0/", "DateCreated"): self = .dateCreated
            case ("http://ns.adobe.com/tiff/1.0/", "Make"): self = .make
            case ("http://ns.adobe.com/tiff/1.0/", "Model"): self = .model
            case ("http://ns.adobe.com/tiff/1.0/", "Orientation"): self = .orientation
            case ("http://ns.adobe.com/tiff/1.0/", "ImageWidth"): self = .imageWidth
            case ("http://ns.adobe.com/tiff/1.0/", "ImageLength"): self = .imageLength
            case ("http://ns.adobe.com/tiff/1.0/", "Software"): self = .software
            case ("http://ns.google.com/photos/1.0/camera/", "BurstID"): self = .burstID
            case ("http://purl.org/dc/elements/1.1/", "subject"): self = .subject
            case ("http://ns.adobe.com/lightroom/1.0/", "hierarchicalSubject"): self = .hierarchicalSubject
            case ("http://www.digikam.org/ns/1.0/", "TagsList"): self = .tagsList
            case ("http://www.digikam.org/ns/1.0/", "PickLabel"): self = .pickLabel
            case ("http://www.digikam.org/ns/1.0/", "ColorLabel"): self = .colorLabel
            case ("http://darktable.sf.net/", "colorlabels"): self = .colorLabels
            case ("http://ns.adobe.com/xmp/1.0/DynamicMedia/", "pick"): self = .pick
            case ("http://www.metadataworkinggroup.com/schemas/regions/", "Name"): self = .regionName
            case ("http://www.metadataworkinggroup.com/schemas/regions/", "Type"): self = .regionType
            case ("http://ns.microsoft.com/photo/1.2/t/Region#", "PersonDisplayName"): self = .personDisplayName
            default: return nil
            }
        }
    }

    /// Collects property values from the parse: scalars (first value wins), lists (every item), and
    /// the names of face regions.
    private final class Collector: XMLEvents.Handler {
        var values: [Property: String] = [:]
        var lists: [Property: [String]] = [:]
        var people: [String] = []
        /// Items kept per list, and people: a packet of a million keywords is not a photo's.
        static let maxItems = 4096

        private struct Frame {
            var property: Property?
            /// rdf:Alt / rdf:Seq / rdf:Bag / rdf:li: text inside belongs to the enclosing property.
            var isContainer: Bool
            var text = ""
            /// An rdf:li: a possible region struct, with what it names.
            var region: (name: String?, type: String?)?
        }
        private var frames: [Frame] = []
        private var scopes: [[String: String]] = [[:]]

        func start(_ name: String, attributes: [(String, String)]) {
            var scope = scopes.last ?? [:]
            for (key, value) in attributes where key.hasPrefix("xmlns:") { scope[String(key.dropFirst(6))] = value }
            scopes.append(scope)
            let (uri, local) = resolve(name, scope)
            let isRDF = uri == XMPReader.rdf
            let isContainer = isRDF && ["Alt", "Seq", "Bag", "li"].contains(local)
            frames.append(Frame(property: uri.flatMap { Property(uri: $0, local: local) }, isContainer: isContainer,
                                region: isRDF && local == "li" ? (nil, nil) : nil))
            for (key, value) in attributes where !key.hasPrefix("xmlns") {
                let (uri, local) = resolve(key, scope)
                if let uri, let property = Property(uri: uri, local: local) { record(property, value) }
            }
        }

        func text(_ text: String) {
            guard !frames.isEmpty, frames[frames.count - 1].text.utf8.count < XMLEvents.maxText else { return }
            frames[frames.count - 1].text += text
        }

        func end(_ name: String) {
            guard let frame = frames.popLast() else { return }
            scopes.removeLast()
            if frame.text.hasNonWhitespace {
                // The nearest element that is not an RDF container owns the text.
                if !frame.isContainer {
                    if let property = frame.property { record(property, frame.text) }
                } else if let owner = frames.last(where: { !$0.isContainer }), let property = owner.property {
                    record(property, frame.text)
                }
            }
            if let region = frame.region, let name = region.name, region.type == nil || region.type == "Face" {
                add(name, to: &people)
            }
        }

        private func record(_ property: Property, _ value: String) {
            switch property {
            case .regionName, .regionType:
                guard let index = frames.lastIndex(where: { $0.region != nil }) else { return }
                let text = value.trimmingWhitespace()
                if property == .regionName { frames[index].region?.name = text } else { frames[index].region?.type = text }
            case _ where property.isList:
                add(value, to: &lists[property, default: []])
            default:
                if values[property] == nil { values[property] = value }
            }
        }

        private func add(_ value: String, to list: inout [String]) {
            if list.count < Self.maxItems { list.append(value) }
        }

        /// (namespace URI, local name) of a qualified name in `scope`.
        private func resolve(_ qualified: String, _ scope: [String: String]) -> (String?, String) {
            guard let colon = qualified.firstIndex(of: ":") else { return (nil, qualified) }
            let prefix = String(qualified[..<colon])
            return (scope[prefix] ?? Property.namespaces[prefix], String(qualified[qualified.index(after: colon)...]))
        }

        /// Tags, labels, picks and people, in Cull's one form (see ``CatalogDecision``).
        func decisions(into m: inout MediaMetadata) {
            var tags: [String] = [], people: [String] = []
            func tag(_ text: String, separator: Character) {
                guard let path = CatalogText.hierarchical(text, separator: separator) else { return }
                // digiKam and Lightroom file faces as tags under People.
                if path.hasPrefix("People|") { people.append(String(path.dropFirst(7))) } else { tags.append(path) }
            }
            for item in lists[.subject] ?? [] { if let text = CatalogText.clean(item) { tags.append(text) } }
            for item in lists[.hierarchicalSubject] ?? [] { tag(item, separator: "|") }
            for item in lists[.tagsList] ?? [] { tag(item, separator: "/") }
            people += (self.people + (lists[.personDisplayName] ?? [])).compactMap(CatalogText.clean)
            m.tags = CatalogDecision.union(tags, [])
            m.people = CatalogDecision.union(people, [])
            var labels: [String] = []
            if let label = values[.label].flatMap(ColorLabel.init(name:)) { labels.append(label.rawValue) }
            let darktable: [String] = ["red", "yellow", "green", "blue", "purple"]
            for item in lists[.colorLabels] ?? [] {
                if let index = Int(item.trimmingWhitespace()), darktable.indices.contains(index) { labels.append(darktable[index]) }
            }
            if let index = values[.colorLabel].flatMap({ Int($0.trimmingWhitespace()) }), (1...9).contains(index) {
                labels.append([ColorLabel.red, .orange, .yellow, .green, .blue, .magenta, .gray, .black, .white][index - 1].rawValue)
            }
            m.labels = CatalogDecision.union(labels, [])
            if let pick = values[.pick].flatMap({ Int($0.trimmingWhitespace()) }), pick == 1 || pick == -1 { m.pick = pick }
            switch values[.pickLabel].flatMap({ Int($0.trimmingWhitespace()) }) {
            case 1: m.pick = m.pick ?? -1
            case 3: m.pick = 1
            default: break
            }
        }
    }

    private static func metadata(from values: [Property: String]) -> MediaMetadata {
        var m = MediaMetadata()
        func text(_ property: Property) -> String? {
            guard let value = values[property]?.trimmingWhitespace(), !value.isEmpty else { return nil }
            return value
        }
        func integer(_ property: Property) -> Int? {
            guard let value = text(property) else { return nil }
            if let int = Int(value) { return int }
            guard let double = Double(value), double.isFinite, abs(double) < 1e9 else { return nil }
            return Int(double.rounded())
        }
        if let rating = integer(.rating) { m.rating = max(-1, min(5, rating)) }
        for property in [Property.dateTimeOriginal, .dateCreated, .createDate] {
            if let value = text(property), let date = DateParsing.iso8601(value.utf8) {
                m.xmpDate = date
                m.xmpDateIsDay = !DateParsing.hasTimeOfDay(value.utf8)
                break
            }
        }
        m.make = text(.make)
        m.model = text(.model)
        if let orientation = integer(.orientation), (1 ... 8).contains(orientation) { m.orientation = orientation }
        if let w = integer(.pixelX) ?? integer(.imageWidth), let h = integer(.pixelY) ?? integer(.imageLength),
           w > 0, h > 0 {
            m.width = w
            m.height = h
        }
        m.lens = text(.lensModel) ?? text(.lens)
        m.software = text(.software) ?? text(.creatorTool)
        m.userComment = text(.userComment)
        m.burstID = text(.burstID).map { String($0.prefix(128)) }
        if let lat = text(.latitude).flatMap(coordinate), let lon = text(.longitude).flatMap(coordinate),
           abs(lat) <= 90, abs(lon) <= 180 {
            m.latitude = lat
            m.longitude = lon
        }
        return m
    }

    /// XMP GPS coordinate "DDD,MM.mmk" or "DDD,MM,SSk" (k = N/S/E/W) → signed degrees.
    static func coordinate(_ text: String) -> Double? {
        guard let last = text.last?.uppercased(), ["N", "S", "E", "W"].contains(last) else {
            return Double(text)
        }
        let parts = text.dropLast().split(separator: ",", omittingEmptySubsequences: false)
        guard (1 ... 3).contains(parts.count) else { return nil }
        var degrees = 0.0
        for (part, divisor) in zip(parts, [1.0, 60.0, 3600.0]) {
            guard let value = Double(part.trimmingCharacters(in: " ")), value >= 0 else { return nil }
            degrees += value / divisor
        }
        return last == "S" || last == "W" ? -degrees : degrees
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var s = self
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return s
    }
}
