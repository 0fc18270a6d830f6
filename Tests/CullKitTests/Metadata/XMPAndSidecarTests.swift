import Foundation
import Testing

@testable import CullKit

extension MetadataTests {
    @Suite struct XMPReaderTests {
        private func parse(_ xml: String) -> MediaMetadata { XMPReader.parse(Array(xml.utf8)[...]) }

        @Test func readsAttributeForm() {
            let m = parse("""
                <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                  xmlns:tiff="http://ns.adobe.com/tiff/1.0/" xmlns:exif="http://ns.adobe.com/exif/1.0/"
                  xmp:Rating='-1' xmp:CreateDate="2019-01-02T03:04:05" tiff:Make="Fujifilm &amp; Co"
                  tiff:Model="X-T3" tiff:Orientation="8" exif:PixelXDimension="6240" exif:PixelYDimension="4160"
                  exif:GPSLatitude="48,51.405N" exif:GPSLongitude="2,21,0W" xmp:CreatorTool="Capture One"/>
                </rdf:RDF></x:xmpmeta><?xpacket end="w"?>
                """)
            #expect(m.rating == -1)
            #expect(m.xmpDate == CaptureDate(local: 1_546_398_245))
            #expect(m.make == "Fujifilm & Co")
            #expect(m.model == "X-T3")
            #expect(m.orientation == 8)
            #expect(m.width == 6240)
            #expect(m.height == 4160)
            #expect(abs((m.latitude ?? 0) - 48.85675) < 1e-9)
            #expect(abs((m.longitude ?? 0) + 2.35) < 1e-9)
            #expect(m.software == "Capture One")
        }

        @Test func readsElementFormWithAltListsAndCustomPrefixes() {
            let m = parse("""
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description xmlns:e="http://ns.adobe.com/exif/1.0/" xmlns:ps="http://ns.adobe.com/photoshop/1.0/"
                  xmlns:xap="http://ns.adobe.com/xap/1.0/" xmlns:exifEX="http://cipa.jp/exif/1.0/">
                 <!-- <xap:Rating>1</xap:Rating> -->
                 <xap:Rating>3.0</xap:Rating>
                 <xap:CreateDate>2001-01-01</xap:CreateDate>
                 <ps:DateCreated>2010-05-06T07:08:09.5+02:00</ps:DateCreated>
                 <e:UserComment><rdf:Alt><rdf:li xml:lang="x-default">Screenshot</rdf:li>
                   <rdf:li xml:lang="de">Bildschirmfoto</rdf:li></rdf:Alt></e:UserComment>
                 <e:Flash rdf:parseType="Resource"><e:Fired>False</e:Fired></e:Flash>
                 <exifEX:LensModel><![CDATA[XF16-55mm]]></exifEX:LensModel>
                </rdf:Description></rdf:RDF></x:xmpmeta>
                """)
            #expect(m.rating == 3)
            #expect(m.xmpDate == CaptureDate(local: 1_273_129_689, offsetMinutes: 120)) // photoshop before xmp
            #expect(m.userComment == "Screenshot")
            #expect(m.lens == "XF16-55mm")
        }

        @Test func exifDateTimeOriginalWinsAndGarbageIsHarmless() {
            let m = parse("""
                <rdf:Description exif:DateTimeOriginal="2020-02-29T23:59:59Z" photoshop:DateCreated="2001-01-01"
                 tiff:ImageWidth="10" tiff:ImageLength="20" xmp:Rating="five"/>
                """)
            #expect(m.xmpDate == CaptureDate(local: 1_583_020_799, offsetMinutes: 0))
            #expect(m.width == 10)
            #expect(m.rating == nil)
            for junk in ["", "<", "<<>>", "<a b=>", "<a b='", "</x>", "<!--", "<![CDATA[", "&#xFFFFFFFF;", "<xmp:Rating>&"] {
                _ = parse(junk)
            }
            let full = Array(#"<rdf:Description xmp:Rating="5"><tiff:Make>Leica</tiff:Make></rdf:Description>"#.utf8)
            for length in 0 ... full.count { _ = XMPReader.parse(full.prefix(length)) }
            #expect(XMPReader.parse(full[...]).make == "Leica")
        }
    }

    @Suite struct SidecarReaderTests {
        @Test func readsTakeoutJSON() throws {
            let file = try TempFile(text: """
                {"title": "IMG_1.jpg", "photoTakenTime": {"timestamp": "1577836800", "formatted": "1 Jan 2020"},
                 "favorited": true, "geoData": {"latitude": 0.0, "longitude": 0.0},
                 "geoDataExif": {"latitude": 52.5, "longitude": 13.25}}
                """, suffix: ".json")
            defer { file.remove() }
            let m = try SidecarReader.readTakeoutJSON(path: file.path)
            #expect(m.takeoutDate == CaptureDate(local: 1_577_836_800, offsetMinutes: 0))
            #expect(m.takeoutDate?.utc == 1_577_836_800)
            #expect(m.favorite == true)
            #expect(m.latitude == 52.5)
            #expect(m.longitude == 13.25)
        }

        @Test func takeoutWithoutLocationOrFavorite() throws {
            let file = try TempFile(text: #"{"photoTakenTime": {"timestamp": 86400}, "geoData": {"latitude": 0, "longitude": 0}}"#,
                                    suffix: ".json")
            defer { file.remove() }
            let m = try SidecarReader.readTakeoutJSON(path: file.path)
            #expect(m.takeoutDate?.local == 86400)
            #expect(m.latitude == nil)
            #expect(m.favorite == nil)
        }

        @Test func malformedTakeoutThrows() throws {
            for text in ["", "[1,2]", "{\"photoTakenTime\":"] {
                let file = try TempFile(text: text, suffix: ".json")
                defer { file.remove() }
                #expect(throws: MetadataError.self) { try SidecarReader.readTakeoutJSON(path: file.path) }
            }
            #expect(throws: MetadataError.self) { try SidecarReader.readTakeoutJSON(path: "/nonexistent/x.json") }
        }

        @Test func readsXMPSidecarAndSidecarWins() throws {
            let file = try TempFile(text: #"<x:xmpmeta><rdf:Description xmp:Rating="5" tiff:Make="Sidecar"/></x:xmpmeta>"#,
                                    suffix: ".xmp")
            defer { file.remove() }
            let sidecar = try SidecarReader.readXMP(path: file.path)
            var embedded = MediaMetadata()
            embedded.make = "Camera"
            embedded.width = 10
            embedded.override(with: sidecar)
            #expect(embedded.rating == 5)
            #expect(embedded.make == "Sidecar")
            #expect(embedded.width == 10)
        }
    }
}
