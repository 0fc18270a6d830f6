#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFFmpeg
internal import CLoader

/// One file opened by FFmpeg's demuxers (libavformat) through a descriptor Cull already holds: a
/// custom AVIOContext over `pread`, so the file is never reopened by name, and every byte FFmpeg
/// reads counts against a budget (a hostile file cannot make it read more). Shared by the metadata
/// of the video containers Cull does not read itself (``FFmpegReader``), video poster frames and the
/// still formats FFmpeg decodes.
///
/// FFmpeg is opened on first use (``Libraries/ffmpeg``); without it, opening throws ``Failure/missing(_:)``.
final class FFmpegInput {
    /// Why a file could not be opened.
    enum Failure: Error {
        /// FFmpeg cannot be opened on this machine.
        case missing(LibraryUnavailable)
        /// FFmpeg could not allocate its contexts.
        case noMemory
        /// A read of the file failed (EIO, ...): says nothing of its content.
        case readFailed
        /// FFmpeg's demuxers do not take the file, in FFmpeg's words.
        case refused(String)
        /// More streams than ``FFmpegInput/maxStreams``: refused before a decoder opens for each.
        case tooManyStreams(Int)
    }

    /// Phones and cameras write 2 to 6 streams (video, audio, timecode, metadata); a 1.2 MB MP4 of
    /// 999 tiny video streams took 1.5 GB in `avformat_find_stream_info`, which opens a decoder for each.
    static let maxStreams = 16
    /// libavutil's AVERROR_EOF, FFERRTAG('E','O','F',' '): a macro Swift cannot import.
    static let endOfFile: Int32 = -0x2046_4F45

    let ff: cull_ffmpeg
    /// The demuxer's context, open.
    let format: UnsafeMutablePointer<AVFormatContext>
    private var opened: UnsafeMutablePointer<AVFormatContext>?
    private let io: UnsafeMutablePointer<AVIOContext>
    private let source: Unmanaged<Source>

