import Foundation
import Testing

/// Issue 38 item 3.6 as a photographer meets it: a library of AVI, AVCHD (MTS, M2TS), MKV, WebM, WMV
/// and MPG clips beside BMP, TIFF, PSD, JPEG 2000 and JPEG XL pictures. Each is indexed with its size,
/// duration and the capture date its container carries, and measured (poster frame, or the picture
/// through FFmpeg's decoders); what the scan leaves out it names.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "ffmpeg or ImageMagick is absent"))
struct MediaFormatsCommandTests {
    /// The clips: file name, ffmpeg's extra arguments, the format Cull gives, the date the container carries.
    static let clips: [(name: String, arguments: [String], format: String, taken: String?)] = [
        ("clip.avi", ["-c:v", "mpeg4", "-metadata", "date=2019-07-14 16:20:05"], "avi", "2019-07-14T16:20:05"),
        ("clip.mkv", ["-c:v", "libx264", "-metadata", "creation_time=2021-05-06T07:08:09Z"], "mkv", "2021-05-06T07:08:09Z"),
        ("clip.webm", ["-metadata", "creation_time=2021-05-06T07:08:09Z"], "webm", "2021-05-06T07:08:09Z"),
        ("clip.wmv", ["-metadata", "creation_time=2020-01-02T03:04:05Z"], "wmv", "2020-01-02T03:04:05Z"),
        ("clip.mpg", [], "mpg", nil),
        ("clip.m2ts", ["-c:v", "libx264"], "m2ts", nil),
        ("clip.mts", ["-c:v", "libx264", "-f", "mpegts"], "m2ts", nil),
        // An AVCHD camcorder's recording time, in the MDPM record of its H.264 stream (BCD: 2024-03-15
        // 10:30:45, time zone byte 0x02: +01:00), as h264_metadata inserts user data.
        ("camera.mts", ["-c:v", "libx264", "-f", "mpegts", "-bsf:v",
                        "h264_metadata=sei_user_data=17ee8c60-f84d-11d9-8cd6-0800200c9a66+MDPM\u{02}\u{18}\u{02}\u{20}\u{24}\u{03}\u{19}\u{15}\u{10}\u{30}\u{45}"],
         "m2ts", "2024-03-15T10:30:45+01:00"),
    ]

    /// The pictures: file name and the format Cull gives.
    static let pictures: [(name: String, format: String)] = [
        ("scan.bmp", "bmp"), ("scan.tif", "tiff"), ("layered.psd", "psd"), ("master.jp2", "jp2"), ("codestream.j2k", "jp2"),
    ]

    static func library() throws -> Sandbox {
        let box = try Sandbox("formats")
        for clip in clips {
            try box.tool(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=2"]
                         + clip.arguments + [clip.name])
        }
        for picture in pictures {
            // ImageMagick's logo: edges to measure (a plasma has none, in any format).
            try box.tool(["convert", "logo:", "-resize", "160x120!", picture.name])
        }
        // JPEG XL: ImageMagick here has no coder for it; FFmpeg's libjxl encoder has.
        try box.tool(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", "scan.bmp", "-c:v", "libjxl", "-f", "image2", "still.jxl"])
        return box
    }

    static func assets(_ box: Sandbox) throws -> [String: [String: Any]] {
        let found = try box.cull(["find", "kind: [photo, video]", "--format", "json"])
        let items = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: items.compactMap { item in (item["path"] as? String).map { ($0, item) } })
    }

