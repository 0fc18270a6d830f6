import Foundation
import Testing
@testable import CullKit

/// Videos get their first frame as the thumbnail (FFmpeg), turned by the stream's display matrix;
/// what FFmpeg cannot read gets the placeholder with the duration, never a failed page.
@Suite(.enabled(if: DecodeFixtures.hasConvert && DecodeFixtures.which("ffmpeg") != nil, "convert or ffmpeg is absent"))
struct VideoPosterTests {
    let folder = TemporaryDirectory()

    /// A one-second video of the quadrant picture (red, lime, blue, white), 640×480.
    func video(_ name: String, _ extra: [String] = []) throws -> String {
        let picture = try #require(DecodeFixtures.convert(DecodeFixtures.quadrantArguments(width: 640, height: 480), to: "\(folder.path)/q.png"))
        let path = "\(folder.path)/\(name)"
        let made = DecodeFixtures.run("ffmpeg", ["-v", "error", "-y", "-loop", "1", "-i", picture, "-t", "1", "-r", "10",
                                                 "-pix_fmt", "yuv420p"] + extra + [path])
        try #require(made && FileManager.default.fileExists(atPath: path), "ffmpeg could not make \(name)")
        return path
    }

    static func thumbnail(_ path: String) -> Result<(DecodedImage, ThumbnailSource), ThumbnailMaker.Failure> {
        let bytes = Array(path.utf8)
        guard let directory = DirectoryHandle.open(PathBytes.parent(bytes)).0,
              let file = ReadOnlyFile.open(PathBytes.basename(bytes), in: directory).0 else {
            return .failure(ThumbnailMaker.Failure(text: "cannot open"))
        }
        let identity = file.identity
        let record = AssetFile.Record(id: 1, path: PathBytes.basename(bytes), device: identity.device, inode: identity.inode,
                                      size: identity.size, mtimeNs: identity.mtimeNs, kind: .video, duration: 1,
                                      orientation: 1, broken: nil)
        return ThumbnailMaker.make(file, record: record, side: Thumbnails.side).map { made in
            ((try? JPEGDecoder.decode(made.jpeg, path: path, maxSide: 4096, grey: false)) ?? DecodedImage(width: 0, height: 0, channels: 3, pixels: []),
             made.source)
        }
    }

    @Test(arguments: [("h264.mp4", ["-c:v", "libx264"]), ("mpeg4.mov", ["-c:v", "mpeg4", "-q:v", "2"])])
    func aVideoThumbnailIsItsFirstFrame(_ name: String, _ codec: [String]) throws {
        let (image, source) = try Self.thumbnail(try video(name, codec)).get()
        #expect(source == .videoFrame)
        #expect(image.width == 256 && image.height == 192, "\(image.width)×\(image.height)")
        #expect(DecodeFixtures.quadrantNames(image) == ["red", "lime", "blue", "white"])
    }

    /// A phone's portrait video is stored landscape with a display matrix saying "turn 90°".
    @Test func aRotatedVideoIsTurned() throws {
        let plain = try video("plain.mp4", ["-c:v", "libx264"])
        let path = "\(folder.path)/turned.mp4"
        try #require(DecodeFixtures.run("ffmpeg", ["-v", "error", "-y", "-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90", path]))
        let (image, _) = try Self.thumbnail(path).get()
        #expect(image.width == 192 && image.height == 256, "\(image.width)×\(image.height)")
        // Turned as ffmpeg itself shows it (its autorotate, on by default, writing the first frame).
        let shown = "\(folder.path)/shown.png"
        try #require(DecodeFixtures.run("ffmpeg", ["-v", "error", "-y", "-i", path, "-frames:v", "1", shown]))
        let oracle = try ImageDecoder.decode(path: shown, maxSide: 256, grey: false)
        #expect(oracle.width == 192 && oracle.height == 256)
        #expect(DecodeFixtures.quadrantNames(image) == DecodeFixtures.quadrantNames(oracle))
        #expect(DecodeFixtures.quadrantNames(image) != ["red", "lime", "blue", "white"])
    }

    /// Cut, scrambled or not a video at all: a failure with the reason (the page shows the duration).
    @Test func brokenVideosFailCleanly() throws {
        let good = Array(try #require(FileManager.default.contents(atPath: try video("good.mp4", ["-c:v", "libx264"]))))
        var scrambled = good
        for index in stride(from: 64, to: scrambled.count, by: 3) { scrambled[index] ^= 0xA5 }
        let cases: [(String, [UInt8])] = [("cut.mp4", Array(good.prefix(good.count / 3))), ("scrambled.mp4", scrambled),
                                          ("text.mov", Array("not a video".utf8)), ("empty.mp4", [])]
        for (name, bytes) in cases {
            switch Self.thumbnail(folder.write(name, bytes)) {
            case let .success((_, source)): Issue.record("\(name): a thumbnail from \(source)")
            case let .failure(failure): #expect(!failure.text.isEmpty, "\(name)")
            }
        }
        // Cut at many lengths: never a crash or a hang.
        for length in stride(from: 0, to: good.count, by: max(1, good.count / 25)) {
            _ = Self.thumbnail(folder.write("cut-\(length).mp4", Array(good.prefix(length))))
        }
    }

    /// FFmpeg opens a decoder for every stream while it probes them: a 1.2 MB MP4 of 999 tiny
    /// video streams took 1.5 GB. A file of more streams than any camera writes is refused
    /// from the container, before any decoder opens; its tile keeps the duration placeholder.
    @Test func aVideoOfManyStreamsIsRefusedBeforeItsDecodersOpen() throws {
        let path = "\(folder.path)/streams.mp4"
        let maps = (0 ..< 40).flatMap { _ in ["-map", "0:v"] }
        try #require(DecodeFixtures.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=red:s=64x64:d=0.4:r=5"] + maps
            + ["-c:v", "libx264", "-preset", "ultrafast", path]))
        let directory = try #require(DirectoryHandle.open(Array(folder.path.utf8)).0)
        let file = try #require(ReadOnlyFile.open(Array("streams.mp4".utf8), in: directory).0)
        do {
            let image = try VideoFrameDecoder.poster(file, path: path, maxSide: 64)
            Issue.record("a \(image.width)×\(image.height) poster from 40 streams")
        } catch {
            #expect(error.path == path)
            guard case let .tooLarge(why) = error.problem else {
                Issue.record("expected tooLarge, got \(error.problem)")
                return
            }
            #expect(why.contains("40 streams"))
        }
        guard case let .failure(failure) = Self.thumbnail(path) else {
            Issue.record("a thumbnail from 40 streams")
            return
        }
        #expect(failure.text.contains("40 streams"))
    }
}
