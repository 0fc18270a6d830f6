import CLibRawShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file opened by LibRaw (through ``CLibRawShim``): its headers read, never its raw data.
///
/// Every byte LibRaw sees comes from the already opened ``MediaFile`` (so it is the file the walk
/// saw, never a name opened again), through a buffered window, at most ``headerBudget`` bytes for
/// the headers and the preview's own length more for the preview. LibRaw's memory limit is set
/// (``maxMemoryMB``), and a preview is refused above ``maxPreviewBytes`` before a byte of it is
/// read. The TIFF/EXIF entries LibRaw's parser meets are collected as ``LibRawTags``: they carry
/// the values ExifTool prints (LibRaw itself keeps only its own normalised camera names).
final class LibRawFile {
    /// Bytes LibRaw may read for the headers (as ``TIFFSource`` allows Cull's own TIFF reader).
    static let headerBudget: Int64 = 16 << 20
    /// LibRaw's own memory limit (`max_raw_memory_mb`).
    static let maxMemoryMB: UInt32 = 256
    /// Bytes a preview may have (a full-size camera JPEG has ~10 MB), as ``RawPreview/maxLength``.
    static let maxPreviewBytes = Int64(RawPreview.maxLength)

    /// What the shim calls back into: the file and the tags seen so far.
    private final class Context {
        let file: MediaFile
        var tags = LibRawTags()
        init(file: MediaFile) { self.file = file }
    }

    private let handle: OpaquePointer
    private let context: Context
    private let retained: UnsafeMutableRawPointer
    /// LibRaw's result of reading the headers (0: success).
    let result: Int32

    init?(_ file: MediaFile) {
        context = Context(file: file)
        retained = Unmanaged.passRetained(context).toOpaque()
        var source = cull_libraw_source(context: retained, size: Int64(file.size), budget: Self.headerBudget, read: { context, buffer, offset, count in
            guard let context else { return -1 }
            let file = Unmanaged<Context>.fromOpaque(context).takeUnretainedValue().file
            guard let bytes = try? file.read(at: Int(offset), count: Int(count)) else { return -1 }
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            return Int64(bytes.count)
        }, tag: { context, tag, type, count, order, value, length in
            guard let context else { return }
            let bytes = Array(UnsafeBufferPointer(start: value, count: Int(length)))
            Unmanaged<Context>.fromOpaque(context).takeUnretainedValue().tags.take(
                tag: Int(tag), type: Int(type), count: Int(count), bigEndian: order == 0x4D4D, bytes)
        })
        var code: Int32 = 0
        guard let opened = cull_libraw_open(&source, Self.maxMemoryMB, &code) else {
            Unmanaged<Context>.fromOpaque(retained).release()
            return nil
        }
        handle = opened
        result = code
    }

    deinit {
        cull_libraw_close(handle)
        Unmanaged<Context>.fromOpaque(retained).release()
    }

    /// What LibRaw learned (read in place: the structure is hundreds of kilobytes).
    var data: UnsafeMutablePointer<libraw_data_t> { cull_libraw_data(handle) }

    /// The TIFF/EXIF entries LibRaw's parser met.
    var tags: LibRawTags { context.tags }

    /// Why the last call failed, in LibRaw's words (or Cull's, when the budget or a read ran out).
    func reason(_ code: Int32) -> String {
        if cull_libraw_read_failed(handle) != 0 { return context.file.readFailure ?? "a read failed" }
        if cull_libraw_budget_exceeded(handle) != 0 { return "LibRaw read past its budget of bytes" }
        return String(cString: cull_libraw_strerror(code))
    }

    /// Whether a read of the file failed (the file is unreadable, not damaged).
    var readFailed: Bool { cull_libraw_read_failed(handle) != 0 }

    /// The output size LibRaw computes (Fuji's rotated sensors and pixel aspect accounted for), as
    /// stored: the sides are not swapped for the orientation, which ``MediaMetadata`` applies.
    func outputSize() -> (width: Int, height: Int)? {
        guard cull_libraw_adjust_sizes(handle) == 0 else { return nil }
        let sizes = data.pointee.sizes
        var (width, height) = (Int(sizes.width), Int(sizes.height))
        if sizes.flip & 4 != 0 { swap(&width, &height) }
        return width > 0 && height > 0 ? (width, height) : nil
    }

    /// The embedded preview LibRaw chose (its largest): JPEG bytes, or an 8-bit bitmap.
    enum Preview {
        case jpeg([UInt8])
        case bitmap(width: Int, height: Int, channels: Int, pixels: [UInt8])
    }

