/// Extracts the fields Cull uses from an XMP packet with a small, tolerant XML scanner
/// (in the spirit of ExifTool's: no DOM, no validation, malformed markup is skipped).
///
/// Properties are matched by namespace URI and local name; prefixes are resolved through
/// the packet's `xmlns:` declarations, falling back to the conventional prefixes. Both the
/// attribute form (`xmp:Rating="5"`) and the element form (`<xmp:Rating>5</xmp:Rating>`,
/// including `rdf:Alt` / `rdf:Seq` lists, where the first item wins) are read.
enum XMPReader {
    /// Extracts rating, dates, make/model, orientation, UserComment etc. from an XMP packet.
    static func parse(_ bytes: ArraySlice<UInt8>) -> MediaMetadata {
        var scanner = XMLScanner(bytes)
        var values: [Property: String] = [:]
        scanner.scan { property, value in
            if values[property] == nil { values[property] = value }
        }
        return metadata(from: values)
    }

    /// The XMP properties Cull reads.
    enum Property: Hashable {
        case rating, dateTimeOriginal, dateCreated, createDate
        case make, model, orientation, imageWidth, imageLength, pixelX, pixelY
        case lensModel, lens, software, creatorTool, userComment, latitude, longitude, burstID

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
        ]

        /// The property named `local` in namespace `uri`, if Cull reads it.
        init?(uri: String, local: String) {
            switch (uri, local) {
            case ("http://ns.adobe.com/xap/1.0/", "Rating"): self = .rating
            case ("http://ns.adobe.com/xap/1.0/", "CreateDate"): self = .createDate
            case ("http://ns.adobe.com/xap/1.0/", "CreatorTool"): self = .creatorTool
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
            default: return nil
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
