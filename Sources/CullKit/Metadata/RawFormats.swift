/// The one table of camera RAW formats: which extensions name them, which container each is and
/// who reads it.
///
/// - TIFF-based RAWs (DNG, CR2, NEF/NRW, ARW/SRF/SR2, ORF, RW2/RWL, PEF, SRW, 3FR, FFF, ERF, KDC,
///   DCR, MEF, MOS) are read by Cull's own TIFF reader (``RawReader``); their extension tells the
///   camera formats apart where the header does not (a PEF and a plain TIFF look the same).
/// - CR3, RAF, CRW, MRW, IIQ and ARI, and any RAW-named file whose magic Cull does not know, go to
///   LibRaw (``LibRawReader``): identification, capture time, camera, lens, orientation, size and
///   the embedded preview.
/// - Sigma's X3F is read by neither (LibRaw 0.20 dropped it): it is a RAW photo from its
///   extension, with the size and rotation of its own header (``X3FHeader``).
enum RawFormats {
    /// Every RAW format.
    static let all: Set<MediaFormat> = [
        .dng, .cr2, .nef, .arw, .orf, .rw2, .cr3, .crw, .raf, .mrw, .x3f, .iiq, .pef, .srw, .threeFR, .fff, .erf,
        .kdc, .dcr, .mef, .mos, .ari,
    ]

    /// The formats LibRaw reads for Cull (the TIFF reader reads the rest).
    static let readByLibRaw: Set<MediaFormat> = [.cr3, .crw, .raf, .mrw, .iiq, .ari]

    /// The RAW format each lowercase extension names. Not `.raw`: too many tools name anything so
    /// (a Panasonic `.RAW` with RW2's magic is read as one wherever it is found by another name).
    static let byExtension: [String: MediaFormat] = [
        "dng": .dng, "cr2": .cr2, "nef": .nef, "nrw": .nef, "arw": .arw, "srf": .arw, "sr2": .arw,
        "orf": .orf, "ori": .orf, "rw2": .rw2, "rwl": .rw2, "cr3": .cr3, "crw": .crw, "raf": .raf,
        "mrw": .mrw, "x3f": .x3f, "iiq": .iiq, "pef": .pef, "ptx": .pef, "srw": .srw, "3fr": .threeFR,
        "fff": .fff, "erf": .erf, "kdc": .kdc, "dcr": .dcr, "mef": .mef, "mos": .mos, "ari": .ari,
    ]

    /// The RAW format a file name's extension names, or nil.
    static func format(forName name: some BidirectionalCollection<UInt8>) -> MediaFormat? {
        byExtension[PathBytes.lowercaseExtension(name)]
    }

    /// Who reads a RAW format, and what the index gets from it.
    static func reader(of format: MediaFormat) -> (reader: String, gets: String) {
        if format == .x3f { return ("its own header (LibRaw 0.20 dropped X3F)", "size and orientation; no date, camera or preview") }
        if format == .crw {
            return ("LibRaw", "date, camera (LibRaw's names: Canon's CIFF has no EXIF), orientation, output size, the preview")
        }
        if readByLibRaw.contains(format) {
            return ("LibRaw", "date (sub-seconds, offset), camera, lens, orientation, output size, GPS, the largest preview")
        }
        return ("Cull's TIFF reader", "date (sub-seconds, offset), camera, lens, orientation, size, GPS, the JPEG previews (else LibRaw's)")
    }

    /// The formats table of `docs/rules.md`: each format with its extensions, in the order of ``MediaFormat``.
    static var reference: [(format: MediaFormat, extensions: [String], reader: String, gets: String)] {
        MediaFormat.allCases.filter(\.isRaw).map { format in
            let (reader, gets) = reader(of: format)
            return (format, byExtension.filter { $0.value == format }.map(\.key).sorted(), reader, gets)
        }
    }
}
