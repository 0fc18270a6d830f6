/// The one table of camera RAW formats: which extensions name them, which container each is and
/// who reads it.
///
/// - TIFF-based RAWs (DNG, CR2, NEF/NRW, ARW/SRF/SR2, ORF, RW2/RWL, PEF, SRW, 3FR, FFF, ERF, KDC,
///   DCR, MEF, MOS) are read by Cull's own TIFF reader (``RawReader``); their extension tells the
///   camera formats apart where the header does not (a PEF and a plain TIFF look the same).
/// - CR3 is read by Cull's own ISO-BMFF and TIFF readers (``CR3Reader``), RAF by its own header and
///   its camera JPEG's EXIF (``RAFReader``); they alone judge damage. LibRaw is then asked whether it
///   can decode the file (one it declines is `declined`, never broken), fills what they left out (a
///   RAF's size) and gives the preview.
/// - CRW, MRW, IIQ and ARI, and any RAW-named file whose magic Cull does not know, go to LibRaw
///   (``LibRawReader``): identification, capture time, camera, lens, orientation, size and the
///   embedded preview. A file LibRaw cannot open is `declined` with LibRaw's reason.
/// - Sigma's X3F (``X3FReader``) and the Contax N Digital's `.raw` (``KyoceraReader``), which LibRaw
///   0.20 does not read for Cull, from their own headers.
enum RawFormats {
    /// Every RAW format.
    static let all: Set<MediaFormat> = [
        .dng, .cr2, .nef, .arw, .orf, .rw2, .cr3, .crw, .raf, .mrw, .x3f, .iiq, .pef, .srw, .threeFR, .fff, .erf,
        .kdc, .dcr, .mef, .mos, .ari, .kyocera,
    ]

    /// The formats LibRaw reads for Cull (the TIFF reader reads the rest). LibRaw also judges CR3s
    /// for decoding and previews, read by ``CR3Reader``.
    static let readByLibRaw: Set<MediaFormat> = [.cr3, .crw, .raf, .mrw, .iiq, .ari]

    /// The RAW format each lowercase extension names. Not `.raw`: too many tools name anything so
    /// (a disk image, another tool's sensor dump, a plain TIFF); see ``checkedExtension``.
    static let byExtension: [String: MediaFormat] = [
        "dng": .dng, "cr2": .cr2, "nef": .nef, "nrw": .nef, "arw": .arw, "srf": .arw, "sr2": .arw,
        "orf": .orf, "ori": .orf, "rw2": .rw2, "rwl": .rw2, "cr3": .cr3, "crw": .crw, "raf": .raf,
        "mrw": .mrw, "x3f": .x3f, "iiq": .iiq, "pef": .pef, "ptx": .pef, "srw": .srw, "3fr": .threeFR,
        "fff": .fff, "erf": .erf, "kdc": .kdc, "dcr": .dcr, "mef": .mef, "mos": .mos, "ari": .ari,
    ]

    /// The extension whose files are media only when their first bytes are a camera's RAW: the
    /// Contax N Digital's header, or Panasonic's (early Lumix and Leica cameras wrote `.RAW`).
    static let checkedExtension = "raw"
    /// The formats a `.raw` file may be.
    static let checkedFormats: Set<MediaFormat> = [.kyocera, .rw2]
    /// Bytes of a `.raw` file read to decide (Kyocera's mark ends at 32).
    static let checkedHeadSize = 32

    /// The RAW format a file name's extension names, or nil.
    static func format(forName name: some BidirectionalCollection<UInt8>) -> MediaFormat? {
        byExtension[PathBytes.lowercaseExtension(name)]
    }

    /// Whether a `.raw` file whose first bytes are `head` is a camera's RAW.
    static func isCameraRaw(head: [UInt8]) -> Bool {
        MetadataReaders.sniff(head).map(checkedFormats.contains) ?? false
    }

    /// Who reads a RAW format, and what the index gets from it.
    static func reader(of format: MediaFormat) -> (reader: String, gets: String) {
        switch format {
        case .x3f:
            return ("its own header and sections (LibRaw 0.20 dropped X3F)",
                    "date and camera (the JpgFromRaw's EXIF, else the PROP section), size and orientation; no preview")
        case .kyocera:
            return ("its own header (files named `.raw` are taken only with this header, or Panasonic's)",
                    "date, camera and lens; no size, no preview")
        case .cr3:
            return ("Cull's ISO-BMFF and TIFF readers; LibRaw for the preview",
                    "date (sub-seconds, offset), camera, lens, orientation, size, GPS, rating (XMP); LibRaw's largest preview")
        case .raf:
            return ("its own header and its camera JPEG's EXIF; LibRaw for the size",
                    "date (sub-seconds, offset), camera, lens, orientation, GPS; LibRaw's output size; the camera JPEG as preview")
        case .crw:
            return ("LibRaw", "date, camera (LibRaw's names: Canon's CIFF has no EXIF), orientation, output size, the preview")
        case _ where readByLibRaw.contains(format):
            return ("LibRaw", "date (sub-seconds, offset), camera, lens, orientation, output size, GPS, the largest preview")
        default:
            return ("Cull's TIFF reader", "date (sub-seconds, offset), camera, lens, orientation, size, GPS, the JPEG previews (else LibRaw's)")
        }
    }

    /// The formats table of `docs/rules.md`: each format with its extensions, in the order of ``MediaFormat``.
    static var reference: [(format: MediaFormat, extensions: [String], reader: String, gets: String)] {
        MediaFormat.allCases.filter(\.isRaw).map { format in
            let (reader, gets) = reader(of: format)
            var extensions = byExtension.filter { $0.value == format }.map(\.key)
            if format == .kyocera { extensions.append(checkedExtension) }
            return (format, extensions.sorted(), reader, gets)
        }
    }
}
