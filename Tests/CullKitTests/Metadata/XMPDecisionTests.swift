import Foundation
import Testing

@testable import CullKit

extension MetadataTests {
    /// Keywords, labels, picks and people, embedded and in sidecars, read with libexpat and checked
    /// against ExifTool's reading of files ExifTool wrote (`exiftool -json -G1 -a`).
    @Suite struct XMPDecisionTests {
        /// ExifTool's reading of `tags` in `file`, each as a list of strings.
        static func oracle(_ file: String, _ tags: [String]) throws -> [String: [String]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["exiftool", "-json", "-G1", "-a"] + tags.map { "-" + $0 } + [file]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let record = try #require((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
            var result: [String: [String]] = [:]
            for (key, value) in record where key != "SourceFile" {
                result[key] = (value as? [Any] ?? [value]).map { "\($0)" }
            }
            return result
        }

        @Test func embeddedKeywordsLabelsAndFaceRegionsMatchExifTool() throws {
            let folder = TemporaryDirectory()
            try Tools.run("convert", ["-size", "64x48", "xc:gray", "a.jpg"], in: folder.path)
            try Tools.exiftool([["-XMP-dc:Subject=Family", "-XMP-dc:Subject=Beach", "-XMP-lr:HierarchicalSubject=Places|France|Paris",
                                 "-XMP-digiKam:TagsList=Events/Wedding", "-XMP-digiKam:TagsList=People/Carol", "-XMP-xmp:Label=Red",
                                 "-XMP-mwg-rs:RegionInfo={AppliedToDimensions={W=64,H=48,Unit=pixel},RegionList=[{Area={X=0.5,Y=0.5,W=0.1,H=0.1,Unit=normalized},Name=Alice,Type=Face},{Area={X=0.2,Y=0.2,W=0.1,H=0.1,Unit=normalized},Name=Rex,Type=Pet}]}",
                                 "-XMP-MP:RegionInfoMP={Regions=[{PersonDisplayName=Bob}]}", "a.jpg"]], in: folder.path)
            let file = folder.path + "/a.jpg"
            let exiftool = try Self.oracle(file, ["Subject", "HierarchicalSubject", "TagsList", "Label", "RegionName", "RegionType",
                                                  "RegionPersonDisplayName"])
            let m = try MetadataReaders.read(path: file)
            let faces = zip(exiftool["XMP-mwg-rs:RegionName"] ?? [], exiftool["XMP-mwg-rs:RegionType"] ?? []).filter { $0.1 == "Face" }.map(\.0)
            let digiKam = (exiftool["XMP-digiKam:TagsList"] ?? []).map { $0.replacingOccurrences(of: "/", with: "|") }
            #expect(m.people == (faces + (exiftool["XMP-MP:RegionPersonDisplayName"] ?? [])
                                 + digiKam.filter { $0.hasPrefix("People|") }.map { String($0.dropFirst(7)) }).sorted())
            #expect(m.tags == ((exiftool["XMP-dc:Subject"] ?? []) + (exiftool["XMP-lr:HierarchicalSubject"] ?? [])
                               + digiKam.filter { !$0.hasPrefix("People|") }).sorted())
            #expect(m.labels == (exiftool["XMP-xmp:Label"] ?? []).map { $0.lowercased() })
            #expect(m.people == ["Alice", "Bob", "Carol"])
        }

        @Test func iptcKeywordsAndDateMatchExifTool() throws {
            let folder = TemporaryDirectory()
            try Tools.run("convert", ["-size", "64x48", "xc:gray", "b.jpg"], in: folder.path)
            try Tools.exiftool([["-IPTC:CodedCharacterSet=UTF8", "-IPTC:Keywords=Hiking", "-IPTC:Keywords=\u{C9}t\u{E9}",
                                 "-IPTC:DateCreated=2003:04:05", "-IPTC:TimeCreated=06:07:08+02:00", "b.jpg"]], in: folder.path)
            let file = folder.path + "/b.jpg"
            let exiftool = try Self.oracle(file, ["Keywords"])
            let m = try MetadataReaders.read(path: file)
            #expect(m.tags == (exiftool["IPTC:Keywords"] ?? []).map(UnicodeForm.nfc).sorted())
            #expect(m.iptcDate == CaptureDate(local: 1_049_522_828, offsetMinutes: 120))
        }

        @Test func picksAndLabelsOfDigiKamDarktableAndBridge() {
            let m = XMPReader.parse(Array("""
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description xmlns:darktable="http://darktable.sf.net/" xmlns:digiKam="http://www.digikam.org/ns/1.0/"
                  xmlns:xmpDM="http://ns.adobe.com/xmp/1.0/DynamicMedia/" digiKam:ColorLabel="9" xmpDM:pick="1">
                  <darktable:colorlabels><rdf:Seq><rdf:li>0</rdf:li><rdf:li>4</rdf:li></rdf:Seq></darktable:colorlabels>
                </rdf:Description></rdf:RDF></x:xmpmeta>
                """.utf8)[...])
            #expect(m.labels == ["purple", "red", "white"])
            #expect(m.pick == 1)
            let rejected = XMPReader.parse(Array(#"<rdf:Description xmlns:digiKam="http://www.digikam.org/ns/1.0/" digiKam:PickLabel="1"/>"#.utf8)[...])
            #expect(rejected.pick == -1)
        }

        @Test func entityAmplificationAndHugePacketsAreRefusedBounded() {
            // A billion laughs: a DOCTYPE stops the parse before any entity is expanded.
            var bomb = "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\">"
            for level in 1...9 { bomb += "<!ENTITY \(Character(Unicode.Scalar(97 + level)!)) \"" + String(repeating: "&\(Character(Unicode.Scalar(96 + level)!));", count: 10) + "\">" }
            bomb += "]><x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:Description xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:subject><rdf:Bag><rdf:li>&j;</rdf:li></rdf:Bag></dc:subject><xmp:Rating>5</xmp:Rating></rdf:Description></x:xmpmeta>"
            let m = XMPReader.parse(Array(bomb.utf8)[...])
            #expect(m.tags.isEmpty && m.rating == nil)
            // A million keywords: a bounded number is kept.
            let many = "<rdf:Description xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:subject><rdf:Bag>"
                + String(repeating: "<rdf:li>k</rdf:li>", count: 200_000).replacingOccurrences(of: ">k<", with: ">k<") + "</rdf:Bag></dc:subject></rdf:Description>"
            #expect(XMPReader.parse(Array(many.utf8)[...]).tags == ["k"])
            // Elements nested past the limit stop the parse.
            let deep = String(repeating: "<a>", count: 100_000) + "<xmp:Rating>5</xmp:Rating>"
            #expect(XMPReader.parse(Array(deep.utf8)[...]).rating == nil)
        }
    }
}
