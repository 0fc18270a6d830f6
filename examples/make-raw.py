#!/usr/bin/env python3
"""make-raw.py OUT PREVIEW.jpg THUMB.rgb W H DATE MAKE MODEL: a small TIFF-based camera RAW for
examples/library, laid out as a NEF is: IFD0 an uncompressed RGB thumbnail (W×H, from THUMB.rgb,
raw 8-bit RGB), with the camera's make and model and an EXIF IFD holding DateTimeOriginal, and a
SubIFD pointing at the camera's JPEG preview (JPEGInterchangeFormat). No sensor data: like the
stripped samples ExifTool ships, it carries the headers and preview a viewer reads."""
import struct, sys

def tiff(preview: bytes, thumb: bytes, width: int, height: int, date: str, make: str, model: str) -> bytes:
    entries_ifd0, entries_sub, entries_exif = [], [], []
    blobs = []  # (key, bytes) placed after the IFDs

    def ascii(text):
        return text.encode() + b"\0"

    # Layout: header, IFD0, SubIFD, EXIF IFD, then the values too large for an entry, the thumbnail, the preview.
    def ifd_size(n): return 2 + 12 * n + 4
    ifd0_tags = 13; sub_tags = 3; exif_tags = 1
    offset = 8
    ifd0_at = offset; offset += ifd_size(ifd0_tags)
    sub_at = offset; offset += ifd_size(sub_tags)
    exif_at = offset; offset += ifd_size(exif_tags)
    data = bytearray()
    def place(value: bytes) -> int:
        nonlocal offset
        at = offset + len(data)
        data.extend(value)
        if len(data) % 2: data.append(0)
        return at
    bits = place(struct.pack("<3H", 8, 8, 8))
    make_at = place(ascii(make)); model_at = place(ascii(model)); date_at = place(ascii(date))
    thumb_at = place(thumb); preview_at = place(preview)

    def entry(tag, kind, count, value):
        return struct.pack("<HHI", tag, kind, count) + (struct.pack("<I", value) if kind != 3 or count > 2 else struct.pack("<HH", value, 0))
    ifd0 = [entry(0x00FE, 4, 1, 1), entry(0x0100, 4, 1, width), entry(0x0101, 4, 1, height), entry(0x0102, 3, 3, bits),
            entry(0x0103, 3, 1, 1), entry(0x0106, 3, 1, 2), entry(0x010F, 2, len(ascii(make)), make_at),
            entry(0x0110, 2, len(ascii(model)), model_at), entry(0x0111, 4, 1, thumb_at), entry(0x0115, 3, 1, 3),
            entry(0x0117, 4, 1, len(thumb)), entry(0x014A, 4, 1, sub_at), entry(0x8769, 4, 1, exif_at)]
    sub = [entry(0x00FE, 4, 1, 1), entry(0x0201, 4, 1, preview_at), entry(0x0202, 4, 1, len(preview))]
    exif = [entry(0x9003, 2, len(ascii(date)), date_at)]
    assert len(ifd0) == ifd0_tags and len(sub) == sub_tags and len(exif) == exif_tags
    def ifd(items): return struct.pack("<H", len(items)) + b"".join(items) + struct.pack("<I", 0)
    return b"II*\0" + struct.pack("<I", ifd0_at) + ifd(ifd0) + ifd(sub) + ifd(exif) + bytes(data)

if __name__ == "__main__":
    out, preview, thumb, width, height, date, make, model = sys.argv[1:9]
    with open(out, "wb") as f:
        f.write(tiff(open(preview, "rb").read(), open(thumb, "rb").read(), int(width), int(height), date, make, model))