    @Test func everyClipAndPictureIsIndexedAndMeasured() throws {
        let box = try Self.library()
        let scan = try box.cull(["scan", "--hash"])
        #expect(scan.status == 0 && scan.stdout.hasPrefix("added 14, changed 0, removed 0, broken 0, unchanged 0"), "\(scan.stdout)\(scan.stderr)")
        #expect(scan.stdout.contains("analysed 14 photos, 0 could not be decoded"), "\(scan.stdout)")
        let assets = try Self.assets(box)
        for clip in Self.clips {
            let asset = try #require(assets[clip.name], "\(clip.name) is not indexed")
            #expect(asset["kind"] as? String == "video" && asset["format"] as? String == clip.format, "\(clip.name): \(asset)")
            #expect(asset["width"] as? Int == 320 && asset["height"] as? Int == 240, "\(clip.name): \(asset)")
            let duration = asset["duration"] as? Double ?? 0
            #expect(abs(duration - 2) < 0.2, "\(clip.name): duration \(duration)")
            #expect(asset["taken"] as? String == clip.taken, "\(clip.name): taken \(asset["taken"] ?? "nil")")
            if clip.taken != nil { #expect(asset["taken_source"] as? String == "container", "\(clip.name)") }
            // The poster frame was measured: testsrc has edges.
            #expect(asset["sharpness"] as? Double != nil, "\(clip.name): no sharpness")
        }
        for picture in Self.pictures + [("still.jxl", "jxl")] {
            let asset = try #require(assets[picture.0], "\(picture.0) is not indexed")
            #expect(asset["kind"] as? String == "photo" && asset["format"] as? String == picture.1, "\(picture.0): \(asset)")
            #expect(asset["width"] as? Int == 160 && asset["height"] as? Int == 120, "\(picture.0): \(asset)")
            #expect(asset["broken"] as? Bool == false && asset["declined"] as? Bool == false, "\(picture.0): \(asset)")
            #expect(asset["sharpness"] as? Double != nil, "\(picture.0): its pixels were not measured")
        }
        // The same plasma in every still format: one picture, so one similar group of all of them.
        let similar = try box.cull(["find", "similar: true", "--format", "paths"])
        let grouped = Set(similar.stdout.split(separator: "\n").map(String.init))
        #expect(grouped.isSuperset(of: ["scan.bmp", "scan.tif", "layered.psd", "master.jp2", "codestream.j2k"]), "\(similar.stdout)\(similar.stderr)")
    }

    /// A digital camera's AVI (Pentax, Fujifilm, Canon wrote them) says when it was recorded in an `IDIT`
    /// chunk of its header list, in the camera's wall clock: ffmpeg writes none, so one is put in as
    /// a camera does, and ExifTool reads the same date.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "exiftool is absent"))
    func anAVIsIDITChunkIsItsCaptureDate() throws {
        let box = try Sandbox("idit")
        try box.tool(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10:duration=1",
                      "-c:v", "mjpeg", "plain.avi"])
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: box.library.root + "/plain.avi")))
        try #require(bytes[12 ..< 16].elementsEqual("LIST".utf8) && bytes[20 ..< 24].elementsEqual("hdrl".utf8))
        func le32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func put32(_ at: Int, _ value: Int) { for index in 0 ..< 4 { bytes[at + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) } }
        let text = Array("Mon Mar 10 15:04:43 2003\n\0".utf8)
        let chunk = Array("IDIT".utf8) + [UInt8(text.count), 0, 0, 0] + text
        let listSize = le32(16)
        bytes.insert(contentsOf: chunk, at: 20 + listSize)
        put32(16, listSize + chunk.count)
        put32(4, le32(4) + chunk.count)
        box.write("camera.avi", bytes: bytes)
        try FileManager.default.removeItem(atPath: box.library.root + "/plain.avi")
        let scan = try box.cull(["scan"])
        #expect(scan.stdout.hasPrefix("added 1, changed 0, removed 0, broken 0, unchanged 0"), "\(scan.stdout)\(scan.stderr)")
        let asset = try Self.assets(box)["camera.avi"]
        #expect(asset?["taken"] as? String == "2003-03-10T15:04:43" && asset?["taken_source"] as? String == "container", "\(asset ?? [:])")
        let exiftool = Process()
        exiftool.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        exiftool.arguments = ["-s3", "-DateTimeOriginal", box.library.root + "/camera.avi"]
        let pipe = Pipe()
        exiftool.standardOutput = pipe
        try exiftool.run()
        let oracle = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        exiftool.waitUntilExit()
        #expect(oracle == "2003:03:10 15:04:43\n", "ExifTool: \(oracle)")
    }

    /// A photo's EXIF date in a PSD's image resources and in a TIFF is its capture date.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "exiftool is absent"))
    func exifDatesInPSDAndTIFFAreRead() throws {
        let box = try Sandbox("psd-exif")
        for name in ["edit.psd", "edit.tif", "edit.jp2"] {
            try box.tool(["convert", "-size", "64x48", "plasma:fractal", name])
        }
        try box.tool(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2015:06:07 08:09:10", "edit.psd", "edit.tif", "edit.jp2"])
        _ = try box.cull(["scan"])
        let assets = try Self.assets(box)
        for name in ["edit.psd", "edit.tif", "edit.jp2"] {
            #expect(assets[name]?["taken"] as? String == "2015-06-07T08:09:10", "\(name): \(assets[name] ?? [:])")
        }
    }

    /// `scan --format json` lists what it left out and why; `scan -v` names each; the plain summary says how to see them.
    @Test func theScanNamesWhatItIgnored() throws {
        let box = try Sandbox("ignored")
        box.write("notes.txt", "a note")
        box.write("logo.svg", "<svg/>")
        box.write("disk.raw", "not a camera's")
        box.write(".hidden.jpg", "hidden")
        try FileManager.default.createSymbolicLink(atPath: box.library.root + "/link.jpg", withDestinationPath: "notes.txt")
        let plain = try box.cull(["scan"])
        #expect(plain.stdout.contains("ignored: 1 symlink, 1 hidden entry, 1 non-media file, 2 files of formats Cull does not read "
                                      + "('cull scan -v' lists them)\n"), "\(plain.stdout)")
        let verbose = try box.cull(["scan", "-v"])
        #expect(verbose.status == 0, "\(verbose.stderr)")
        for line in ["ignored: .hidden.jpg (hidden)", "ignored: disk.raw (unsupported format)", "ignored: link.jpg (symlink, not followed)",
                     "ignored: logo.svg (unsupported format)", "ignored: notes.txt (not media)"] {
            #expect(verbose.stdout.contains(line + "\n"), "\(line) in \(verbose.stdout)")
        }
        let json = try box.cull(["scan", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let ignored = object?["ignored"] as? [String: Any]
        let files = (ignored?["files"] as? [[String: Any]] ?? []).map { "\($0["path"] ?? "")=\($0["reason"] ?? "")" }
        #expect(files == [".hidden.jpg=hidden", "disk.raw=unsupported", "link.jpg=symlink", "logo.svg=unsupported", "notes.txt=not_media"],
                "\(json.stdout)")
        #expect(ignored?["unsupported"] as? Int == 2 && ignored?["non_media"] as? Int == 1, "\(json.stdout)")
    }
}