    /// Reads the preview, or says why there is none.
    func preview() -> Result<Preview, LibRawFailure> {
        let thumbnail = data.pointee.thumbnail
        guard thumbnail.tlength > 0 else { return .failure(LibRawFailure(reason: "no embedded preview")) }
        let code = cull_libraw_unpack_thumb(handle, Self.maxPreviewBytes, Int64(thumbnail.tlength) + (1 << 20))
        guard code == 0 else {
            let why = code == LIBRAW_TOO_BIG.rawValue ? "preview of \(thumbnail.tlength) bytes (limit \(Self.maxPreviewBytes))" : reason(code)
            return .failure(LibRawFailure(reason: why, unreadable: readFailed))
        }
        let unpacked = data.pointee.thumbnail
        guard let pointer = unpacked.thumb, unpacked.tlength > 0 else { return .failure(LibRawFailure(reason: "empty preview")) }
        let bytes = pointer.withMemoryRebound(to: UInt8.self, capacity: Int(unpacked.tlength)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(unpacked.tlength)))
        }
        switch unpacked.tformat {
        case LIBRAW_THUMBNAIL_JPEG:
            return .success(.jpeg(bytes))
        case LIBRAW_THUMBNAIL_BITMAP:
            let (width, height, channels) = (Int(unpacked.twidth), Int(unpacked.theight), Int(unpacked.tcolors))
            guard width > 0, height > 0, channels == 1 || channels == 3, width * height * channels <= bytes.count else {
                return .failure(LibRawFailure(reason: "a \(width)×\(height) bitmap preview with \(bytes.count) bytes"))
            }
            return .success(.bitmap(width: width, height: height, channels: channels, pixels: Array(bytes.prefix(width * height * channels))))
        default:
            return .failure(LibRawFailure(reason: "a preview in a format Cull does not decode"))
        }
    }
}

/// A NUL-terminated C string held in a fixed array of a LibRaw structure, as text (nil when blank).
func libRawText<T>(_ field: T) -> String? {
    withUnsafeBytes(of: field) { TIFFStructure.text(Array($0)[...]) }
}

/// Why LibRaw gave no preview.
struct LibRawFailure: Error {
    let reason: String
    var unreadable = false
}

/// The TIFF/EXIF entries of one file as LibRaw's parser met them: the first of each wins. LibRaw
/// 0.20 numbers a TIFF IFD's entries `(IFD + 1) << 20 | tag` (IFD0 is 0x100000; Panasonic's RW2
/// IFD0 is 0x30000 | tag) and the EXIF IFD's plainly.
struct LibRawTags {
    var make: String?
    var model: String?
    var software: String?
    var orientation: Int?
    var width: Int?
    var height: Int?
    var dateOriginal: [UInt8]?
    var dateDigitized: [UInt8]?
    var subsecondOriginal: String?
    var subsecondDigitized: String?
    var offsetOriginal: String?
    var offsetDigitized: String?
    var lens: String?

    mutating func take(tag: Int, type: Int, count: Int, bigEndian: Bool, _ value: [UInt8]) {
        let number = tag & 0xFFFF
        let isIFD0 = tag >> 16 == 0x10 || tag >> 16 == 0x3
        let isExif = tag >> 16 == 0
        func text() -> String? { TIFFStructure.text(value[...]) }
        func unsigned() -> Int? {
            switch type {
            case 3 where value.count >= 2:
                return Int(bigEndian ? UInt16(value[0]) << 8 | UInt16(value[1]) : UInt16(value[1]) << 8 | UInt16(value[0]))
            case 4 where value.count >= 4:
                let bytes = bigEndian ? value[0 ..< 4] : value[0 ..< 4].reversed()[...]
                return bytes.reduce(0) { $0 << 8 | Int($1) }
            default:
                return nil
            }
        }
        func set<T>(_ keyPath: WritableKeyPath<LibRawTags, T?>, _ found: T?) {
            if self[keyPath: keyPath] == nil, let found { self[keyPath: keyPath] = found }
        }
        if isIFD0 {
            switch number {
            case 0x010F: set(\.make, text())
            case 0x0110: set(\.model, text())
            case 0x0131: set(\.software, text())
            case 0x0112: set(\.orientation, unsigned().flatMap { (1 ... 8).contains($0) ? $0 : nil })
            case 0x0100: set(\.width, unsigned().flatMap { $0 > 0 ? $0 : nil })
            case 0x0101: set(\.height, unsigned().flatMap { $0 > 0 ? $0 : nil })
            default: break
            }
        } else if isExif, type == 2 || type == 7 {
            switch number {
            case 0x9003: set(\.dateOriginal, value)
            case 0x9004: set(\.dateDigitized, value)
            case 0x9291: set(\.subsecondOriginal, text())
            case 0x9292: set(\.subsecondDigitized, text())
            case 0x9011: set(\.offsetOriginal, text())
            case 0x9012: set(\.offsetDigitized, text())
            case 0xA434: set(\.lens, text().flatMap { $0.hasPrefix("----") ? nil : $0 })
            default: break
            }
        }
    }
}