    /// Opens the file of `size` bytes that `read` reads (into a buffer, at an offset: the count read,
    /// 0 at the end, nil on an error), probing at most `probeBytes` and reading at most `budget` bytes
    /// in all. `format` names the demuxer to use (`"bmp_pipe"`), or nil to let FFmpeg probe.
    init(size: Int64, budget: Int, probeBytes: Int64, demuxer: String? = nil,
         read: @escaping (UnsafeMutableRawBufferPointer, Int64) -> Int?) throws(Failure) {
        let ff: cull_ffmpeg
        switch Libraries.ffmpeg {
        case let .success(table): ff = table
        case let .failure(missing): throw .missing(missing)
        }
        self.ff = ff
        // FFmpeg logs to stderr by default; Cull reports what it could not read in its own words.
        ff.av_log_set_level(-8) // AV_LOG_QUIET
        let source = Unmanaged.passRetained(Source(size: size, budget: budget, read: read))
        let bufferSize: Int32 = 64 * 1024
        guard let buffer = ff.av_malloc(Int(bufferSize)) else {
            source.release()
            throw .noMemory
        }
        guard let io = ff.avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), bufferSize, 0, source.toOpaque(), { opaque, target, count in
            guard let opaque, let target, count > 0 else { return FFmpegInput.endOfFile }
            return Unmanaged<Source>.fromOpaque(opaque).takeUnretainedValue().read(into: target, count: Int(count))
        }, nil, { opaque, offset, whence in
            guard let opaque else { return -1 }
            return Unmanaged<Source>.fromOpaque(opaque).takeUnretainedValue().seek(offset, whence: whence)
        }) else {
            ff.av_free(buffer)
            source.release()
            throw .noMemory
        }
        self.io = io
        self.source = source
        guard let context = ff.avformat_alloc_context() else {
            Self.free(io, ff)
            source.release()
            throw .noMemory
        }
        context.pointee.pb = io
        context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        context.pointee.probesize = probeBytes
        context.pointee.max_analyze_duration = 5 * Int64(AV_TIME_BASE)
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        let named = demuxer.flatMap { name in name.withCString { ff.av_find_input_format($0) } }
        // On failure avformat_open_input frees the context itself.
        let code = ff.avformat_open_input(&opened, nil, named, nil)
        guard code == 0, let input = opened else {
            let failed = source.takeUnretainedValue().readFailed
            Self.free(io, ff)
            source.release()
            throw failed ? .readFailed : .refused(Self.message(code, ff))
        }
        self.opened = input
        format = input
    }

    deinit {
        ff.avformat_close_input(&opened)
        Self.free(io, ff)
        source.release()
    }

    private static func free(_ io: UnsafeMutablePointer<AVIOContext>, _ ff: cull_ffmpeg) {
        // libavformat may have replaced the buffer: free the one the context holds now.
        withUnsafeMutablePointer(to: &io.pointee.buffer) { ff.av_freep(UnsafeMutableRawPointer($0)) }
        var context: UnsafeMutablePointer<AVIOContext>? = io
        ff.avio_context_free(&context)
    }

    /// Whether a read of the file failed (rather than FFmpeg finding its bytes wrong).
    var readFailed: Bool { source.takeUnretainedValue().readFailed }

    /// FFmpeg's words for an error code ("Invalid data found when processing input").
    func message(_ code: Int32) -> String { Self.message(code, ff) }

    private static func message(_ code: Int32, _ ff: cull_ffmpeg) -> String {
        var text = [CChar](repeating: 0, count: 128)
        guard ff.av_strerror(code, &text, text.count) == 0 else { return "error \(code)" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Reads the first packets of every stream to fill in what the headers left out (the size of an
    /// MPEG stream's pictures, a duration from the time stamps), each decoder on one thread and
    /// refusing pictures beyond `maxPixels`; throws when there are more than ``maxStreams`` streams.
    func findStreamInfo(maxPixels: Int) throws(Failure) {
        let count = Int(format.pointee.nb_streams)
        guard count <= Self.maxStreams else { throw .tooManyStreams(count) }
        var options = [OpaquePointer?](repeating: nil, count: max(count, 1))
        for index in 0 ..< count {
            _ = ff.av_dict_set(&options[index], "threads", "1", 0)
            _ = ff.av_dict_set(&options[index], "max_pixels", String(maxPixels), 0)
        }
        defer { for index in options.indices { ff.av_dict_free(&options[index]) } }
        let code = options.withUnsafeMutableBufferPointer { ff.avformat_find_stream_info(format, $0.baseAddress) }
        guard code >= 0 else { throw readFailed ? .readFailed : .refused(message(code)) }
    }

    /// The value of `key` in a metadata dictionary (the container's or a stream's), or nil.
    func tag(_ key: String, in dictionary: OpaquePointer?) -> String? {
        guard let dictionary, let entry = ff.av_dict_get(dictionary, key, nil, 0), let value = entry.pointee.value else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// The EXIF-style orientation of the stream's display matrix: 90° clockwise is 6, as ffmpeg's own autorotate reads it.
    func orientation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
        var size = 0
        guard let matrix = ff.av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 9 * 4 else { return 1 }
        let degrees = matrix.withMemoryRebound(to: Int32.self, capacity: 9) { -ff.av_display_rotation_get($0) }
        guard degrees.isFinite else { return 1 }
        switch (Int(degrees.rounded()) % 360 + 360) % 360 {
        case 90: return 6
        case 180: return 3
        case 270: return 8
        default: return 1
        }
    }

    /// The file as FFmpeg reads it: at a position of its own, within a byte budget.
    private final class Source {
        let size: Int64
        let readBytes: (UnsafeMutableRawBufferPointer, Int64) -> Int?
        var position: Int64 = 0
        var left: Int
        var readFailed = false

        init(size: Int64, budget: Int, read: @escaping (UnsafeMutableRawBufferPointer, Int64) -> Int?) {
            self.size = size
            left = budget
            readBytes = read
        }

        func read(into target: UnsafeMutablePointer<UInt8>, count: Int) -> Int32 {
            let wanted = min(count, left)
            guard wanted > 0 else { return FFmpegInput.endOfFile }
            guard let got = readBytes(UnsafeMutableRawBufferPointer(start: target, count: wanted), position) else {
                readFailed = true
                return FFmpegInput.endOfFile
            }
            guard got > 0 else { return FFmpegInput.endOfFile }
            position += Int64(got)
            left -= got
            return Int32(got)
        }

        func seek(_ offset: Int64, whence: Int32) -> Int64 {
            switch whence & ~AVSEEK_FORCE {
            case AVSEEK_SIZE: return size
            case SEEK_SET: position = offset
            case SEEK_CUR: position += offset
            case SEEK_END: position = size + offset
            default: return -1
            }
            position = max(0, position)
            return position
        }
    }
}
